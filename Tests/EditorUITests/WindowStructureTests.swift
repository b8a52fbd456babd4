// The window's structure as ARCHITECTURE.md says it: a small EditorWindow, features keeping their host unowned, no Controller.

import Foundation
import Testing

struct WindowStructureTests {
    /// `Sources/EditorUI`, found from this file's place in the tree.
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/EditorUI")

    /// Every Swift file of the module, by its path under `sources`, with its text.
    private static func files() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func editorWindowIsWhatIsLeftOverAFewFilesAndFields() throws {
        let declaring = try Self.files().filter { file in
            file.text.split(separator: "\n").contains {
                $0.range(of: #"^(public |final |@MainActor )*(class|extension) EditorWindow\b"#, options: .regularExpression)
                    != nil
            }
        }
        #expect(declaring.count <= 4, "\(declaring.map(\.path))")
        #expect(declaring.map { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count }.reduce(0, +) <= 500)
        let window = try #require(declaring.first { $0.text.contains("final class EditorWindow {") })
        // Stored properties: `let` and `var` at the class body's top level, static ones left out.
        var depth = 0, stored = 0, inside = false
        for line in window.text.split(separator: "\n") {
            if line.contains("final class EditorWindow {") { inside = true }
            if inside, depth == 1,
                line.range(of: #"^\s*(private\(set\) |private )?(lazy )?(let|var) "#, options: .regularExpression) != nil
            {
                stored += 1
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if inside, depth == 0, stored > 0 { break }
        }
        #expect(stored > 0 && stored <= 16, "EditorWindow holds \(stored) stored properties")
    }

    @Test func featuresKeepTheirHostUnownedAndNoTypeIsAController() throws {
        for file in try Self.files() {
            #expect(file.text.hasPrefix("// "), "\(file.path) does not start with a line saying its job")
            #expect(file.text.split(separator: "\n", omittingEmptySubsequences: false).count <= 450, "\(file.path) is too long")
            for line in file.text.split(separator: "\n") {
                if line.range(of: #"\blet host: any WindowHost"#, options: .regularExpression) != nil {
                    #expect(line.contains("unowned"), "\(file.path) holds its host strongly: \(line)")
                }
                let controller = #"^\s*(public |private |final |@MainActor )*(class|struct|enum|protocol) \w*Controller\b"#
                #expect(line.range(of: controller, options: .regularExpression) == nil, "\(file.path): \(line)")
            }
        }
    }
}
