import GameHost
import Testing

@Suite struct MouseAndPasteDecoderTests {
    func events(_ chunks: [String], flush: Bool = true) -> [InputEvent] {
        var decoder = KeyDecoder()
        var events = chunks.flatMap { decoder.feed(Array($0.utf8)) }
        if flush { events += decoder.flush() }
        return events
    }

    @Test func sgrClicksAndReleases() {
        #expect(events(["\u{1B}[<0;12;5M\u{1B}[<0;12;5m"]) ==
                [.mouse(.click(column: 11, row: 4)), .mouse(MouseEvent(.release(0), column: 11, row: 4))])
        #expect(events(["\u{1B}[<2;1;1M"]) == [.mouse(MouseEvent(.press(2), column: 0, row: 0))])
        #expect(events(["\u{1B}[<16;3;3M"]) == [.mouse(.click(column: 2, row: 2))], "Ctrl+click is a click")
        #expect(events(["\u{1B}[<35;3;3M"]) == [], "motion is dropped")
        #expect(events(["\u{1B}[<0;0;3M", "\u{1B}[<0;3M", "\u{1B}[<0;1;2;3M"]) == [], "malformed reports are dropped")
    }

    @Test func columnsPast223() {
        #expect(events(["\u{1B}[<0;300;50M"]) == [.mouse(.click(column: 299, row: 49))])
        #expect(events(["\u{1B}[<0;1000;224M"]) == [.mouse(.click(column: 999, row: 223))])
    }

    @Test func wheelHasNoRelease() {
        #expect(events(["\u{1B}[<64;5;6M\u{1B}[<65;5;6M"]) ==
                [.mouse(MouseEvent(.wheelUp, column: 4, row: 5)), .mouse(MouseEvent(.wheelDown, column: 4, row: 5))])
        #expect(events(["\u{1B}[<64;5;6m\u{1B}[<65;5;6m"]) == [], "a wheel release some terminals send is ignored")
    }

    @Test func mouseReportsSplitAnywhere() {
        let report = "\u{1B}[<0;250;7M"
        let bytes = Array(report.utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            var got = decoder.feed(bytes[..<cut])
            #expect(decoder.hasPending)
            got += decoder.feed(bytes[cut...])
            #expect(got == [.mouse(.click(column: 249, row: 6))], "cut at \(cut)")
        }
        #expect(events(["a", report, "b"]) ==
                [.key(.character("a")), .mouse(.click(column: 249, row: 6)), .key(.character("b"))])
    }

    @Test func sgrBytesRoundTrip() {
        for event in [MouseEvent.click(column: 0, row: 0), MouseEvent(.wheelDown, column: 230, row: 9),
                      MouseEvent(.release(1), column: 4, row: 4)] {
            #expect(events([event.sgrBytes]) == [.mouse(event)])
        }
    }

    @Test func pasteIsOneEvent() {
        #expect(events(["\u{1B}[200~Bob\rAlice\u{1B}[201~"]) == [.paste("Bob\nAlice")])
        #expect(events(["x\u{1B}[200~a\r\nb\tc\u{1B}[201~y"]) ==
                [.key(.character("x")), .paste("a\nb c"), .key(.character("y"))])
        #expect(events(["\u{1B}[200~🐶🐱🐭\u{1B}[201~"]) == [.paste("🐶🐱🐭")])
    }

    @Test func pasteSplitAcrossReads() {
        let bytes = Array("\u{1B}[200~Bob\r\nAlice 🐶\u{1B}[201~\u{1B}[A".utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            var got = decoder.feed(bytes[..<cut])
            got += decoder.feed(bytes[cut...])
            #expect(got == [.paste("Bob\nAlice 🐶"), .key(.up)], "cut at \(cut)")
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(!decoder.hasPending, "a paste waits for its end, not for a pause")
        #expect(decoder.feed(Array("def\u{1B}[20".utf8)) == [])
        #expect(decoder.feed(Array("1~".utf8)) == [.paste("abcdef")])
    }

    @Test func escapeSequencesInsideAPasteAreText() {
        #expect(events(["\u{1B}[200~a\u{1B}[Ab\u{1B}[<0;1;1Mc\u{03}q\u{1B}[201~"]) == [.paste("a[Ab[<0;1;1Mcq")])
        #expect(events(["\u{1B}[200~a\u{1B}[200~b\u{1B}[201~"]) == [.paste("a[200~b")])
    }

    @Test func unfinishedPasteEndsWithTheInput() {
        #expect(events(["\u{1B}[200~Bob\u{1B}[20"]) == [.paste("Bob[20")])
        #expect(events(["\u{1B}[200~"]) == [.paste("")])
    }
}
