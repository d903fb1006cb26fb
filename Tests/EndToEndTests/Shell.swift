import Foundation

/// A bash script run to the end in a given folder, its output and errors read together.
/// For the install and completion tests, which drive scripts and shells rather than gamehost.
func shell(_ script: String, in folder: String = "/", environment: [String: String] = [:])
    throws -> (status: Int32, output: String) {
    let output = NSTemporaryDirectory() + "gamehost-shell-" + UUID().uuidString
    defer { unlink(output) }
    guard FileManager.default.createFile(atPath: output, contents: nil),
          let handle = FileHandle(forWritingAtPath: output) else { throw TmuxError("cannot write \(output)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus,
            String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self))
}

/// Text safe inside single quotes in bash.
func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The repository: Scripts/, config.json.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

func isInstalled(_ program: String) -> Bool {
    (try? shell("command -v \(program)"))?.status == 0
}
