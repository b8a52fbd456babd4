// After a save: Show in Files asks the file manager on the bus; Open With offers the result or the photo; trashing asks.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AfterSavingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("after-saving") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Saves `window`'s crop beside its photo and waits: the file Save wrote.
    @MainActor private static func save(_ window: EditorWindow) -> String? {
        window.saving.save()
        XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving })
        XCTAssertNil(window.lastError)
        return window.saving.lastSavedPath
    }

    func testTheSaveToastShowsTheNewFileInTheFileManager() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "a photo.png", size: "300x200")
        try MainActor.assumeIsolated {
            // A file manager of the test's own, on the session bus the window uses.
            let manager = try RecordingBusService.fileManager()
            defer { manager.stop() }
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertFalse(Self.enabled(window, .showInFiles), "Show in Files before anything was saved")
            let saved = try XCTUnwrap(Self.save(window))
            XCTAssertEqual(window.lastToast, "Saved “a photo (cropped).png”")
            XCTAssertEqual(window.lastToastAction, WindowAction.showInFiles.detailed)
            XCTAssertTrue(Self.enabled(window, .showInFiles))
            window.activate(.showInFiles)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !manager.calls.isEmpty }, "the file manager was never asked")
            XCTAssertEqual(manager.calls.map(\.method), ["ShowItems"])
            XCTAssertEqual(manager.calls.first?.arguments[0], .strings([Files.uri(ofPath: saved)]))
            XCTAssertTrue(Files.uri(ofPath: saved).hasSuffix("/a%20photo%20(cropped).png"), Files.uri(ofPath: saved))
            XCTAssertNil(window.lastError)
        }
    }

    func testOpenWithOffersTheResultSavedFromThePictureElseThePhoto() throws {
        try GtkTestSupport.requireDisplay()
        let first = GtkTestSupport.greyFile(folder, "first.png", size: "300x200")
        let second = GtkTestSupport.greyFile(folder, "second.png", size: "300x200")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: first)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(window.openWith.file, first)
            let saved = try XCTUnwrap(Self.save(window))
            XCTAssertEqual(window.openWith.file, saved)
            // Another photo: its own file, not the first one's result.
            window.open(path: second)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.image?.path == second })
            XCTAssertEqual(window.openWith.file, second)
            XCTAssertTrue(Self.enabled(window, .openWith))
            // The chooser asks for the file's type, over the window.
            window.activate(.openWith)
            let chooser = try XCTUnwrap(Self.toplevel(ofType: gtk_app_chooser_dialog_get_type()), "no application chooser")
            XCTAssertEqual(String(cString: gtk_app_chooser_get_content_type(OpaquePointer(chooser))), "image/png")
            XCTAssertEqual(
                String(cString: gtk_app_chooser_dialog_get_heading(OpaquePointer(chooser))), "Open “second.png” with…")
            gtk_dialog_response(chooser.raw.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertTrue(GtkDisplay.pump { Self.toplevel(ofType: gtk_app_chooser_dialog_get_type()) == nil })
            XCTAssertNil(window.lastError)
        }
    }

    func testAPastedPictureOpensElsewhereOnlyOnceSavedAndNeverGoesToTheTrash() throws {
        try GtkTestSupport.requireDisplay()
        let png = folder.appendingPathComponent("pasted.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "120x80", "xc:#884422", png]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        MainActor.assumeIsolated {
            let window = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.present()
            window.open(.pasted(bytes))
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.image?.pasted != nil })
            XCTAssertNil(window.openWith.file)
            for action in [WindowAction.openWith, .trash] {
                XCTAssertFalse(Self.enabled(window, action), "\(action) on a pasted picture")
            }
            for action in [WindowAction.print, .setBackground] {
                XCTAssertTrue(Self.enabled(window, action), "no \(action) for a pasted picture")
            }
            window.trash.trash()
            XCTAssertFalse(window.trash.isMoving)
            XCTAssertNil(Self.toplevel(ofType: adw_message_dialog_get_type()), "asked about trashing a pasted picture")
        }
    }

    func testTrashingAPhotoWhoseCropIsUnsavedAsksFirstAndCancellingKeepsIt() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "kept.png", size: "300x200")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(Self.enabled(window, .trash))
            window.canvas.apply(.moveLeft)
            window.canvas.apply(.makeNarrower)
            window.activate(.trash)
            let question = Self.toplevel(ofType: adw_message_dialog_get_type())
            XCTAssertNotNil(question, "no question before trashing an unsaved crop")
            if let question {
                let message = question.raw.assumingMemoryBound(to: AdwMessageDialog.self)
                XCTAssertEqual(String(cString: adw_message_dialog_get_heading(message)), "Move “kept.png” to the trash?")
                XCTAssertEqual(adw_message_dialog_get_response_appearance(message, "trash"), ADW_RESPONSE_DESTRUCTIVE)
                adw_message_dialog_response(message, "cancel")
            }
            GtkDisplay.settle(0.3)
            XCTAssertFalse(window.trash.isMoving)
            XCTAssertEqual(window.canvas.image?.path, photo)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo)), before)
    }

    @MainActor private static func enabled(_ window: EditorWindow, _ action: WindowAction) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), action.name) != 0
    }

    /// A shown toplevel window of `type`, if one is open.
    @MainActor static func toplevel(ofType type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        var node = toplevels
        while let current = node {
            if let widget = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
                g_type_check_instance_is_a(widget.raw.assumingMemoryBound(to: GTypeInstance.self), type) != 0,
                gtk_widget_get_visible(widget) != 0
            {
                return widget
            }
            node = current.pointee.next
        }
        return nil
    }
}
