/// gamehost(1), in roff, rendered from the same reference as --help.
public enum ManPage {
    public static func render(catalog: [GameEntry], version: String) -> String {
        var out = [
            ".TH GAMEHOST 1 \"\" \"gamehost \(version)\" \"User Commands\"",
            ".SH NAME",
            "gamehost \\- a launcher for terminal games",
            ".SH SYNOPSIS",
        ]
        for command in CommandReference.commands {
            out.append(".B gamehost" + (command.name.isEmpty ? "" : " " + command.name))
            out.append(command.synopsis.isEmpty ? "[options]" : escape(command.synopsis) + " [options]")
            out.append(".br")
        }
        out += [
            ".SH DESCRIPTION",
            "A launcher for games that run full-screen in the terminal, or as plain text when piped, so "
                + "every screen can be scripted. Options may stand before or after the command.",
            ".SH COMMANDS",
        ]
        for command in CommandReference.commands {
            out.append(".TP")
            out.append("\\fBgamehost" + (command.name.isEmpty ? "" : " " + command.name) + "\\fR"
                       + (command.synopsis.isEmpty ? "" : " " + escape(command.synopsis)))
            out.append(escape(command.detail))
        }
        out.append(".SH OPTIONS")
        for option in CommandReference.options {
            out.append(".TP")
            out.append("\\fB" + escape(option.name) + "\\fR" + (option.value.map { " \\fI" + escape($0) + "\\fR" } ?? ""))
            out.append(escape(option.summary))
        }
        out.append(".SH GAMES")
        for game in catalog {
            out.append(".TP")
            out.append("\\fB" + escape(game.id) + "\\fR")
            out.append(escape(game.info.title + " \u{2014} " + game.info.summary))
            for field in game.schema.fields {
                out.append(".br")
                out.append("\\fB\\-\\-set " + escape(field.key) + "=\\fR" + escape("\u{2026} " + field.kind.allowed))
            }
        }
        out += [".SH KEYS", escape(CommandReference.keys), ".SH FILES",
                "config.json is the first of:"]
        for (place, meaning) in CommandReference.configLookup {
            out.append(".TP")
            out.append("\\fI" + escape(place) + "\\fR")
            out.append(escape(meaning))
        }
        out += [
            ".PP",
            "A config.json in the working folder is not read; name it with \\fB\\-\\-config\\fR.",
            "Saved data lives in \\fB\\-\\-data\\-dir\\fR, else config.json's dataDirectory, else "
                + "\\fI$XDG_DATA_HOME/gamehost\\fR, else \\fI~/.local/share/gamehost\\fR.",
            ".SH ENVIRONMENT",
            ".TP", "\\fBNO_COLOR\\fR, \\fBTERM\\fR=dumb", "no colors",
            ".TP", "\\fBCOLUMNS\\fR, \\fBLINES\\fR", "the size of plain-mode frames (80\\(mu24 otherwise)",
            ".TP", "\\fBXDG_CONFIG_HOME\\fR, \\fBXDG_DATA_HOME\\fR, \\fBHOME\\fR", "where config.json and data are looked for",
            ".SH EXIT STATUS",
            "0 done; 1 a failure (check found problems); 64 a usage error; 73 a file could not be "
                + "written; 78 a bad config.json; 128+N killed by signal N.",
            ".SH SEE ALSO",
            "\\fBgamehost \\-\\-help\\fR, \\fBgamehost completions bash|zsh|fish\\fR",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes and dashes escaped, no line taken for a request.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in TextSanitizer.clean(text) {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
