// The syntax of the headless command line: which words are options, their values, and the IMAGE paths.

/// The command line split into options and operands, before any value is interpreted.
struct CommandLineTokens: Equatable {
    /// Option values by option; flags map to "", and a repeated option's values are joined by commas.
    var values: [HeadlessOption: String] = [:]
    var operands: [String] = []

    /// Whether `--help` or `-h` is among the options; it wins over any other mistake on the line,
    /// as in GNU tools, so it is looked for before anything can fail.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }

    /// Splits `arguments` (without the program name). Values come as `--name=value` or as the next
    /// word (`--name value`); a next word that starts with `--` is another option, not a value.
    /// After `--` every word is an IMAGE, for files whose names start with a dash.
    init(_ arguments: [String]) throws(HeadlessError) {
        var index = 0
        var endOfOptions = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if endOfOptions || !Self.looksLikeOption(word) {
                operands.append(word)
                continue
            }
            if word == "--" { endOfOptions = true; continue }
            if word == "-h" { values[.help] = ""; continue }
            guard word.hasPrefix("--") else {
                throw HeadlessError(image: nil, .syntax(.unknownOption(word)))
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline: String? = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let option = HeadlessOption(rawValue: name) else {
                throw HeadlessError(image: nil, .syntax(.unknownOption("--" + name)))
            }
            guard values[option] == nil || option.repeats else {
                throw HeadlessError(image: nil, .syntax(.givenTwice(name)))
            }
            if option.takesValue {
                var value = inline
                if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty else {
                    throw HeadlessError(image: nil, .syntax(.needsValue(name, synopsis: option.synopsis)))
                }
                values[option] = values[option].map { $0 + "," + value } ?? value
            } else {
                guard inline == nil else { throw HeadlessError(image: nil, .syntax(.takesNoValue(name))) }
                values[option] = ""
            }
        }
    }

    /// Whether `option` was given.
    func has(_ option: HeadlessOption) -> Bool { values[option] != nil }

    /// A lone `-` is a name (conventionally standard input), not an option.
    static func looksLikeOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" }
}
