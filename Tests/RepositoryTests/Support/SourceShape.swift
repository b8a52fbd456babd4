// A source file's shape as the guide limits it: its length, its functions' lengths, its header line, its comments.

import Foundation

/// One Swift or C file, read as lines: string literals and comments told apart from code well enough
/// to match braces (the formatter's layout is assumed: one declaration per line).
struct SourceShape {
    let path: String
    let lines: [String]
    /// The code of each line with string literals emptied and comments removed.
    private(set) var code: [String] = []
    /// The comment text of each line ("" for none).
    private(set) var comments: [String] = []

    init(path: String) {
        self.path = path
        var text = Repository.text(path)
        if text.hasSuffix("\n") { text.removeLast() }
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        split()
    }

    var isSwift: Bool { path.hasSuffix(".swift") }

    /// A function and its length in lines, from its declaration to its closing brace.
    struct Function {
        let name: String
        let line: Int
        let length: Int
    }

    /// Swift: `func`, `init`, `deinit`, `subscript` and computed properties with a body; C: every
    /// brace block at file level whose head ends with `)`.
    var functions: [Function] { isSwift ? swiftFunctions : cFunctions }

    private static var swiftDeclaration: Regex<(Substring, Substring)> {
        /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|nonisolated|convenience|required|dynamic)(?:\([a-z]+\))?\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+\s*:[^=]*\x7B\s*$)/
    }

    private var swiftFunctions: [Function] {
        var found: [Function] = []
        var open: [(name: String, line: Int, depth: Int)] = []
        var pending: (name: String, line: Int)?
        var depth = 0
        let declaration = Self.swiftDeclaration
        for (index, line) in code.enumerated() {
            if let match = line.firstMatch(of: declaration) {
                pending = (String(match.output.1), index + 1)
            } else if pending != nil, line.contains("}") || line.firstMatch(of: /^\s*(case|let|var|struct|enum|class)\b/) != nil {
                // A requirement without a body (a protocol's) ends at its line.
                pending = nil
            }
            for character in line {
                if character == "{" {
                    depth += 1
                    if let started = pending {
                        open.append((started.name, started.line, depth))
                        pending = nil
                    }
                } else if character == "}" {
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

    private var cFunctions: [Function] {
        var found: [Function] = []
        var depth = 0
        var head = ""
        var start: (name: String, line: Int)?
        for (index, line) in code.enumerated() {
            for character in line {
                switch character {
                case "{":
                    if depth == 0, head.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(")") {
                        let name = head.firstMatch(of: /(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$/).map { String($0.output.1) }
                        start = (name ?? "?", index + 1)
                    }
                    depth += 1
                case "}":
                    depth -= 1
                    if depth == 0, let begun = start {
                        found.append(Function(name: begun.name, line: begun.line, length: index + 2 - begun.line))
                        start = nil
                    }
                    if depth == 0 { head = "" }
                case ";":
                    if depth == 0 { head = "" }
                default:
                    if depth == 0 { head.append(character) }
                }
            }
            if depth == 0 {
                head.append(" ")
                // A preprocessor line is never a function's head.
                if line.hasPrefix("#") { head = "" }
            }
        }
        return found
    }

    /// Fills `code` and `comments`: string literals (with Swift's multi-line ones) emptied, `//` and
    /// `/* … */` comments moved aside.
    private mutating func split() {
        var inBlockComment = false
        var inMultilineString = false
        for line in lines {
            var kept = ""
            var comment = ""
            var characters = Array(line)[...]
            while let character = characters.first {
                let rest = String(characters.prefix(3))
                if inBlockComment {
                    if rest.hasPrefix("*/") {
                        inBlockComment = false
                        characters = characters.dropFirst(2)
                    } else {
                        comment.append(character)
                        characters = characters.dropFirst()
                    }
                } else if inMultilineString {
                    if rest == "\"\"\"" {
                        inMultilineString = false; characters = characters.dropFirst(3)
                    } else {
                        characters = characters.dropFirst()
                    }
                } else if rest == "\"\"\"" {
                    inMultilineString = true
                    characters = characters.dropFirst(3)
                } else if rest.hasPrefix("//") {
                    comment += String(characters.dropFirst(2))
                    break
                } else if rest.hasPrefix("/*") {
                    inBlockComment = true
                    characters = characters.dropFirst(2)
                } else if character == "\"" || (!isSwift && character == "'") {
                    kept += "\"\""
                    characters = Self.afterLiteral(characters.dropFirst(), closing: character)
                } else {
                    kept.append(character)
                    characters = characters.dropFirst()
                }
            }
            code.append(kept)
            comments.append(comment)
        }
    }

    /// What follows a one-line literal whose opening quote was just read.
    private static func afterLiteral(_ text: ArraySlice<Character>, closing: Character) -> ArraySlice<Character> {
        var rest = text
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\\" { rest = rest.dropFirst() } else if character == closing { return rest }
        }
        return rest
    }
}
