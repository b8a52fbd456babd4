// The checkout read as text: its folders and files, and what its Swift sources declare.

import Foundation

/// The repository these tests were built from, read from disk (no build product, no GTK).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Folders no check reads: build products, git's own, and links back into the tree (`Sources/UIResources/ui`).
    private static let skipped: Set<String> = [".build", ".build-fuzz", ".git", ".swiftpm"]

    /// Every file under `folder` (relative to the root), as paths relative to the root; links are not followed.
    static func files(under folder: String) -> [String] {
        let start = root.appendingPathComponent(folder)
        guard
            let walker = FileManager.default.enumerator(
                at: start, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true {
                walker.skipDescendants()
                continue
            }
            guard values?.isRegularFile == true else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return found.sorted()
    }

    /// Every file of the checkout.
    static let allFiles: [String] = files(under: ".")

    /// The file names of the checkout, for a doc that names a file without its folder.
    static let fileNames: Set<String> = Set(allFiles.map { ($0 as NSString).lastPathComponent })

    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static func exists(_ path: String, folder: Bool) -> Bool {
        var isFolder: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
        return found && (!folder || isFolder.boolValue)
    }

    /// The modules and test targets: each folder of Sources and Tests.
    static var moduleFolders: [String] {
        ["Sources", "Tests"].flatMap { top in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(top).path)) ?? [])
                .filter { exists(top + "/" + $0, folder: true) }.map { top + "/" + $0 }
        }.sorted()
    }
}

/// What the Swift sources of Sources and Tests declare: type names, and member names by the line
/// that declares them (`func name`, `var name`, `let name`, `case name`, `init`).
enum SwiftDeclarations {
    static let swiftFiles = Repository.allFiles.filter {
        ($0.hasPrefix("Sources/") || $0.hasPrefix("Tests/")) && $0.hasSuffix(".swift")
    }

    static let types: Set<String> = names(
        matching: #"\b(?:class|struct|enum|protocol|actor|typealias|associatedtype)\s+([A-Z][A-Za-z0-9_]*)"#)

    /// Declared members, and every name of a `case a, b(Int), c = "x"` list.
    static let members: Set<String> = {
        var found = names(matching: #"\b(?:func|var|let|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
        for list in names(matching: #"(?m)^\s*(?:public |package |indirect )*case\s+([^\n]+)$"#) {
            for item in list.split(separator: ",") {
                let name = item.drop { $0 == " " || $0 == "." }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty { found.insert(String(name)) }
            }
        }
        return found
    }()

    /// The first group of every match of `pattern` in the Swift sources (NSRegularExpression: Swift's
    /// own regexes are slow over the whole tree).
    private static func names(matching pattern: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        var found = Set<String>()
        for file in swiftFiles {
            let text = Repository.text(file)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { found.insert(String(text[range])) }
            }
        }
        return found
    }
}
