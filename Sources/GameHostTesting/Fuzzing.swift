#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the fuzz targets (Fuzz/, built by Scripts/fuzz.sh) share with the tests that replay
/// their inputs on every `swift test`.
///
/// A target's check is a function from bytes to problems, kept in a test target beside the
/// code it checks, so libFuzzer and Swift Testing run the very same code on an input.
public enum Fuzzing {
    /// Runs a check on libFuzzer's input; a problem aborts, so libFuzzer saves the input.
    public static func run(_ data: UnsafePointer<UInt8>, _ size: Int, _ check: ([UInt8]) -> [String]) -> CInt {
        let problems = check(Array(UnsafeBufferPointer(start: data, count: size)))
        guard problems.isEmpty else {
            StandardError.write("fuzz check failed:\n" + problems.joined(separator: "\n") + "\n")
            abort()
        }
        return 0
    }

    /// Too many lines, a line wider than the frame, or a control character in a frame.
    public static func frameProblems(_ frame: Frame, size: Size, context: String) -> [String] {
        FrameChecks.problems(frame, size: size, context: context)
    }

    /// The seed corpus (`Fuzz/Corpus/<target>/`) and the inputs that once found a bug
    /// (`Fuzz/Regressions/<target>/`), as "folder/name" and bytes.
    public static func savedInputs(_ target: String) -> [(name: String, bytes: [UInt8])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz")
        return ["Corpus", "Regressions"].flatMap { kind in
            let folder = root.appendingPathComponent(kind).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().filter { !$0.hasPrefix(".") }.map { name in
                ("\(kind)/\(target)/\(name)",
                 Array(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()))
            }
        }
    }

    /// Every saved input of a target through its check: the problems, each with the
    /// input's file, or one problem when there are no inputs (a wrong folder must not pass).
    public static func replay(_ target: String, _ check: ([UInt8]) -> [String]) -> [String] {
        let inputs = savedInputs(target)
        guard !inputs.isEmpty else { return ["no inputs in Fuzz/Corpus/\(target) or Fuzz/Regressions/\(target)"] }
        return inputs.flatMap { input in check(input.bytes).map { "\(input.name): \($0)" } }
    }

    /// A data directory of its own for one input, with the input saved as `file` (a path
    /// inside it) when given; removed when `body` returns.
    public static func withDirectory(holding bytes: [UInt8] = [], as file: String? = nil,
                                     _ body: (String) -> [String]) -> [String] {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if let file {
            let path = directory + "/" + file
            try? FileManager.default.createDirectory(atPath: Path.folder(of: path),
                                                     withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return ["cannot write \(path)"] }
        }
        return body(directory)
    }
}
