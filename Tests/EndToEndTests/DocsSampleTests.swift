import Foundation
import GameHost
import Testing

/// The Swift samples of the README and docs/ compile, the command-line reference is the
/// program's own, and the README stays a front page.
@Suite struct DocsSampleTests {
    /// Every ```swift block of the README and docs/ (not CONTRACT.md, whose one sample is a
    /// fragment of two files; its owner marks it), type-checked in one run of swiftc against
    /// the modules this build made. Samples of all pages share one module, so their names
    /// must differ; `<!-- swift: statements -->` compiles a block inside a function. A block
    /// marked `<!-- source: PATH -->` is compiled where it lives (see the test after this one).
    @Test func everySwiftSampleCompiles() throws {
        let samples = DocsTests.pages.filter { $0.path != "CONTRACT.md" }.flatMap(\.blocks)
            .filter { $0.language == "swift" && $0.marker?.kind != "source" }
        for block in samples where block.marker?.kind == "not compiled" {
            print("skipped \(block.place): not compiled (\(block.marker!.value))")
        }
        let compiled = samples.filter { $0.marker?.kind != "not compiled" }
        guard !compiled.isEmpty else { return }
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (index, block) in compiled.enumerated() {
            let imports = block.body.filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
            var body = block.body.filter { !imports.contains($0) }
            let wrapped = block.marker?.kind == "swift" && block.marker?.value == "statements"
            if wrapped {
                body = ["func sample\(index)() {"] + body + ["}"]
            }
            let header = ["import Foundation", "import GameHost", "import GameHostTesting", "import GameHostApp",
                          "import BuiltInGames", "import Testing"]
            let name = block.page.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".", with: "_")
                + "_line\(block.line).swift"
            // The sample's first line is the file's line after the fence's, so errors name the
            // page's lines (imports, moved to the top, aside).
            let padding = Array(repeating: "", count: max(0, block.line - header.count - imports.count - (wrapped ? 1 : 0)))
            try (header + imports + padding + body).joined(separator: "\n")
                .write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            files.append(name)
        }
        let modules = URL(fileURLWithPath: Tmux.binary).deletingLastPathComponent().appendingPathComponent("Modules").path
        let run = try shell("swiftc -typecheck -parse-as-library -I \(quoted(modules)) "
                            + files.map(quoted).joined(separator: " "), in: folder)
        #expect(run.status == 0, "the samples do not compile (file PAGE_line: the fence's line):\n\(run.output)")
    }

    /// A block marked `<!-- source: PATH -->` is that file of the repository whole, so a
    /// guide's example is the code its tests compile, run and put through the suite
    /// (docs/guide.md's Connect Four: Tests/GameHostTests/ConnectFour/).
    @Test func everySourceShownIsTheFile() throws {
        let shown = DocsTests.pages.flatMap(\.blocks).filter { $0.marker?.kind == "source" }
        #expect(!shown.isEmpty, "no page shows a file with <!-- source: PATH -->")
        for block in shown {
            let path = block.marker!.value
            let file = try? String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
            #expect(file != nil, "\(block.place): no file \(path)")
            guard let file else { continue }
            let lines = DocsTests.normalized(file.components(separatedBy: "\n"))
            #expect(DocsTests.normalized(block.body) == lines,
                    "\(block.place) is not \(path) as it is; copy the file into the block:\n\(lines.joined(separator: "\n"))")
        }
    }

    // MARK: - The command-line reference

    /// docs/reference.md shows `gamehost --help` whole (the shell test checks it against the
    /// binary, which renders it from CommandReference, as the man page is) and has a section
    /// on every command and a word on every option.
    @Test func theReferenceCoversEveryCommandAndOption() throws {
        let page = try #require(DocPage.all().first { $0.path == "docs/reference.md" })
        let help = page.blocks.first { $0.language == "console" && $0.body.first == "$ gamehost --help" }
        let shown = try #require(help, "docs/reference.md has no console block of '$ gamehost --help'")
        #expect(DocsTests.normalized(Array(shown.body.dropFirst()))
                == DocsTests.normalized(CommandReference.usage.components(separatedBy: "\n")),
                "the --help block is not CommandReference.usage")
        let headings = page.lines.filter { $0.hasPrefix("#") }
        for name in CommandReference.commandNames {
            #expect(headings.contains { $0.contains("`gamehost \(name)") }, "no heading for 'gamehost \(name)'")
        }
        let text = page.prose.map(\.text).joined(separator: "\n")
        for option in CommandReference.options {
            #expect(text.contains("`\(option.name)"), "docs/reference.md says nothing of \(option.name)")
        }
    }

    // MARK: - The front page

    @Test func theReadmeIsAFrontPageThatLinksEveryPage() throws {
        let pages = DocPage.all()
        let readme = try #require(pages.first { $0.path == "README.md" })
        #expect(readme.lines.count <= 250, "README.md has \(readme.lines.count) lines; the rest goes in docs/")
        let targets = Set(readme.links.map { $0.target.split(separator: "#").first.map(String.init) ?? "" })
        for page in pages where page.path.hasPrefix("docs/") && !page.path.hasPrefix("docs/pending-") {
            #expect(targets.contains(page.path), "README.md does not link \(page.path)")
        }
        #expect(targets.contains("CONTRACT.md"))
    }

    /// The README lists the contract's versions as CONTRACT.md's table of changes does.
    @Test func theReadmeListsEveryContractChange() throws {
        let pages = DocPage.all()
        let readme = try #require(pages.first { $0.path == "README.md" })
        let contract = try #require(pages.first { $0.path == "CONTRACT.md" })
        func versions(_ page: DocPage, after heading: String) -> [String] {
            guard let start = page.lines.firstIndex(where: { $0.hasPrefix("#") && $0.contains(heading) }) else { return [] }
            return page.lines[(start + 1)...].prefix { !$0.hasPrefix("#") }.compactMap { line in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard line.hasPrefix("|"), let first = cells.first,
                      first.first?.isNumber == true else { return nil }
                return first
            }
        }
        let listed = versions(contract, after: "Changes")
        #expect(!listed.isEmpty)
        #expect(versions(readme, after: "contract") == listed, "README's versions differ from CONTRACT.md's")
    }
}
