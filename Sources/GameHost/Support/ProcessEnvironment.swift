#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables by name.
public enum ProcessEnvironment {
    /// Every variable (the first of a name, as `getenv` finds it). On Linux read straight
    /// from `environ`: FoundationEssentials' `ProcessInfo` sets itself up on first use
    /// (locks, arguments, host), which showed in the cost of every start.
    public static func variables() -> [String: String] {
        #if canImport(Glibc)
        var variables = [String: String](minimumCapacity: 64)
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }

    /// One variable, nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
