// A source file's shape as the guide limits it: its length, its functions' lengths, its header line, its comments.

import Foundation

/// One Swift or C file, read as lines: string literals and comments told apart from code well enough
/// to match braces (the formatter's layout is assumed: one declaration per line). Read byte by byte:
/// every character that matters here is ASCII.
struct SourceShape: Sendable {
    let path: String
    let lines: [String]
    /// The code of each line with string literals emptied and comments removed.
    let code: [[UInt8]]
    /// The comment text of each line ("" for none).
    let comments: [String]
    /// The functions, with their lengths.
    let functions: [Function]

    /// A function and its length in lines, from its declaration to its closing brace.
    struct Function: Sendable {
        let name: String
        let line: Int
        let length: Int
    }

    /// Every Swift and C file of Sources and Tests, read once for all the checks.
    static let all: [String: SourceShape] = Dictionary(
        uniqueKeysWithValues: Repository.allFiles.filter { path in
            (path.hasPrefix("Sources/") || path.hasPrefix("Tests/"))
                && (path.hasSuffix(".swift") || path.hasSuffix(".c") || path.hasSuffix(".h"))
        }.map { ($0, SourceShape(path: $0)) })

    init(path: String) {
        self.path = path
        var text = Repository.text(path)
        if text.hasSuffix("\n") { text.removeLast() }
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isSwift = path.hasSuffix(".swift")
        (code, comments) = Self.split(lines, isSwift: isSwift)
        functions = isSwift ? Self.swiftFunctions(lines, code) : Self.cFunctions(code)
    }

    // MARK: Swift functions

    private static let swiftDeclaration = try! NSRegularExpression(
        pattern: #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|final|"#
            + #"override|mutating|nonisolated|convenience|required|dynamic)(?:\([a-z]+\))?\s+)*"#
            + #"(func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+\s*:[^=]*\{\s*$)"#)
    private static let bodyless = try! NSRegularExpression(pattern: #"^\s*(case|let|var|struct|enum|class)\b"#)

    /// `func`, `init`, `deinit`, `subscript` and computed properties with a body.
    private static func swiftFunctions(_ lines: [String], _ code: [[UInt8]]) -> [Function] {
        var found: [Function] = []
        var open: [(name: String, line: Int, depth: Int)] = []
        var pending: (name: String, line: Int)?
        var depth = 0
        for (index, bytes) in code.enumerated() {
            let hasBrace = bytes.contains(UInt8(ascii: "{")) || bytes.contains(UInt8(ascii: "}"))
            let text = String(decoding: bytes, as: UTF8.self)
            if let name = firstGroup(swiftDeclaration, in: text) {
                pending = (name, index + 1)
            } else if pending != nil, bytes.contains(UInt8(ascii: "}")) || firstMatch(bodyless, in: text) {
                // A requirement without a body (a protocol's) ends at its line.
                pending = nil
            }
            guard hasBrace else { continue }
            for byte in bytes {
                if byte == UInt8(ascii: "{") {
                    depth += 1
                    if let started = pending {
                        open.append((started.name, started.line, depth))
                        pending = nil
                    }
                } else if byte == UInt8(ascii: "}") {
                    if let last = open.last, last.depth == depth {
                        open.removeLast()
                        found.append(Function(name: last.name, line: last.line, length: index + 2 - last.line))
                    }
                    depth -= 1
                }
            }
        }
        return found
    }

    private static func firstGroup(_ expression: NSRegularExpression, in text: String) -> String? {
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    private static func firstMatch(_ expression: NSRegularExpression, in text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    // MARK: C functions

    /// Every brace block at file level whose head (the text since the last `;` or block) ends with `)`.
    private static func cFunctions(_ code: [[UInt8]]) -> [Function] {
        var found: [Function] = []
        var depth = 0
        var head: [UInt8] = []
        var start: (name: String, line: Int)?
        for (index, bytes) in code.enumerated() {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "{"):
                    if depth == 0, let name = functionName(head) { start = (name, index + 1) }
                    depth += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0, let begun = start {
                        found.append(Function(name: begun.name, line: begun.line, length: index + 2 - begun.line))
                        start = nil
                    }
                    if depth == 0 { head = [] }
                case UInt8(ascii: ";"):
                    if depth == 0 { head = [] }
                default:
                    if depth == 0 { head.append(byte) }
                }
            }
            // A preprocessor line is never a function's head.
            if depth == 0 { head = bytes.first == UInt8(ascii: "#") ? [] : head + [UInt8(ascii: " ")] }
        }
        return found
    }

    /// The name before the parameter list a head ends with, or nil when it does not end with `)`.
    private static func functionName(_ head: [UInt8]) -> String? {
        let trimmed = head.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard trimmed.first == UInt8(ascii: ")") else { return nil }
        var depth = 0
        var rest = trimmed.dropFirst(0)
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == UInt8(ascii: ")") { depth += 1 }
            if byte == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { break }
            }
        }
        let name = rest.drop { $0 == UInt8(ascii: " ") }.prefix { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        return String(decoding: name.reversed(), as: UTF8.self)
    }

    // MARK: Code and comments

    /// Each line's code (string literals, with Swift's multi-line ones, emptied; `//` and `/* … */`
    /// comments removed) and its comment text.
    private static func split(_ lines: [String], isSwift: Bool) -> (code: [[UInt8]], comments: [String]) {
        var code: [[UInt8]] = []
        var comments: [String] = []
        var inBlockComment = false
        var inMultilineString = false
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        for line in lines {
            let bytes = Array(line.utf8)
            var kept: [UInt8] = []
            var comment: [UInt8] = []
            var at = 0
            func next(_ offset: Int) -> UInt8? { at + offset < bytes.count ? bytes[at + offset] : nil }
            let tripleQuote = { next(0) == quote && next(1) == quote && next(2) == quote }
            while at < bytes.count {
                let byte = bytes[at]
                if inBlockComment {
                    if byte == star, next(1) == slash { inBlockComment = false; at += 2 } else { comment.append(byte); at += 1 }
                } else if inMultilineString {
                    if tripleQuote() { inMultilineString = false; at += 3 } else { at += 1 }
                } else if tripleQuote() {
                    inMultilineString = true
                    at += 3
                } else if byte == slash, next(1) == slash {
                    comment += bytes[(at + 2)...]
                    break
                } else if byte == slash, next(1) == star {
                    inBlockComment = true
                    at += 2
                } else if byte == quote || (!isSwift && byte == UInt8(ascii: "'")) {
                    kept += [quote, quote]
                    at += 1
                    while at < bytes.count, bytes[at] != byte { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
                    at += 1
                } else {
                    kept.append(byte)
                    at += 1
                }
            }
            code.append(kept)
            comments.append(String(decoding: comment, as: UTF8.self))
        }
        return (code, comments)
    }
}
