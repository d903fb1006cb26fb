import Foundation

/// The project's pages for readers — README.md, CONTRACT.md and every docs/*.md, pending
/// pages of other helpers included — read into what the docs tests check: code blocks with
/// the marker comment above each, links, headings.
///
/// Markers are HTML comments just above a fence (blank lines between allowed), which GitHub
/// does not show:
/// - `<!-- not run: WHY -->` — a shell block the tests cannot run (a reload of sshd, an ssh
///   login, a build of minutes); the tests skip it and print why.
/// - `<!-- frame: COMMAND -->` — a text block that is a frame of the program: the tests run
///   COMMAND and compare what it prints with the block.
/// - `<!-- file: NAME -->` — a file shown to the reader (a config.json): the shell tests write
///   it to NAME in the page's folder, for the commands after it.
/// - `<!-- swift: statements -->` — a Swift sample of statements, compiled inside a function.
/// - `<!-- source: PATH -->` — a whole file of the repository, shown as it is: the tests
///   compare the block with the file, which its own target compiles and tests.
struct DocPage {
    /// The path from the repository's root: "README.md", "docs/guide.md".
    let path: String
    let lines: [String]

    struct Block {
        let page: String
        /// The line of the opening fence, counted from 1.
        let line: Int
        /// The fence's info string: "sh", "console", "swift", "text".
        let language: String
        let body: [String]
        /// The marker above it: ("not run", "needs root"); nil when there is none.
        let marker: (kind: String, value: String)?

        var place: String { "\(page):\(line)" }
    }

    static func all() -> [DocPage] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")) ?? []
        let paths = ["README.md", "CONTRACT.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return paths.compactMap { path in
            (try? String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)).map {
                DocPage(path: path, lines: $0.components(separatedBy: "\n"))
            }
        }
    }

    /// Code blocks, in order.
    var blocks: [Block] {
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else { index += 1; continue }
            let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index
            index += 1
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            index += 1
            // The marker is the nearest line above the fence that is not blank.
            let above = lines[..<start].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            blocks.append(Block(page: path, line: start + 1, language: language, body: body,
                                marker: above.flatMap(Self.marker)))
        }
        return blocks
    }

    /// `<!-- kind: value -->` → (kind, value).
    static func marker(_ line: String) -> (kind: String, value: String)? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        let inner = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard let colon = inner.firstIndex(of: ":") else { return (inner, "") }
        return (String(inner[..<colon]).trimmingCharacters(in: .whitespaces),
                String(inner[inner.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }

    /// Lines outside code blocks.
    var prose: [(line: Int, text: String)] {
        var out: [(Int, String)] = []
        var inCode = false
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            if !inCode { out.append((number + 1, line)) }
        }
        return out
    }

    /// Every `[text](target)` outside code, with its line; inline code spans left out.
    var links: [(line: Int, target: String)] {
        var out: [(Int, String)] = []
        for (number, line) in prose {
            let text = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                out.append((number, String(after[..<close])))
                rest = after[close...]
            }
        }
        return out
    }

    /// The anchors GitHub makes of the headings: lowercased, punctuation dropped, spaces as "-".
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for (_, line) in prose where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}
