import GameHostTesting

// The check is Tests/ConformanceTests/JournalFuzz.swift, so `swift test` replays inputs through it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzzing.run(data, size, JournalFuzz.problems)
}
