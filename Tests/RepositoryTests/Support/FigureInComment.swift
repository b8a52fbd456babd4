// What counts as a figure that rots or as history in a code comment, and a file's comments read as blocks of sentences.

import Foundation

/// Figures that rot and the history of a change, in a comment's text. A quantity alone is a fact the
/// code relies on (a constant's value in its unit, GNOME's key repeat, a page size); a quantity that
/// was measured, compared or changed rots as the code and the machine change, so it belongs in
/// docs/BENCHMARKS.md with its command. The rule:
/// - history: "as before", "than before", "used to be", "previously", "formerly", "stop 31" (a step
///   of a work list), "was 230 ms", "instead of 198";
/// - a change: a quantity with its unit, an arrow, another number ("5.3 s → 2.1 s");
/// - a measurement: "measured" and a number in one clause, "3× faster", or a quantity of time, memory
///   or percent ("40 ms", "130 MiB", "5 %") in one clause with a word that reports a measure or a
///   comparison ("took", "costs", "about", "~", "more", "against", …).
/// A clause ends at a full stop, colon, semicolon or parenthesis, and runs on over the lines of one
/// comment block; quoted and backticked text (an example of output or input) is left out; a size
/// followed by "pages" is a page size, not a figure.
enum FigureInComment {
    private static let unit = #"(?:ns|µs|ms|s|sec|seconds?|min|minutes?|KB|kB|KiB|MB|MiB|GB|GiB|%|percent)"#
    private static let history = expression(
        [
            #"\b(?:as|than) before\b"#, #"\bused to be\b"#, #"\b(?:previously|formerly)\b"#, #"\bstop [0-9]+\b"#,
            #"\binstead of [0-9]"#, #"\bwas [0-9][0-9.]*\s?"# + unit + #"(?![A-Za-z])"#,
            #"[0-9](?:\.[0-9]+)?\s?"# + unit + #"\s?(?:→|->)\s?[0-9]"#,
            #"[0-9](?:\.[0-9]+)?\s?(?:×|x|times) (?:faster|slower|quicker|smaller|larger|less|more)\b"#,
        ].joined(separator: "|"))
    private static let measured = expression(#"\bmeasured\b[^.;:]*?[0-9]"#)
    private static let quantity = expression(
        #"[0-9][0-9.,]*(?:\s?[–-]\s?[0-9][0-9.,]*)?\s?"# + unit + #"(?![A-Za-z0-9])(?!\s?pages?\b)"#)
    private static let measuring = expression(
        #"\b(?:took|takes?|taking|spends?|spent|costs?|costing|saves?|saved|faster|slower|quicker|sooner|smaller|"#
            + #"larger|bigger|more|less|fewer|against|about|around|roughly|nearly|almost|median|average|mean|peak)\b|~|≈"#)
    private static let quoted = expression(#""[^"]*"|“[^”]*”|`[^`]*`"#)
    private static let clauseEnd = expression(#"[.;:!?](?:\s|$)|[()]"#)

    /// The first figure or piece of history in `comment` (one comment block's text), or nil.
    static func find(in comment: String) -> String? {
        let text = replacing(quoted, in: comment, with: "\"\"")
        if let found = first(history, in: text) { return found }
        for clause in replacing(clauseEnd, in: text, with: "\n").split(separator: "\n").map(String.init) {
            if let found = first(measured, in: clause) { return found }
            if let amount = first(quantity, in: clause), let word = first(measuring, in: clause) {
                return "\(amount) … \(word)"
            }
        }
        return nil
    }

    /// A file's comments (one per line, "" for none) as blocks of consecutive commented lines: the
    /// line each block starts on (from 1) and its text, joined by spaces.
    static func blocks(of comments: [String]) -> [(line: Int, text: String)] {
        let marks = CharacterSet(charactersIn: "/*").union(.whitespaces)
        var found: [(line: Int, text: String)] = []
        var inBlock = false
        for (index, comment) in comments.enumerated() {
            let text = comment.trimmingCharacters(in: marks)
            if text.isEmpty {
                inBlock = false
            } else if inBlock {
                found[found.count - 1].text += " " + text
            } else {
                found.append((index + 1, text))
                inBlock = true
            }
        }
        return found
    }

    private static func expression(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }

    private static func first(_ expression: NSRegularExpression, in text: String) -> String? {
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        return String(text[range])
    }

    private static func replacing(_ expression: NSRegularExpression, in text: String, with template: String) -> String {
        expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: NSRegularExpression.escapedTemplate(for: template))
    }
}
