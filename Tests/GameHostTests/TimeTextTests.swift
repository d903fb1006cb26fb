import Foundation
@testable import GameHost
import Testing

@Suite struct TimeTextTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func minutesAndSecondsRoundAndPad() {
        #expect(TimeText.minutesAndSeconds(0) == "0:00")
        #expect(TimeText.minutesAndSeconds(42.4) == "0:42")
        #expect(TimeText.minutesAndSeconds(59.5) == "1:00")
        #expect(TimeText.minutesAndSeconds(725) == "12:05")
        #expect(TimeText.minutesAndSeconds(4500) == "75:00")
    }

    @Test func minutesAndSecondsSurviveAnyNumber() {
        #expect(TimeText.minutesAndSeconds(-3) == "0:00")
        #expect(TimeText.minutesAndSeconds(.nan) == "0:00")
        #expect(TimeText.minutesAndSeconds(.infinity) == "0:00")
        #expect(TimeText.minutesAndSeconds(1e30) == "5940:00")
    }

    @Test func datesInUTCMatchKnownMoments() {
        #expect(TimeText.dateAndMinute(Date(timeIntervalSince1970: 0), in: utc) == "1970-01-01 00:00")
        // 2026-11-21 18:05:12 UTC
        #expect(TimeText.dateAndMinute(Date(timeIntervalSince1970: 1_795_284_312), in: utc) == "2026-11-21 18:05")
        #expect(TimeText.fileStamp(Date(timeIntervalSince1970: 1_795_284_312)) == "20261121-180512")
        // Leap day, and the last second of a century leap year.
        #expect(TimeText.fileStamp(Date(timeIntervalSince1970: 951_782_400)) == "20000229-000000")
        #expect(TimeText.fileStamp(Date(timeIntervalSince1970: 978_307_199)) == "20001231-235959")
        #expect(TimeText.fileStamp(Date(timeIntervalSince1970: -1)) == "19691231-235959")
    }

    /// Every day from 1900 to 2100 against the C library's own calendar.
    @Test func civilDatesAgreeWithGmtime() {
        for day in stride(from: -25_567, through: 47_482, by: 1) {
            var time = time_t(day * 86_400 + 45_296)
            var parts = tm()
            gmtime_r(&time, &parts)
            let ours = TimeText.utcParts(day * 86_400 + 45_296)
            #expect(ours == TimeText.Parts(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                                           day: Int(parts.tm_mday), hour: 12, minute: 34, second: 56))
            if ours.year != Int(parts.tm_year) + 1900 { break }
        }
    }

    @Test func aFixedZoneShiftsTheClock() {
        let paris = TimeZone(secondsFromGMT: 3600)!
        #expect(TimeText.dateAndMinute(Date(timeIntervalSince1970: 1_795_284_312), in: paris) == "2026-11-21 19:05")
    }

    @Test func theCurrentZoneComesFromTheCLibrary() {
        let now = Date(timeIntervalSince1970: 1_795_284_312)
        var time = time_t(1_795_284_312)
        var local = tm()
        localtime_r(&time, &local)
        let expected = TimeText.digits(Int(local.tm_year) + 1900, 4) + "-" + TimeText.digits(Int(local.tm_mon) + 1, 2)
            + "-" + TimeText.digits(Int(local.tm_mday), 2) + " " + TimeText.digits(Int(local.tm_hour), 2)
            + ":" + TimeText.digits(Int(local.tm_min), 2)
        #expect(TimeText.dateAndMinute(now, in: .current) == expected)
        #expect(TimeText.dateAndMinute(now, in: .autoupdatingCurrent) == expected)
    }

    @Test func datesFarOutOfRangeArePinned() {
        #expect(TimeText.parts(Date(timeIntervalSince1970: 1e300)).year == 9999)
        #expect(TimeText.parts(Date(timeIntervalSince1970: -1e300)).year == -9999)
    }
}

@Suite struct NumberTextTests {
    @Test func fixedDecimals() {
        #expect(NumberText.fixed(1.5, places: 2) == "1.50")
        #expect(NumberText.fixed(0.005, places: 2) == "0.01")
        #expect(NumberText.fixed(12.345, places: 1) == "12.3")
        #expect(NumberText.fixed(-0.25, places: 2) == "-0.25")
        #expect(NumberText.fixed(-0.001, places: 2) == "0.00")
        #expect(NumberText.fixed(7, places: 0) == "7")
        #expect(NumberText.fixed(.nan, places: 2) == "nan")
    }

    @Test func hexAndPadding() {
        #expect(NumberText.hex(0x1b, 4) == "001b")
        #expect(NumberText.hex(0x202e, 4) == "202e")
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("abcdef".padded(to: 4) == "abcdef")
        #expect(TimeText.digits(-5, 3) == "-005")
    }
}

@Suite struct PathTests {
    @Test func folderNameAndJoin() {
        let cases = [("/a/b", "/a", "b"), ("/a/b/", "/a", "b"), ("/a", "/", "a"), ("/", "/", "/"),
                     ("b", "", "b"), ("a/b", "a", "b"), ("/é/ü//", "/é", "ü"),
                     // A slash is a slash to the system even where a combining mark follows it.
                     ("/a/\u{301}b", "/a", "\u{301}b")]
        for (path, folder, name) in cases {
            #expect(Path.folder(of: path) == folder, "folder of \(path)")
            #expect(Path.name(of: path) == name, "name of \(path)")
        }
        #expect(Path.join("/a", "b") == "/a/b")
        #expect(Path.join("/a/", "b") == "/a/b")
        #expect(Path.join("/", "b") == "/b")
        #expect(Path.join("", "b") == "b")
    }
}
