/// Holds storage messages until there is a session to show them, then passes them on.
public final class NoticeCollector: @unchecked Sendable {
    private var notices: [String] = []
    private var destination: ((String) -> Void)?

    public init() {}

    public func add(_ notice: String) {
        if let destination { destination(notice) } else { notices.append(notice) }
    }

    public func drain() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    public func forward(to destination: @escaping (String) -> Void) {
        drain().forEach(destination)
        self.destination = destination
    }
}
