// The command line's reasons in the user's language: the German catalogue the project ships, compiled where the binary looks.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Translation {
        /// The package root: this file is Tests/HeadlessTests/HeadlessBinaryTests+Translation.swift.
        private static let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        /// The environment of a German user: a de_DE.UTF-8 locale built into the workspace's logs (no
        /// system-wide one needed) and po/de.po compiled where `CROP_EDITOR_LOCALEDIR` points.
        private func german(_ w: Workspace) throws -> [String: String] {
            let locales = w.logs.appendingPathComponent("locales")
            try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
            try Tool.run("localedef", ["-i", "de_DE", "-c", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path])
            let messages = w.logs.appendingPathComponent("locale/de/LC_MESSAGES")
            try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
            try Tool.run(
                "msgfmt",
                [
                    "--check", "-o", messages.appendingPathComponent("crop-editor.mo").path,
                    Self.packageRoot.appendingPathComponent("po/de.po").path,
                ])
            return [
                "LOCPATH": locales.path, "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de",
                "CROP_EDITOR_LOCALEDIR": w.logs.appendingPathComponent("locale").path,
            ]
        }

        @Test func aGermanUserReadsTheReasonInGerman() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            let before = w.snapshot()
            let environment = try german(w)
            let missing = try w.run(["--crop=100x100+10+10", "--output=out/a.png", "in/missing.jpg"], environment: environment)
            #expect(missing.status == 1)
            #expect(missing.errorLines == ["crop-editor: in/missing.jpg: Datei nicht gefunden"])
            // A reason holding what the command named, placed by the German sentence.
            let folder = try w.run(
                ["--crop=100x100+10+10", "--output=out/nowhere/a.png", "in/photo.jpg"], environment: environment)
            #expect(folder.status == 1)
            #expect(folder.errorLines == ["crop-editor: in/photo.jpg: der Ausgabeordner out/nowhere existiert nicht"])
            #expect(w.snapshot() == before, "a failure changed the workspace")
        }

        @Test func withoutACatalogueTheReasonStaysEnglish() throws {
            let w = try Workspace()
            var environment = try german(w)
            environment["CROP_EDITOR_LOCALEDIR"] = w.logs.appendingPathComponent("nowhere").path
            let result = try w.run(["--crop=100x100+10+10", "--output=out/a.png", "in/missing.jpg"], environment: environment)
            #expect(result.errorLines == ["crop-editor: in/missing.jpg: no such file"])
        }
    }
}
