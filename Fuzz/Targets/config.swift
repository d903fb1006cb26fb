import GameHostTesting

// The check is Tests/ConformanceTests/ConfigFuzz.swift, so `swift test` replays inputs through it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzzing.run(data, size, ConfigFuzz.problems)
}
