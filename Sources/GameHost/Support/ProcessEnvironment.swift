#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment, as far as GameHost reads it.
public enum ProcessEnvironment {
    /// Every variable GameHost reads.
    public static let names = ["HOME", "TMPDIR", "TERM", "NO_COLOR", "COLUMNS", "LINES",
                               "XDG_CONFIG_HOME", "XDG_DATA_HOME", "LC_ALL", "LC_CTYPE", "LANG"]

    /// The variables of `names` that are set, by name. Looked up one by one with `getenv`:
    /// a dictionary of the whole environment (FoundationEssentials' `ProcessInfo` builds one,
    /// after setting itself up) showed in the cost of every start.
    public static func variables() -> [String: String] {
        var variables = [String: String](minimumCapacity: names.count)
        for name in names {
            if let text = value(name) { variables[name] = text }
        }
        return variables
    }

    /// One variable, nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
