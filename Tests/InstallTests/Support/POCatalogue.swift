// A translation catalogue (.po) read as msgid → msgstr, so tests can say what an installed file must carry.

import Foundation

struct POCatalogue {
    /// Translated singular messages (plural entries are left out); untranslated ones are absent.
    private(set) var messages: [String: String] = [:]

    init(contentsOf url: URL) throws {
        var field = "", msgid = "", msgstr = ""
        func flush() {
            if !msgid.isEmpty, !msgstr.isEmpty { messages[msgid] = msgstr }
            (msgid, msgstr, field) = ("", "", "")
        }
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { flush(); continue }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("msgid ") {
                field = "msgid"; msgid = Self.unquote(line.dropFirst(6))
            } else if line.hasPrefix("msgstr ") {
                field = "msgstr"; msgstr = Self.unquote(line.dropFirst(7))
            } else if line.hasPrefix("msgid_plural") || line.hasPrefix("msgstr[") {
                field = "plural"; msgid = ""
            } else if line.hasPrefix("\"") {
                if field == "msgid" { msgid += Self.unquote(line) } else if field == "msgstr" { msgstr += Self.unquote(line) }
            }
        }
        flush()
    }

    subscript(_ msgid: String) -> String? { messages[msgid] }

    /// A PO string literal's text: the quotes removed and \" \\ \n undone.
    private static func unquote(_ literal: Substring) -> String {
        var text = String(literal.dropFirst().dropLast()), result = ""
        while let slash = text.firstIndex(of: "\\") {
            result += text[..<slash]
            let escaped = text[text.index(after: slash)...].first
            result += escaped == "n" ? "\n" : escaped.map(String.init) ?? ""
            text = String(text[text.index(slash, offsetBy: escaped == nil ? 1 : 2)...])
        }
        return result + text
    }
}
