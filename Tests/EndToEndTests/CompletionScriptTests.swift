import Foundation
import Testing

/// `gamehost completions bash|zsh|fish` load in their shells without a word on stderr and
/// offer every game id, the commands and a game's preference values. zsh and fish are
/// tested where installed.
@Suite struct CompletionScriptTests {
    /// The script for `shell`, written to a file named as the shell expects.
    func script(_ shell: String, folder: String) throws -> String {
        let name = ["bash": "gamehost", "zsh": "_gamehost", "fish": "gamehost.fish"][shell]!
        let result = try runGamehost(["completions", shell])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        try result.output.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    var games: [String] { GameListing.all.map(\.id) }

    @Test func bash() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try script("bash", folder: folder)
        // As bash itself calls it: COMP_WORDS split at blanks and at COMP_WORDBREAKS (= and :).
        let result = try shell("""
            source \(quoted(file)) 2>&1 || exit 9
            complete -p gamehost >/dev/null || exit 8
            ask() {
              COMP_LINE="$1"; COMP_POINT=${#1}
              read -ra COMP_WORDS <<< "$(sed -E 's/([=:])/ \\1 /g' <<< "$1")"
              [[ $1 == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
              _gamehost; echo "$1|${COMPREPLY[*]}"
            }
            ask "gamehost "
            ask "gamehost play "
            ask "gamehost --no-color prefs memorize --set "
            ask "gamehost play arithmetic-quiz --set difficulty=ha"
            ask "gamehost completions "
            """)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.output)")
        guard lines.count == 5 else { return }
        #expect(lines[0].contains("play") && lines[0].contains("completions") && lines[0].contains("man"))
        for game in games { #expect(lines[1].split(separator: "|").last?.split(separator: " ").contains(Substring(game)) == true, "\(game)") }
        #expect(lines[2].hasSuffix("|start=chooser start=last-theme matched=dim matched=hide players=1 players=2 players=3 players=4"), "\(lines[2])")
        #expect(lines[3].hasSuffix("|hard"), "\(lines[3])")
        #expect(lines[4].hasSuffix("|bash zsh fish"), "\(lines[4])")
    }

    @Test(.enabled(if: isInstalled("zsh"), "zsh is not installed"))
    func zsh() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try script("zsh", folder: folder)
        // compinit finds it by its #compdef line; compadd is replaced to print what it is given.
        let result = try shell("""
            zsh -f -c '
              fpath=(\(folder) $fpath); autoload -Uz compinit; compinit -u -d \(folder)/zcompdump || exit 9
              [[ $_comps[gamehost] == _gamehost ]] || exit 8
              compadd() { local seen=0 a; for a in "$@"; do (( seen )) && print -r -- $a; [[ $a == -- ]] && seen=1; done; true }
              _describe() { print -rl -- "${(@P)${@[-1]}}" }
              words=(gamehost play ""); CURRENT=3; _gamehost
              words=(gamehost ""); CURRENT=2; _gamehost
            ' 2>&1
            """)
        #expect(result.status == 0, "\(result.output)")
        let offered = result.output.split(separator: "\n").map(String.init)
        for game in games { #expect(offered.contains(game), "\(game): \(result.output)") }
        #expect(offered.contains { $0.hasPrefix("completions:") }, "\(result.output)")
    }

    @Test(.enabled(if: isInstalled("fish"), "fish is not installed"))
    func fish() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try script("fish", folder: folder)
        let result = try shell("""
            fish --no-config -c 'source \(file); or exit 9
              complete -C "gamehost play "; echo ---; complete -C "gamehost play memorize --set "' 2>&1
            """)
        #expect(result.status == 0, "\(result.output)")
        let parts = result.output.components(separatedBy: "---\n")
        #expect(parts.count == 2, "\(result.output)")
        guard parts.count == 2 else { return }
        let offered = parts[0].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        for game in games { #expect(offered.contains(game), "\(game): \(result.output)") }
        #expect(parts[1].contains("matched=hide"), "\(parts[1])")
    }
}
