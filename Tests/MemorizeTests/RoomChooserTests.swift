import Foundation
import GameHost
import GameHostTesting
@testable import Memorize
import Testing

/// The chooser in a room: every seat plays the opener's themes as they were when the room
/// opened, and nothing a room does is kept, so adding, editing and deleting themes and opening
/// the preferences are refused there, saying why, rather than done and lost.
@Suite struct RoomChooserTests {
    @Test func aRoomChoosesThemesButDoesNotChangeThem() throws {
        let driver = try TestDriver(games: [Fixture.entry], play: Fixture.entry.id, preferences: ["players": .integer(2)],
                                    seating: .room)
        #expect(driver.screenID == "memorize.chooser")
        let count = try #require(driver.chooser?.themes.count)
        for key in [Key.character("a"), .character("e"), .character("p")] {
            driver.press(key, from: Seat(1))
            #expect(driver.screenID == "memorize.chooser" && driver.chooser?.isEditing == false, "\(key)")
            #expect(driver.refusal == ChooserViewModel.roomText.text([]), "\(key): \(driver.refusal ?? "none")")
        }
        // Clicks on the buttons and intents sent straight are refused too.
        #expect(driver.click("Add") == true && driver.screenID == "memorize.chooser")
        for intent in [ChooserViewModel.Intent.add, .toggleEditing, .edit, .delete, .remove(0), .openPreferences] {
            driver.send(intent)
            #expect(driver.screenID == "memorize.chooser" && driver.chooser?.isEditing == false, "\(intent)")
        }
        #expect(driver.chooser?.themes.count == count)
        #expect(!driver.screenText(for: Seat(0)).contains("a add"), "the footer offers none of it")
        // Choosing a theme and playing it are everyone's.
        driver.press(Key.down, from: Seat(1))
        driver.press(Key.enter, from: Seat(0))
        #expect(driver.screenID == "memorize.game", "\(driver.screenIDs)")
    }
}
