import Foundation

/// What a player can set, as one value; the schema in the module file names each field.
public struct GuessPreferences: Equatable, Sendable {
    public var highest: Int

    public init(highest: Int = 100) {
        self.highest = highest
    }
}
