/// Holds storage messages until there is a session to show them, then passes them on.
public final class NoticeCollector: @unchecked Sendable {
    private var notices: [String] = []
    private var destination: ((String) -> Void)?

    /// A collector holding nothing.
    public init() {}

    /// Holds a message, or passes it on once there is somewhere to send it.
    public func add(_ notice: String) {
        if let destination { destination(notice) } else { notices.append(notice) }
    }

    /// The messages held so far, forgotten as they are returned.
    public func drain() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// Sends the held messages, and every later one, to `destination`.
    public func forward(to destination: @escaping (String) -> Void) {
        drain().forEach(destination)
        self.destination = destination
    }
}
