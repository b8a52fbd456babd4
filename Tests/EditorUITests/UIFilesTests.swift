// Every widget tree in data/ui builds with GtkBuilder under libadwaita, and the copy embedded in the binary is the file.

import CGtk
import Foundation
import GtkSupport
import UIResources
import XCTest

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class UIFilesTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/ui")

    /// The .ui files of data/ui.
    private static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".ui") }.sorted()
    }

    func testEveryObjectOfEveryFileBuilds() throws {
        try GtkTestSupport.requireDisplay()
        XCTAssertFalse(Self.files.isEmpty, "no .ui file in \(Self.folder.path)")
        MainActor.assumeIsolated {
            for file in Self.files {
                // libadwaita's types (AdwHeaderBar, …) are known once it is initialised, as in the editor.
                let builder = gtk_builder_new()!
                defer { g_object_unref(builder.raw) }
                var error: UnsafeMutablePointer<GError>?
                let built = gtk_builder_add_from_file(builder, Self.folder.appendingPathComponent(file).path, &error)
                XCTAssertNotEqual(built, 0, "\(file): \(error.map { String(cString: $0.pointee.message) } ?? "")")
                if let error { g_error_free(error) }
                let objects = gtk_builder_get_objects(builder)
                XCTAssertGreaterThan(g_slist_length(objects), 0, "\(file) made no object")
                g_slist_free(objects)
            }
        }
    }

    /// The binary holds each file of data/ui as it is there: SwiftPM embeds the folder when the
    /// target builds, and `UIResources.contents(of:)` names each file.
    func testTheBinaryHoldsEveryFileAsItIs() throws {
        XCTAssertFalse(Self.files.isEmpty, "no .ui file in \(Self.folder.path)")
        for file in Self.files {
            guard let embedded = UIResources.contents(of: file) else {
                XCTFail("\(file) is not reachable in the binary: name it in UIResources.contents(of:)")
                continue
            }
            let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent(file))
            XCTAssertEqual(Data(embedded), onDisk, "the binary's \(file) is not data/ui's")
        }
        XCTAssertNil(UIResources.contents(of: "no-such-file.ui"))
    }

    /// Action names live in the action enums: the files leave them, and tooltips, to code.
    func testNoFileNamesAnAction() throws {
        for file in Self.files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertNil(text.range(of: #"(win|app|crop|view)\.[a-z]"#, options: .regularExpression), "\(file) names an action")
        }
    }
}
