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

/// What a check tells the process that runs it, one line each, before the fact: a walk
/// starts, a step is about to run, something else is about to run; and after it: a failure
/// found, the check done. When the child crashes or hangs, the last lines say where.
final class Channel {
    enum Message {
        case walk(WalkStart)
        case step(String)
        case doing(String)
        case failure(ConformanceFailure)
        case done(keys: Int)
    }

    /// The descriptor to the parent; nil in process, where only failures are kept.
    private let descriptor: Int32?
    private(set) var failures: [ConformanceFailure] = []

    init(descriptor: Int32? = nil) {
        self.descriptor = descriptor
    }

    func send(_ message: Message) {
        if case .failure(let failure) = message { failures.append(failure) }
        guard let descriptor else { return }
        let line: String
        switch message {
        case .walk(let start): line = "w " + Self.json(start)
        case .step(let text): line = "s " + text
        case .doing(let text): line = "a " + text
        case .failure(let failure): line = "f " + Self.json(failure)
        case .done(let keys): line = "e \(keys)"
        }
        var bytes = Array(line.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n").utf8) + [10]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }

    static func json<T: Encodable>(_ value: T) -> String {
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }
}
