// The batch's one progress line on a terminal: "crop-editor: 12 of 40 done, 1 failed, about 9 s left", redrawn in place.

import Batch

enum ProgressLine {
    /// The line's words for `progress` (no escape codes).
    static func text(_ progress: BatchProgress) -> String {
        var text = "crop-editor: \(progress.done) of \(progress.total) done"
        if progress.failed > 0 { text += ", \(progress.failed) failed" }
        if progress.done < progress.total, let left = progress.secondsLeft { text += ", about \(duration(left)) left" }
        return text
    }

    /// Seconds as people read them: "9 s", "2 min 5 s", "1 h 3 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// Back to the line's start and clear it: what the next line overwrites.
    static let clear = "\r\u{1B}[K"
}
