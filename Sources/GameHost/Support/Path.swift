#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File paths as text. NSString's path methods live in full Foundation, which GameHost does
/// not link, so the few it needs are here.
public enum Path {
    /// The folder part: "/a/b" → "/a", "/a" → "/", "b" → "".
    public static func folder(of path: String) -> String {
        let bytes = trimmed(path)
        guard let slash = bytes.lastIndex(of: slash) else { return "" }
        if slash == bytes.startIndex { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The last part: "/a/b" → "b", "/a/b/" → "b".
    public static func name(of path: String) -> String {
        let bytes = trimmed(path)
        guard let slash = bytes.lastIndex(of: slash), bytes.count > 1 else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
    }

    /// `folder/name`, with one slash between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return withoutTrailingSlashes(folder) == "/" ? "/" + name : withoutTrailingSlashes(folder) + "/" + name
    }

    /// `$HOME`, else the account's home folder, else "/".
    public static func home(_ environment: [String: String] = ProcessEnvironment.variables()) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// `path` with the home folder written `~`, as a player would type it.
    public static func abbreviatingHome(_ path: String, home: String = Path.home()) -> String {
        guard home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The running program's own file, with links resolved (`/proc/self/exe` on Linux).
    public static func executable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let first = CommandLine.arguments.first, first.hasPrefix("/") else { return nil }
        return first
        #endif
    }

    /// The folder for temporary files: `$TMPDIR`, else /tmp.
    public static func temporaryDirectory(_ environment: [String: String] = ProcessEnvironment.variables()) -> String {
        guard let folder = environment["TMPDIR"], folder.hasPrefix("/") else { return "/tmp" }
        return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    public static func currentDirectory() -> String { FileManager.default.currentDirectoryPath }

    /// Whether anything is at `path` (links followed). Plain `access`: FileManager sets
    /// itself up on first use, which showed in the cost of every start.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Makes `folder` and any missing folders above it; true when it is there afterwards.
    @discardableResult
    public static func makeFolders(_ folder: String) -> Bool {
        if mkdir(folder, 0o777) == 0 { return true }
        switch errno {
        case EEXIST:
            var status = stat()
            return stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        case ENOENT:
            let parent = Self.folder(of: folder)
            guard !parent.isEmpty, parent != folder, makeFolders(parent) else { return false }
            return mkdir(folder, 0o777) == 0 || errno == EEXIST
        default:
            return false
        }
    }

    /// The names in a folder, without "." and ".."; nil when it cannot be read. Plain readdir:
    /// FileManager's listing showed up in the cost of every start.
    public static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        String(decoding: trimmed(path), as: UTF8.self)
    }

    // Paths are bytes to the system: a slash is one wherever it stands, even before a
    // combining mark (which would hide it from a search by characters, and slow it down).
    private static let slash = UInt8(ascii: "/")

    /// The path's bytes without trailing slashes ("/" stays).
    private static func trimmed(_ path: String) -> Substring.UTF8View {
        var bytes = Substring(path).utf8
        while bytes.count > 1, bytes.last == slash { bytes = bytes.dropLast() }
        return bytes
    }
}
