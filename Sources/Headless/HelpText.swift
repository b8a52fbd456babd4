// The `--help` text, built from the option list so every option is documented, and wrapped by one function.

import Decoding

enum HelpText {
    /// The terminal's width the text is wrapped to.
    static let width = 79
    /// Where the option descriptions start, so they line up in a terminal.
    private static let descriptionColumn = 22

    static var text: String {
        var lines = [
            "Usage: crop-editor [IMAGE]",
            "       crop-editor --crop=GEOMETRY --output=FILE [OPTION...] IMAGE",
            "       crop-editor --crop=GEOMETRY --output-dir=DIR [OPTION...] IMAGE...",
            "       crop-editor --paste",
            "",
        ]
        lines += wrapped(
            "Without options, opens IMAGE (or a demo picture) in the editor window; with --paste, the editor window on the "
                + "clipboard's image. With --output, crops IMAGE without opening a window and writes FILE.")
        lines += ["", "Options:"]
        for option in HeadlessOption.allCases { lines += optionLines(option) }
        lines.append("")
        lines += wrapped(
            "An option's value may also follow as the next word: --crop 800x600+100+50. Put -- before an IMAGE whose "
                + "name starts with a dash. IMAGE - reads the picture from standard input (at most "
                + "\(SealedBytes.standardInputLimit >> 20) MiB, never with --sidecar or several IMAGEs), e.g.")
        lines += ["  wl-paste | crop-editor --crop=trim --format=png --output=- - | wl-copy", ""]
        lines += wrapped(
            "Exit status: 0 on success; 1 when IMAGE could not be cropped or FILE not written; 2 for a command line that "
                + "cannot work. On failure one line \"crop-editor: IMAGE: reason\" goes to standard error, no FILE is left "
                + "behind and IMAGE is never changed. When FILE's format cannot carry some of IMAGE's metadata (maker "
                + "notes in PNG, a gain map outside JPEG), FILE is written without it, one line "
                + "\"crop-editor: IMAGE: warning: ...\" says so, and the exit status is 0.")
        lines.append("")
        lines += wrapped(
            "With --output-dir (or --sidecar and several IMAGEs) each IMAGE is cropped as above; on a terminal one line "
                + "shows the progress. Each failure is one line \"crop-editor: IMAGE: reason\" and the others go on. "
                + "Exit status: 0 when every IMAGE was cropped, 1 when some failed, 2 for a command line that cannot "
                + "work (then nothing is written). Interrupted, the results finished stay, no temporary file is left, "
                + "and the command ends by the signal.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option's synopsis with its help wrapped beside it, in the description column; a synopsis too
    /// long for the column gets a line of its own, so descriptions stay aligned.
    private static func optionLines(_ option: HeadlessOption) -> [String] {
        let lead = "  " + option.synopsis
        let indent = String(repeating: " ", count: descriptionColumn)
        var lines = wrapped(option.entry.help, width: width - descriptionColumn).map { indent + $0 }
        if lead.count < descriptionColumn, !lines.isEmpty {
            lines[0] = lead + lines[0].dropFirst(lead.count)
        } else {
            lines.insert(lead, at: 0)
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` characters. A phrase in double quotes
    /// (an error line's pattern) is never broken; a word longer than `width` gets a line of its own.
    static func wrapped(_ text: String, width: Int = width) -> [String] {
        var words: [String] = []
        for word in text.split(separator: " ") {
            // Inside an open quote the word joins the phrase before it.
            if let last = words.last, last.filter({ $0 == "\"" }).count % 2 == 1 {
                words[words.count - 1] = last + " " + word
            } else {
                words.append(String(word))
            }
        }
        var lines: [String] = []
        for word in words {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}
