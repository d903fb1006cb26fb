import Foundation
@testable import GameHost
import Testing

/// The room journal's lines read by hand (`RoomLine.quick`) against `JSONDecoder`: a line the
/// hand reads must read the same through the decoder; the lines a room writes, and the same
/// with other spacing, must be read by hand; anything else may be left to the decoder.
@Suite struct RoomLineQuickTests {
    /// As `RoomJournal` writes them.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let written: [RoomLine] = {
        var lines: [RoomLine] = []
        for time in [0, 0.1, 1, 2.5, 12.345678901234567, 3599.999, 123_456_789.125, 0.30000000000000004] {
            for seat in [nil, 0, 1, 3, 12] as [Int?] {
                lines.append(RoomLine(.input(.tick, time: time), seat: seat.map(Seat.init)))
            }
        }
        let keys: [Key] = [.up, .down, .left, .right, .enter, .space, .escape, .tab, .backspace, .character("q"),
                           .character("?"), .character("/"), .character("1"), .control("c"), .function(5)]
        for (index, key) in keys.enumerated() {
            lines.append(RoomLine(.input(.key(key), time: Double(index) * 0.7), seat: Seat(index % 4)))
            lines.append(RoomLine(.input(.key(key), time: 1.25), seat: Seat(1), label: "turn"))
            lines.append(RoomLine(.input(.key(key), time: 1.25), seat: Seat(2), label: "lock in / go"))
            lines.append(RoomLine(.input(.key(key), time: 1.25), seat: Seat(2), label: ""))
        }
        for input in [JournalInput.left, .timer, .hold] {
            lines.append(RoomLine(.input(input, time: 4.5), seat: Seat(2)))
            lines.append(RoomLine(.input(input, time: 4.5)))
        }
        return lines
    }()

    /// Lines the hand leaves to the decoder (or that the decoder refuses too).
    static let others: [String] = [
        // Written by a room, of kinds the hand does not read, or with escapes in them.
        #"{"data":"aGVsbG8=","kind":"file","name":"scores.json"}"#, #"{"kind":"file","name":"none.json"}"#,
        #"{"h":24,"kind":"mouse","mouse":"click","seat":1,"t":2,"w":80,"x":3,"y":4}"#,
        #"{"kind":"paste","seat":0,"t":1,"text":"hello"}"#, #"{"inputs":3,"kind":"check","state":"abc"}"#,
        #"{"inputs":3,"kind":"round"}"#, #"{"inputs":3,"kind":"in-play","playing":true}"#, #"{"kind":"unreplayable"}"#,
        #"{"key":"\"","kind":"key","seat":0,"t":1}"#, #"{"key":"\\","kind":"key","seat":0,"t":1}"#,
        #"{"key":"é","kind":"key","seat":0,"t":1}"#, #"{"key":"up","kind":"key","label":"say \"go\"","seat":0,"t":1}"#,
        #"{"key":"up","kind":"key","label":"tourner à gauche","seat":0,"t":1}"#,
        #"{"kind":"ti\u0063k","t":1}"#, #"{"kind":"tick","label":"caf\u00e9","t":1}"#, #"{"kind":"tick","t":1e-7}"#,
        #"{"kind":"tick","t":1E2}"#, #"{"kind":"tick","t":1e400}"#, #"{"kind":"tick","t":0.1000000000000000055511151231257827}"#,
        #"{"kind":"tick","t":99999999999999999999}"#, #"{"kind":"tick","t":-0.5}"#, #"{"kind":"tick","t":-0}"#,
        // Not quite what a room writes, still lines the decoder reads.
        #"{"extra":3,"kind":"tick","t":1}"#, #"{"kind":"tick","key":"up","t":1}"#, #"{"kind":"tick","t":1,"seat":1.0}"#,
        #"{"kind":"tick","t":1,"seat":null}"#, #"{"kind":"tick","t":1,"label":null}"#, #"{"kind":"tick","t":1,"t":2}"#,
        // Names and kinds a byte off those read by hand, shorter or longer.
        #"{"kine":"tick","t":1}"#, #"{"kin":"tick","t":1}"#, #"{"kinds":"tick","t":1}"#, #"{"kind":"tica","t":1}"#,
        #"{"kind":"tic","t":1}"#, #"{"kind":"ticks","t":1}"#, #"{"kind":"tick","u":1}"#, #"{"kind":"tick","t":1,"seal":1}"#,
        #"{"kind":"tick","t":1,"labex":"a"}"#, #"{"kind":"key","kez":"up","t":1}"#, #"{"kind":"kez","key":"up","t":1}"#,
        #"{"kind":"holt","t":1}"#, #"{"kind":"lefx","t":1}"#, #"{"kind":"timex","t":1}"#, #"{"kind":"Tick","t":1}"#,
        // Bad lines.
        #"{"kind":"tick"}"#, #"{"kind":"tick","t":"1"}"#, #"{"kind":"tick","t":1,"seat":-1}"#, #"{"kind":"tick","t":01}"#,
        #"{"kind":"tick","t":1.}"#, #"{"kind":"tick","t":.5}"#, #"{"kind":"tick","t":+1}"#, #"{"kind":"tick","t":1,"seat":01}"#,
        #"{"kind":"tick","t":1,"seat":99999999999999999999}"#, #"{"kind":"key","t":1}"#, #"{"kind":"key","key":"nokey","t":1}"#,
        #"{"kind":"tick","key":"bogus","t":1}"#, #"{"kind":"nope","t":1}"#, #"{"kind":"tick","t":1}x"#, #"{"kind":"tick","t":1"#,
        #"{"kind":"tick","t":1,}"#, #"{"kind" "tick","t":1}"#, #"{"kind":"tick" "t":1}"#, #"{"kind":tick,"t":1}"#,
        #"{"kind":"tick","t":1,"seat":true}"#, #"{"kind":"tick","t":1,"label":3}"#, #"{"kind":"tick","t":[1]}"#,
        #"{"kind":"tick","t":1,"label":"a"#, "[]", #""tick""#, "{}", "", "{", "}", " ", "not json", "\u{01}",
        "{\"kind\":\"tick\",\"t\":1,\"label\":\"a\u{01}b\"}", "{\"kind\":\"tick\",\"t\":1,\"label\":\"a\tb\"}",
    ]

    func decoded(_ bytes: [UInt8]) -> RoomLine? { try? JSONDecoder().decode(RoomLine.self, from: Data(bytes)) }

    @Test func theLinesARoomWritesAreReadByHandAsTheDecoderReadsThem() throws {
        for line in Self.written {
            let bytes = Array(try Self.encoder.encode(line))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(RoomLine.quick(bytes[...]) == line, "\(text)")
            #expect(decoded(bytes) == line, "\(text)")
        }
    }

    /// Written by hand as the encoder writes them, or left to it.
    @Test func theLinesARoomWritesMostAreWrittenByHandAsTheEncoderWritesThem() throws {
        let odd = ["say \"go\"", "back\\slash", "a/b", "tourner à gauche", "tab\there", "👩‍💻", "t", "\"t\":1"]
        var lines = Self.written
        for label in odd {
            lines.append(RoomLine(.input(.key(.character("t")), time: 0.5), seat: Seat(1), label: label))
            lines.append(RoomLine(.input(.tick, time: 1e-7), seat: Seat(0), label: label))
        }
        lines += [RoomLine(.input(.key(.character("\"")), time: 1), seat: Seat(0)), RoomLine(.input(.paste("hi"), time: 1), seat: Seat(0)),
                  RoomLine(.input(.mouse(MouseEvent(.press(0), column: 1, row: 2), Size(width: 80, height: 24)), time: 1), seat: Seat(0)),
                  RoomLine(.input(.tick, time: 1e21), seat: Seat(3)), RoomLine(.input(.tick, time: 123456.000001), seat: Seat(3)),
                  RoomLine(.file("scores.json", nil)), RoomLine(.round(inputs: 2))]
        var byHand = 0
        for line in lines {
            let encoded = String(decoding: try Self.encoder.encode(line), as: UTF8.self)
            guard let text = line.quickText else { continue }
            byHand += 1
            #expect(text == encoded, "\(line)")
        }
        #expect(byHand >= Self.written.count, "every line of the kinds a room writes most, with a plain label, by hand")
    }

    @Test func otherSpacingIsReadByHandToo() {
        let lines = [#"{ "kind" : "tick" , "t" : 1.5 , "seat" : 2 }"#, "{\"kind\":\t\"tick\",\t\"t\":1.5,\"seat\":2}\r",
                     #"{"seat":2,"t":1.5,"kind":"tick"}  "#, #"  {"t":1.5,"seat":2,"kind":"tick"}"#]
        for text in lines {
            let bytes = Array(text.utf8)
            #expect(decoded(bytes) == RoomLine(.input(.tick, time: 1.5), seat: Seat(2)), "\(text)")
            #expect(RoomLine.quick(bytes[...]) == decoded(bytes), "\(text)")
        }
        let key = #" { "label" : "lock in" , "key" : "enter" , "kind" : "key" , "t" : 0 , "seat" : 0 } "#
        #expect(RoomLine.quick(Array(key.utf8)[...]) == RoomLine(.input(.key(.enter), time: 0), seat: Seat(0), label: "lock in"))
        #expect(decoded(Array(key.utf8)) == RoomLine(.input(.key(.enter), time: 0), seat: Seat(0), label: "lock in"))
    }

    /// Whatever the hand reads, the decoder reads the same; what it cannot, it leaves (nil).
    @Test func anyOtherLineIsLeftToTheDecoderOrReadTheSame() {
        for text in Self.others {
            let bytes = Array(text.utf8)
            guard let quick = RoomLine.quick(bytes[...]) else { continue }
            #expect(decoded(bytes) == quick, "read by hand as \(quick), by the decoder as \(String(describing: decoded(bytes))): \(text)")
        }
    }

    /// The reader takes the same lines, and refuses the same ones, as the decoder alone.
    @Test func theReaderReadsAJournalAsTheDecoderDoes() throws {
        let header = JournalHeader(journal: JournalHeader.currentFormat, game: "duel", version: "1", preferences: [:],
                                   random: SeededGenerator(seed: 7), started: 1_700_000_000, checkEvery: 20)
        let good = try Self.written.map { String(decoding: try Self.encoder.encode($0), as: UTF8.self) }
            + Self.others.filter { decoded(Array($0.utf8)) != nil }
        let text = String(decoding: try Self.encoder.encode(header), as: UTF8.self) + "\n" + good.joined(separator: "\n") + "\n"
        let read = try #require(try RoomJournalReader.parseRoom(Data(text.utf8)))
        #expect(read.lines == good.map { decoded(Array($0.utf8))! })
        for bad in Self.others where decoded(Array(bad.utf8)) == nil && !bad.contains("\n") && !bad.isEmpty {
            let journal = String(decoding: try Self.encoder.encode(header), as: UTF8.self) + "\n" + bad + "\n"
            #expect(throws: JournalError.unreadable("line 2 of the room's journal cannot be read"), "\(bad)") {
                try RoomJournalReader.parseRoom(Data(journal.utf8))
            }
        }
    }
}
