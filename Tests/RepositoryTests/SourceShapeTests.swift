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
    /// belong in docs/BENCHMARKS.md and git; a comment says why the code is as it is now. What counts
    /// as one is `FigureInComment`'s rule.
    @Test(arguments: Repository.moduleFolders.filter { $0.hasPrefix("Sources/") } + ["Package.swift"])
    func noCommentHoldsFiguresOrHistory(_ folder: String) {
        let shapes = folder.hasSuffix(".swift") ? [SourceShape(path: folder)] : Self.sources(folder)
        for file in shapes {
            for block in FigureInComment.blocks(of: file.comments) {
                if let rotting = FigureInComment.find(in: block.text) {
                    Issue.record("\(file.path):\(block.line): “\(rotting)” in a comment")
                }
            }
        }
    }

    @Test func theCheckerSeesWhatItMustSee() {
        let rotting = [
            " the whole command 174 ms instead of 198.", " (the result is then lossy, as before)", " system time 5.3 s → 2.1 s",
            " measured at stop 31", " it was 230 ms", " building it took 40 ms for a 24 MP JPEG's picture",
            " software OpenGL starts slower and takes 130 MiB more", " decodes in 0.8 s against 1.2 s for a screen",
            " (two screen-sized surfaces, ~8 MB at 1920 × 1080)", " Discs and clouds measured 1.0–1.45", " now 3× faster",
        ]
        for comment in rotting { #expect(FigureInComment.find(in: comment) != nil, "\(comment)") }
        let facts = [
            " GNOME repeats a held key every 30 ms, after 500 ms", " 0.5 → \"50\"", " How long a reset takes, in seconds.",
            " `crop.move-left` … `crop.reset`: one step of 5 %, as a screen reader's actions.",
            " advised for 2 MB pages, so a frame misses the TLB less", " the line \"about 9 s left\", redrawn in place",
            " Headers fit in 1 MiB; a partial file is fine.", " 44-point grips, more than a finger needs",
        ]
        for comment in facts { #expect(FigureInComment.find(in: comment) == nil, "\(comment)") }
        let block = FigureInComment.blocks(of: ["", " The first frame took", "/ 40 ms.", "", "/ Alone."])
        #expect(block.map(\.line) == [2, 5] && FigureInComment.find(in: block[0].text) != nil)
        let shape = SourceShape(path: "Tests/RepositoryTests/SourceShapeTests.swift")
        #expect(shape.functions.contains { $0.name == "func noFileIsLongerThanTheLimit" && $0.length == 5 })
        let c = SourceShape(path: "Sources/CTurboJPEG/crop.h")
        #expect(c.functions.contains { $0.name == "cjc_crop" }, "\(c.functions.map(\.name))")
    }
}
