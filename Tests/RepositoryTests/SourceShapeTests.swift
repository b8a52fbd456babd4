// Every module's sources keep the guide's shape: files and functions short, one header line within the formatter's width, no
// figures or history in code comments.

import Foundation
import Testing

@Suite struct SourceShapeTests {
    static let longestFile = 450
    static let longestFunction = 80
    static let widestHeader = 130

    /// The Swift and C files of a module or test target.
    private static func sources(_ folder: String) -> [SourceShape] {
        SourceShape.all.filter { $0.key.hasPrefix(folder + "/") }.sorted { $0.key < $1.key }.map(\.value)
    }

    @Test(arguments: Repository.moduleFolders)
    func noFileIsLongerThanTheLimit(_ folder: String) {
        for file in Self.sources(folder) {
            #expect(file.lines.count <= Self.longestFile, "\(file.path) has \(file.lines.count) lines")
        }
    }

    @Test(arguments: Repository.moduleFolders)
    func noFunctionIsLongerThanTheLimit(_ folder: String) {
        for file in Self.sources(folder) {
            for function in file.functions where function.length > Self.longestFunction {
                Issue.record("\(file.path):\(function.line): \(function.name) has \(function.length) lines")
            }
        }
    }

    /// The first line says the file's job in one line the formatter's width holds.
    @Test(arguments: Repository.moduleFolders)
    func theHeaderLineFitsTheWidth(_ folder: String) {
        for file in Self.sources(folder) {
            let header = file.lines.first ?? ""
            #expect(header.count <= Self.widestHeader, "\(file.path): its first line has \(header.count) characters")
            #expect(header.hasPrefix("//") || header.hasPrefix("/*"), "\(file.path) starts without a comment saying its job")
        }
    }

    /// Figures that rot and the history of a change ("174 ms instead of 198", "as before", "stop 31")
    /// belong in docs/BENCHMARKS.md and git; a comment says why the code is as it is now.
    @Test(arguments: Repository.moduleFolders.filter { $0.hasPrefix("Sources/") } + ["Package.swift"])
    func noCommentHoldsFiguresOrHistory(_ folder: String) {
        let shapes = folder.hasSuffix(".swift") ? [SourceShape(path: folder)] : Self.sources(folder)
        for file in shapes {
            for (index, comment) in file.comments.enumerated() {
                if let rotting = FigureInComment.find(in: comment) {
                    Issue.record("\(file.path):\(index + 1): “\(rotting)” in a comment")
                }
            }
        }
    }

    @Test func theCheckerSeesWhatItMustSee() {
        #expect(FigureInComment.find(in: " the whole command 174 ms instead of 198.") != nil)
        #expect(FigureInComment.find(in: " (the result is then lossy, as before)") != nil)
        #expect(FigureInComment.find(in: " system time 5.3 s → 2.1 s") != nil)
        #expect(FigureInComment.find(in: " measured at stop 31") != nil)
        #expect(FigureInComment.find(in: " it was 230 ms") != nil)
        #expect(FigureInComment.find(in: " GNOME repeats a held key every 30 ms, after 500 ms") == nil)
        #expect(FigureInComment.find(in: " 0.5 → \"50\"") == nil)
        let shape = SourceShape(path: "Tests/RepositoryTests/SourceShapeTests.swift")
        #expect(shape.functions.contains { $0.name == "func noFileIsLongerThanTheLimit" && $0.length == 5 })
        let c = SourceShape(path: "Sources/CTurboJPEG/crop.h")
        #expect(c.functions.contains { $0.name == "cjc_crop" }, "\(c.functions.map(\.name))")
    }
}

/// The patterns of a figure that rots or of history, in a comment's text.
enum FigureInComment {
    private static let pattern = try! NSRegularExpression(
        pattern: [
            #"\bas before\b"#,
            #"\binstead of [0-9]"#,
            #"[0-9](?:\.[0-9]+)? ?(?:ms|µs|s|MB|MiB|GB|KB|KiB) ?(?:→|->) ?[0-9]"#,
            #"\bstop [0-9]+\b"#,
            #"\bwas [0-9]+(?:\.[0-9]+)? ?(?:ms|µs|s|MB|MiB|GB|KB|KiB|%)"#,
        ].joined(separator: "|"))

    static func find(in comment: String) -> String? {
        guard comment.contains(where: \.isNumber) || comment.contains("as before") else { return nil }
        guard let match = pattern.firstMatch(in: comment, range: NSRange(comment.startIndex..., in: comment)),
            let range = Range(match.range, in: comment)
        else { return nil }
        return String(comment[range])
    }
}
