import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/text.swift): arbitrary text written into frames of any size, at any
/// place, through every way a view draws (write, center, fill, draw one frame into another).
///
/// The input's first 9 bytes choose sizes and places; the rest is the text, as a terminal
/// or a file could hand it over (invalid UTF-8 decoded with replacement characters).
enum FrameTextFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        var parameters = bytes.prefix(9).map(Int.init)
        parameters += Array(repeating: 0, count: 9 - parameters.count)
        let text = String(decoding: bytes.dropFirst(9), as: UTF8.self)

        let size = Size(width: parameters[0] % 41, height: parameters[1] % 6)
        let row = parameters[2] % 8 - 1, column = parameters[3] % 50 - 5
        let limit = parameters[4] < 64 ? nil : parameters[4] % 48 - 4
        var frame = Frame(size: size)
        frame.write(text, row: row, column: column, limit: limit)
        frame.center(text, row: row + 1, style: .bold)
        var inner = Frame(size: Size(width: parameters[5] % 20, height: parameters[6] % 4))
        for line in 0..<inner.size.height { inner.write(text, row: line, column: line - 1) }
        frame.draw(inner, row: parameters[7] % 8 - 2, column: parameters[8] % 50 - 8)
        if let first = text.first { frame.fill(row: row + 2, column: column, width: 3, character: first) }

        var failures = Fuzzing.frameProblems(frame, size: size, context: "frame")
            + Fuzzing.frameProblems(inner, size: inner.size, context: "inner frame")
            + cellProblems(frame) + cellProblems(inner)

        let width = parameters[0] % 41
        let truncated = DisplayWidth.truncate(text, to: width)
        if DisplayWidth.of(truncated) > width {
            failures.append("truncate to \(width) gave \(DisplayWidth.of(truncated)) cells: \(scalars(truncated))")
        }
        let padded = DisplayWidth.pad(text, to: width)
        if DisplayWidth.of(padded) != width {
            failures.append("pad to \(width) gave \(DisplayWidth.of(padded)) cells: \(scalars(padded))")
        }
        return failures
    }

    /// A wide character is always followed by its continuation cell, and a continuation
    /// cell always follows a wide character: the frame encoder skips continuations.
    static func cellProblems(_ frame: Frame) -> [String] {
        var failures: [String] = []
        for row in 0..<frame.size.height {
            for column in 0..<frame.size.width {
                let width = frame[row, column].width
                let next = column + 1 < frame.size.width ? frame[row, column + 1].width : nil
                let previous = column > 0 ? frame[row, column - 1].width : nil
                if width == 2, next != 0 { failures.append("wide cell at \(row),\(column) without its continuation") }
                if width == 0, previous != 2 { failures.append("continuation at \(row),\(column) after no wide cell") }
                if width > 2 { failures.append("cell at \(row),\(column) is \(width) wide") }
            }
        }
        return failures
    }

    private static func scalars(_ text: String) -> [String] {
        text.unicodeScalars.map { String($0.value, radix: 16) }
    }
}
