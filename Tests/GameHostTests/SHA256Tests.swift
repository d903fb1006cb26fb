import Foundation
@testable import GameHost
import Testing

/// The in-repo SHA-256, against FIPS 180-4's vectors, and key fingerprints against ssh-keygen.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func aMillionAsAndEveryLengthAroundABlock() {
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55, 56 and 64 bytes pad into one block or two.
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 55)))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 56)))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 64)))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func aKeysFingerprintIsWhatSSHKeygenPrints() throws {
        // Printed by `ssh-keygen -lf` for this key: "256 SHA256:FtISXBHVu+ZtIuMfqp8jqsAjds0BQYM2Pp7wdraxGnQ x (ED25519)".
        let key = AuthorizedKey(type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIKugDxWu/UE29h7zGuDOrnJr8KSoPe738OLr0jBDL+1s")
        #expect(key?.fingerprint == "SHA256:FtISXBHVu+ZtIuMfqp8jqsAjds0BQYM2Pp7wdraxGnQ")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen") else { return }
        let folder = HostingTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for type in ["ed25519", "ecdsa", "rsa"] {
            let file = folder + "/" + type
            #expect(try Self.run(["/usr/bin/ssh-keygen", "-q", "-t", type, "-N", "", "-C", "t", "-f", file]) != nil)
            let line = try String(contentsOfFile: file + ".pub", encoding: .utf8)
            let key = try #require(AuthorizedKey.parse(line: line.trimmed)?.key)
            let printed = try #require(try Self.run(["/usr/bin/ssh-keygen", "-l", "-E", "sha256", "-f", file + ".pub"]))
            #expect(printed.split(separator: " ").dropFirst().first.map(String.init) == key.fingerprint, "\(printed)")
        }
    }

    static func run(_ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
