// The `--help` text, built from the option list so every option is documented.

import Decoding

enum HelpText {
    /// Where the option descriptions start, so they line up in a terminal.
    private static let descriptionColumn = 22

    static var text: String {
        var lines = [
            "Usage: crop-editor [IMAGE]",
            "       crop-editor --crop=GEOMETRY --output=FILE [OPTION...] IMAGE",
            "       crop-editor --crop=GEOMETRY --output-dir=DIR [OPTION...] IMAGE...",
            "       crop-editor --paste",
            "",
            "Without options, opens IMAGE (or a demo picture) in the editor window;",
            "with --paste, the editor window on the clipboard's image.",
            "With --output, crops IMAGE without opening a window and writes FILE.",
            "",
            "Options:",
        ]
        for option in HeadlessOption.allCases {
            for (index, description) in option.helpLines.enumerated() {
                var lead = index == 0 ? "  " + option.synopsis : ""
                // A synopsis too long for the column gets a line of its own, so descriptions stay aligned.
                if lead.count >= descriptionColumn {
                    lines.append(lead)
                    lead = ""
                }
                let padding = String(repeating: " ", count: max(descriptionColumn - lead.count, 1))
                lines.append(lead + padding + description)
            }
        }
        lines += [
            "",
            "An option's value may also follow as the next word: --crop 800x600+100+50.",
            "Put -- before an IMAGE whose name starts with a dash. IMAGE - reads the",
            "picture from standard input (at most \(SealedBytes.standardInputLimit >> 20) MiB, never with --sidecar or",
            "several IMAGEs), e.g.",
            "  wl-paste | crop-editor --crop=trim --format=png --output=- - | wl-copy",
            "",
            "Exit status: 0 on success; 1 when IMAGE could not be cropped or FILE not",
            "written; 2 for a command line that cannot work. On failure one line",
            "\"crop-editor: IMAGE: reason\" goes to standard error, no FILE is left",
            "behind and IMAGE is never changed. When FILE's format cannot carry some of",
            "IMAGE's metadata (maker notes in PNG, a gain map outside JPEG), FILE is",
            "written without it, one line \"crop-editor: IMAGE: warning: ...\" says so,",
            "and the exit status is 0.",
            "",
            "With --output-dir (or --sidecar and several IMAGEs) each IMAGE is cropped",
            "as above; on a terminal one line shows the progress. Each failure is one",
            "line \"crop-editor: IMAGE: reason\" and the others go on. Exit status: 0",
            "when every IMAGE was cropped, 1 when some failed, 2 for a command line",
            "that cannot work (then nothing is written). Interrupted, the results",
            "finished stay, no temporary file is left, and the command ends by the signal.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
