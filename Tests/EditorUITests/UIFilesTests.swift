// Every widget tree in data/ui builds with GtkBuilder where libadwaita is initialised, and the copy compiled into the binary is the file.

import CGtk
import Foundation
import GtkSupport
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

    func testTheCompiledInBundleHoldsEveryFileAsItIs() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated { UIFiles.register() }
        for file in Self.files {
            var error: UnsafeMutablePointer<GError>?
            guard let bytes = g_resources_lookup_data(UIFiles.prefix + file, G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
                XCTFail("\(file) is not in the compiled-in bundle: run make ui-resources")
                if let error { g_error_free(error) }
                continue
            }
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = g_bytes_get_data(bytes, &size).map { Data(bytes: $0, count: size) }
            let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent(file))
            XCTAssertEqual(data, onDisk, "the bundle's \(file) is older than data/ui's: run make ui-resources")
        }
    }

    /// Action names live in the action enums: the files leave them, and tooltips, to code.
    func testNoFileNamesAnAction() throws {
        for file in Self.files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertNil(text.range(of: #"(win|app|crop|view)\.[a-z]"#, options: .regularExpression), "\(file) names an action")
        }
    }
}
