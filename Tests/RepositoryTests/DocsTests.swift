// The developer docs name only what the tree holds: backticked types, files and folders exist, counted lists add up,
// and meson-notes.md builds every program `make build` builds.

import Foundation
import Testing

@Suite struct DocsTests {
    static let docs = [
        "docs/ARCHITECTURE.md", "docs/HACKING.md", "docs/CONFINEMENT.md", "docs/ACCESSIBILITY.md", "meson-notes.md",
        "CONTRIBUTING.md", "docs/GUIDE.md", "README.md", "docs/BENCHMARKS.md",
    ]

    /// Every backticked name is found by the rule its shape calls for (`DocName`).
    @Test(arguments: docs)
    func everyBacktickedNameIsInTheTree(_ doc: String) {
        let text = DocText(path: doc)
        #expect(!text.prose.isEmpty, "\(doc) is missing or empty")
        for span in Set(text.spans).sorted() {
            if let problem = DocName.problem(span) { Issue.record("\(doc): `\(span)`: \(problem)") }
        }
    }

    /// "Five widget trees are … in `data/ui/`: `a.ui`, `b.ui`, …": the number says how many files the
    /// list names, and the list names every such file of the folder.
    @Test(arguments: docs)
    func everyCountedListOfFilesAddsUp(_ doc: String) {
        for list in CountedList.all(in: DocText(path: doc)) {
            #expect(list.count == list.items.count, "\(doc): “\(list.sentence.prefix(80))…” lists \(list.items.count)")
            if let folder = list.folder {
                let inFolder = Set(
                    Repository.files(under: folder).filter { $0.hasSuffix("." + list.fileExtension) }
                        .map { ($0 as NSString).lastPathComponent })
                #expect(Set(list.items) == inFolder, "\(doc): \(folder) holds \(inFolder.sorted()), the list \(list.items)")
            }
        }
    }

    /// Every link to a file of the tree leads to one, and every `#anchor` to a heading of its page
    /// (GitHub's anchors: the heading in lower case, spaces as hyphens, other punctuation dropped).
    @Test(arguments: docs)
    func everyLinkLeadsSomewhere(_ doc: String) {
        let folder = (doc as NSString).deletingLastPathComponent
        for link in DocText(path: doc).prose.matches(of: /\]\(([^)\s]+)\)/).map({ String($0.output.1) })
        where !link.contains("://") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target =
                parts[0].isEmpty ? doc : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            guard Repository.exists(target, folder: false) else {
                Issue.record("\(doc): (\(link)) leads to no file")
                continue
            }
            if parts.count == 2, target.hasSuffix(".md") {
                let anchors = Repository.text(target).split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                    Self.anchor(of: String($0))
                }
                #expect(anchors.contains(parts[1]), "\(doc): (\(link)): \(target) has no heading for #\(parts[1])")
            }
        }
    }

    static func anchor(of heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(
            title.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }.map { $0 == " " ? "-" : $0 })
    }

    /// The programs `make build` builds are the ones meson-notes.md builds and installs.
    @Test func mesonNotesBuildEveryProgram() {
        let products = Repository.text("Makefile").matches(of: /--product ([\w-]+)/).map { String($0.output.1) }
        #expect(products.count >= 3, "no --product in the Makefile's build")
        let notes = Repository.text("meson-notes.md")
        for product in products {
            #expect(
                notes.contains("`\(product)`") && notes.contains("--product \(product)"), "meson-notes.md leaves out \(product)")
        }
    }

    /// The rules themselves, on names the tree does and does not hold.
    @Test func theRulesTellWhatIsThereFromWhatIsNot() {
        #expect(DocName.problem("CropEditor") == nil)
        #expect(DocName.problem("BatchFailure") != nil)
        #expect(DocName.problem("ShortcutsWindow+XML") != nil)
        #expect(DocName.problem("HeaderBar+Tree") == nil)
        #expect(DocName.problem("ImagingLibraries.pipelineLock") == nil)
        #expect(DocName.problem("ImagingLibraries.noSuchMember") != nil)
        #expect(DocName.problem("UIFiles.builder(\"straighten-bar.ui\")") == nil)
        #expect(DocName.problem("Sources/UIResources/") == nil)
        #expect(DocName.problem("Sources/GResourceBundle/") != nil)
        #expect(DocName.problem("GResourceBundle.h") != nil)
        #expect(DocName.problem("Window/EditorWindow.swift") == nil)
        #expect(DocName.problem("DecodingTests/ConfinementTests") == nil)
        #expect(DocName.problem("GtkShortcutsWindow") == nil, "GTK's, not ours")
        #expect(DocName.problem("IMAGE.xmp") == nil, "a placeholder")
        #expect(DocName.problem("--crop=auto") == nil, "an option, not a name")
        #expect(Self.anchor(of: "## Export and the decoder's cost") == "export-and-the-decoders-cost")
        #expect(Self.anchor(of: "### The widget trees (.ui files)") == "the-widget-trees-ui-files")
        let sentence = "Four widget trees are files in `data/ui/`: `a.ui` (one), `b.ui`, `c.ui` and `d.ui`."
        #expect(
            CountedList(sentence: sentence).map { ($0.count, $0.items, $0.folder) } ?? (0, [], nil) == (
                4, ["a.ui", "b.ui", "c.ui", "d.ui"], "data/ui"
            ))
    }
}

/// A sentence that counts a list of files: "<number> … : `x.ext`, `y.ext` and `z.ext`" (items in
/// parentheses are descriptions, not items).
struct CountedList {
    let sentence: String
    let count: Int
    let items: [String]
    let fileExtension: String
    /// The folder the sentence names before its colon (`data/ui/`), when it names one that exists.
    let folder: String?

    private static let numbers = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
        "twelve": 12,
    ]

    init?(sentence: String) {
        guard let colon = sentence.firstIndex(of: ":") else { return nil }
        let head = sentence[..<colon]
        let words = head.lowercased().split(whereSeparator: { !$0.isLetter })
        guard let count = words.lazy.compactMap({ Self.numbers[String($0)] }).first else { return nil }
        var listed = String(sentence[sentence.index(after: colon)...])
        while let open = listed.range(of: #"\([^()]*\)"#, options: .regularExpression) { listed.removeSubrange(open) }
        let items = listed.matches(of: /`([^`]+)`/).map { String($0.output.1) }
        let extensions = Set(items.map { ($0 as NSString).pathExtension })
        guard items.count >= 2, extensions.count == 1, let fileExtension = extensions.first, !fileExtension.isEmpty else {
            return nil
        }
        self.sentence = sentence
        self.count = count
        self.items = items
        self.fileExtension = fileExtension
        folder = head.matches(of: /`([^`]+)\/`/).map { String($0.output.1) }.first { Repository.exists($0, folder: true) }
    }

    static func all(in text: DocText) -> [CountedList] { text.sentences.compactMap(CountedList.init(sentence:)) }
}
