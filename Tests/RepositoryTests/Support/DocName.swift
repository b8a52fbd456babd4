// What a backticked name in a developer doc claims about the tree, and whether the tree holds it.

import Foundation

/// A backticked span of a doc, read by the rule its shape calls for:
/// - a file of the tree by its name (`Makefile`); a Swift file's name or path (`UIFiles.swift`,
///   `Window/EditorWindow+Refresh.swift`), a `.ui` or `.md` file's, or a C file's under a module
///   (`CVips/trim.h`): some file of the tree ends with it;
/// - an extension file's name without `.swift` (`HeaderBar+Tree`): that Swift file exists;
/// - a path under one of the checkout's own folders (`Sources/…`, `Tests/…`, `data/…`, `docs/…`,
///   `scripts/…`, `po/…`, `.ci/…`; a folder ends with `/`): it exists;
/// - a test as `Target/Suite`: the target is a test target and the suite a declared type;
/// - a Swift name (`CropEditor`, `DecoderPool.shared.export`, `UIFiles.builder("x.ui")`): the type is
///   declared in Sources or Tests (or names a target, or a Swift file there) and each member after it
///   is declared too; C libraries' and the platform's types are not ours to check (`foreignPrefixes`).
/// Anything else (commands, values, options, installed places, other projects' files) is prose.
enum DocName {
    /// Types of GTK, GDK, GSK, libadwaita, libvips and Dispatch, and the kernel's `/proc` fields (`VmHWM`), which
    /// docs name beside ours.
    static let foreignPrefixes = ["Gtk", "Gdk", "Gsk", "Adw", "Vips", "Dispatch", "Vm"]
    /// Files meson-notes.md proposes for a meson build, which the tree deliberately does not keep.
    static let proposedFiles: Set<String> = ["meson.build", "meson_options.txt", "po/meson.build"]
    static let ownFolders: Set<String> = ["Sources", "Tests", "data", "docs", "scripts", "po", ".ci"]
    private static let fileExtensions = ["swift", "ui", "md"]

    /// Why `span` names nothing in the tree, or nil when it does (or is not a name the tree must hold).
    static func problem(_ span: String) -> String? {
        if proposedFiles.contains(span) || Repository.fileNames.contains(span) || span.hasPrefix(".") && !span.contains("/")
            || span.contains(" ") && !span.contains("(")
        {
            return nil
        }
        let ext = (span as NSString).pathExtension
        if fileExtensions.contains(ext), span.firstMatch(of: /^[\w.+\/-]+$/) != nil { return file(span) }
        // C files are checked where they are ours: under a module's folder (`CVips/trim.h`) or one of the checkout's.
        if ["c", "h"].contains(ext), let first = span.split(separator: "/").first, span.contains("/"),
            ownFolders.contains(String(first)) || Repository.moduleFolders.contains { $0.hasSuffix("/" + first) }
        {
            return file(span)
        }
        if span.firstMatch(of: /^[A-Z][A-Za-z0-9]*\+[A-Z][A-Za-z0-9]*$/) != nil {
            return Repository.fileNames.contains(span + ".swift") ? nil : "no file \(span).swift"
        }
        if span.contains("/"), span.firstMatch(of: /^[\w.+\/-]+$/) != nil { return path(span) }
        if let name = span.firstMatch(of: /^([A-Z][A-Za-z0-9_]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\(.*\))?$/),
            name.output.1.contains(where: \.isLowercase)
        {
            return swiftName(String(name.output.1), members: name.output.2.split(separator: ".").map(String.init))
        }
        return nil
    }

    private static func file(_ span: String) -> String? {
        let base = (span as NSString).lastPathComponent
        // `IMAGE.xmp`, `LANG.po`: placeholders, not files.
        guard base.contains(where: \.isLowercase) else { return nil }
        let found =
            span.contains("/")
            ? Repository.allFiles.contains { $0 == span || $0.hasSuffix("/" + span) }
            : Repository.fileNames.contains(span)
        return found ? nil : "no file \(span)"
    }

    private static func path(_ span: String) -> String? {
        let parts = span.split(separator: "/").map(String.init)
        if parts.count == 2, Repository.exists("Tests/" + parts[0], folder: true) {
            return SwiftDeclarations.types.contains(parts[1]) ? nil : "no test suite \(parts[1]) in \(parts[0])"
        }
        guard let first = parts.first, ownFolders.contains(first) else { return nil }
        // Placeholders (`.build-fuzz/crashes/TARGET/`, `po/LANG.po`) are patterns, not paths.
        guard !parts.contains(where: { !$0.contains(where: \.isLowercase) && $0.contains(where: \.isLetter) }) else {
            return nil
        }
        return Repository.exists(span, folder: span.hasSuffix("/"))
            ? nil : "no \(span.hasSuffix("/") ? "folder" : "file") \(span)"
    }

    private static func swiftName(_ type: String, members: [String]) -> String? {
        let known =
            SwiftDeclarations.types.contains(type) || Repository.exists("Sources/" + type, folder: true)
            || Repository.exists("Tests/" + type, folder: true) || Repository.fileNames.contains(type + ".swift")
        if !known {
            return foreignPrefixes.contains(where: type.hasPrefix) ? nil : "no type \(type) declared in Sources or Tests"
        }
        for member in members {
            let declared =
                member.first?.isUppercase == true
                ? SwiftDeclarations.types.contains(member) : SwiftDeclarations.members.contains(member)
            if !declared { return "no \(member) declared (in \(type)…)" }
        }
        return nil
    }
}

/// A doc's text as its names and sentences: fenced code left out, backticked spans in order.
struct DocText {
    let path: String
    /// The text without its fenced code blocks.
    let prose: String

    init(path: String) {
        self.path = path
        var kept: [Substring] = []
        var fenced = false
        for line in Repository.text(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
            } else if !fenced {
                kept.append(line)
            }
        }
        prose = kept.joined(separator: "\n")
    }

    /// Every backticked span of the prose.
    var spans: [String] { prose.matches(of: /`([^`\n]+)`/).map { String($0.output.1) } }

    /// The prose in sentences: split after a full stop, outside backticks and parentheses, and at blank lines.
    var sentences: [String] {
        var found: [String] = []
        var current = ""
        var inCode = false
        var depth = 0
        var previous: Character = " "
        for character in prose {
            if character == "`" { inCode.toggle() }
            if !inCode, character == "(" { depth += 1 }
            if !inCode, character == ")" { depth = max(depth - 1, 0) }
            let ends = !inCode && depth == 0 && previous == "." && (character == " " || character == "\n")
            if ends || (character == "\n" && previous == "\n") {
                found.append(current)
                current = ""
                depth = 0
                inCode = false
            } else {
                current.append(character)
            }
            previous = character
        }
        found.append(current)
        return found
    }
}
