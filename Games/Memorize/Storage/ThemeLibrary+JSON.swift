import GameHost

/// Saved themes read straight from the host's parsed JSON. With 10,000 themes JSONDecoder
/// took most of Memorize's start (the bench's row 5); this reads the same file several times
/// quicker. It takes only what it is sure of and returns nil for anything else (a wrong
/// type, a theme the model refuses), and the store then reads the file with JSONDecoder,
/// which decides and words what is wrong: a file reads the same either way.
extension ThemeLibrary {
    init?(json: JSONValue) {
        guard case .object(let file) = json, case .array(let items)? = file["themes"],
              let lastPlayedID = present(file["lastPlayedID"], \.integer),
              let savedNextID = present(file["nextID"], \.integer) else { return nil }
        var themes: [Theme] = []
        themes.reserveCapacity(items.count)
        for item in items {
            guard let theme = Theme(json: item) else { return nil }
            themes.append(theme)
        }
        guard let library = try? ThemeLibrary(themes: themes, lastPlayedID: lastPlayedID, savedNextID: savedNextID)
        else { return nil }
        self = library
    }
}

extension Theme {
    /// A theme as `init(from:)` reads it: the same keys, types and rules.
    init?(json: JSONValue) {
        guard case .object(let fields) = json, let id = fields["id"]?.integer,
              case .string(let name)? = fields["name"], let emojis = fields["emojis"].flatMap(strings),
              let pairCount = fields["pairCount"]?.integer,
              case .string(let colorName)? = fields["color"], let color = ThemeColor(rawValue: colorName),
              let removed = present(fields["removedEmojis"], strings),
              let theme = try? Theme(id: id, name: name, emojis: emojis, pairCount: pairCount, color: color,
                                     removedEmojis: removed ?? [])
        else { return nil }
        self = theme
    }
}

/// A member as `decodeIfPresent` reads it: `.some(nil)` when it is absent or null, nil when
/// it is there but `read` refuses it.
private func present<Value>(_ value: JSONValue?, _ read: (JSONValue) -> Value?) -> Value?? {
    guard let value else { return .some(nil) }
    if case .null = value { return .some(nil) }
    return read(value).map { .some($0) }
}

/// A list of strings, or nil when it is not one.
private func strings(_ value: JSONValue) -> [String]? {
    guard case .array(let items) = value else { return nil }
    var texts: [String] = []
    texts.reserveCapacity(items.count)
    for item in items {
        guard case .string(let text) = item else { return nil }
        texts.append(text)
    }
    return texts
}
