// The window's action table: what is enabled when, settings as actions shared by windows, keys and tooltips from the one table.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ActionTableTests: XCTestCase {
    /// An accelerator's key and modifiers.
    private static func parsed(_ accel: String) -> [UInt32] {
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        XCTAssertNotEqual(gtk_accelerator_parse(accel, &key, &modifiers), 0, accel)
        return [key, modifiers.rawValue]
    }

    @MainActor private static func enabled(_ window: EditorWindow, _ action: WindowAction) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), action.name) != 0
    }

    func testSaveAndKeepCropAreInsensitiveOnTheDemoAndPictureActionsWithoutAPicture() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("actions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "grey.png", size: "300x200")
        MainActor.assumeIsolated {
            let demo = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(demo.window.raw)) }
            // The demo has no file: nothing to save or keep beside it (GNOME's HIG: insensitive).
            for name in [
                WindowAction.save, .saveAs, .keepCrop, .undo, .redo, .showInFiles, .print, .setBackground, .openWith, .trash,
            ] {
                XCTAssertFalse(Self.enabled(demo, name), "\(name) is enabled on the demo")
            }
            for name in [WindowAction.open, .reset, .rotateRight, .zoomIn, .closeImage, .toggleShape] {
                XCTAssertTrue(Self.enabled(demo, name), "\(name) is disabled on the demo")
            }
            // Undo and redo follow the history.
            demo.canvas.apply(.moveLeft)
            XCTAssertTrue(Self.enabled(demo, .undo))
            demo.canvas.undo()
            XCTAssertFalse(Self.enabled(demo, .undo))
            XCTAssertTrue(Self.enabled(demo, .redo))
            // No picture: picture actions are insensitive too.
            demo.closeImage()
            for name in [WindowAction.reset, .rotateRight, .flipHorizontal, .zoomIn, .zoomFit, .closeImage] {
                XCTAssertFalse(Self.enabled(demo, name), "\(name) is enabled without a picture")
            }
            XCTAssertTrue(Self.enabled(demo, .open))

            let photo = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(photo.window.raw)) }
            for name in [WindowAction.save, .saveAs, .keepCrop, .reset, .zoomIn] {
                XCTAssertTrue(Self.enabled(photo, name), "\(name) is disabled for a photo")
            }
            XCTAssertFalse(Self.enabled(photo, .snapLossless), "a PNG has no block grid to snap to")
        }
    }

    /// GIO's criticals counted while a test listens (a C log handler cannot capture).
    nonisolated(unsafe) private static var gioCriticals = 0

    func testAClosedWindowHearsNoMoreOfTheSettings() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let settings = AppSettings.shared!
            defer { g_settings_reset(settings, AppSettings.guidesKey) }
            for _ in 0..<3 { gtk_window_destroy(cgtk_window(GtkTestSupport.demoWindow().window.raw)) }
            GtkDisplay.catchUp()
            Self.gioCriticals = 0
            let handler = g_log_set_handler(
                "GLib-GIO", G_LOG_LEVEL_CRITICAL,
                { _, _, _, _ in
                    ActionTableTests.gioCriticals += 1
                }, nil)
            defer { g_log_remove_handler("GLib-GIO", handler) }
            // A closed window's group is freed: a change of the setting must not reach it.
            g_settings_set_string(settings, AppSettings.guidesKey, "grid")
            g_settings_set_string(settings, AppSettings.guidesKey, "diagonals")
            XCTAssertEqual(Self.gioCriticals, 0)
        }
    }

    func testSettingActionsAreSharedByEveryWindow() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let settings = AppSettings.shared!
            defer {
                g_settings_reset(settings, AppSettings.previewPanelKey)
                g_settings_reset(settings, AppSettings.guidesKey)
            }
            let first = GtkTestSupport.demoWindow(), second = GtkTestSupport.demoWindow()
            defer {
                gtk_window_destroy(cgtk_window(first.window.raw))
                gtk_window_destroy(cgtk_window(second.window.raw))
            }
            XCTAssertFalse(first.previews.isShown || second.previews.isShown)
            // F9's action in one window is the setting: both windows follow it.
            g_action_group_activate_action(OpaquePointer(first.window.raw), AppSettings.previewPanelKey, nil)
            XCTAssertNotEqual(g_settings_get_boolean(settings, AppSettings.previewPanelKey), 0)
            XCTAssertTrue(first.previews.isShown && second.previews.isShown)
            g_action_group_change_action_state(
                OpaquePointer(second.window.raw), AppSettings.guidesKey, g_variant_new_string("grid"))
            XCTAssertEqual(first.canvas.guideStyle, .grid)
            XCTAssertEqual(second.canvas.guideStyle, .grid)
            // Written from outside (another process, dconf): the windows and the actions' states follow.
            g_settings_set_string(settings, AppSettings.guidesKey, "diagonals")
            XCTAssertEqual(first.canvas.guideStyle, .diagonals)
            let state = g_action_group_get_action_state(OpaquePointer(first.window.raw), AppSettings.guidesKey)!
            defer { g_variant_unref(state) }
            XCTAssertEqual(String(cString: g_variant_get_string(state, nil)), "diagonals")
        }
    }

    func testKeysShortcutsAndTooltipsComeFromTheOneTable() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let app = cgtk_application(GtkTestSupport.application.application.raw)
            for entry in WindowAction.entries where !entry.accels.isEmpty {
                // Installed as the table says.
                let accels = gtk_application_get_accels_for_action(app, "win.\(entry.name)")
                var installed: [String] = []
                var i = 0
                while let accel = accels?[i] { installed.append(String(cString: accel)); i += 1 }
                g_strfreev(accels)
                // GTK writes them back in its own order of modifiers: compare what they mean.
                XCTAssertEqual(installed.map(Self.parsed), entry.accels.map(Self.parsed), "win.\(entry.name)")
                // Listed in the shortcuts window's group.
                XCTAssertTrue(
                    ShortcutsWindow.windowShortcuts.contains { $0.action == "win.\(entry.name)" && $0.accels == entry.accels },
                    "win.\(entry.name) is not in the shortcuts window")
            }
            // A header control's tooltip is its action's words and first key, as GTK writes keys.
            XCTAssertEqual(gtk_widget_get_tooltip_text(window.header.undoButton).map { String(cString: $0) }, "Undo (Ctrl+Z)")
            XCTAssertEqual(
                gtk_widget_get_tooltip_text(window.header.saveButton).map { String(cString: $0) },
                "Save the crop beside the photo (Ctrl+S)")
            XCTAssertEqual(
                gtk_widget_get_tooltip_text(window.header.controls[0]).map { String(cString: $0) }, "Open an image (Ctrl+O)")
        }
    }

    func testEveryWindowActionIsInstalledAndTheCropAreaZoomsThroughTheWindowsOne() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for action in WindowAction.allCases {
                if case .builtIn = action.entry.kind { continue }
                XCTAssertNotEqual(g_action_group_has_action(OpaquePointer(window.window.raw), action.name), 0, action.detailed)
            }
            // Zoom is declared once: the crop area has no zoom action of its own, and the window's
            // reaches it from inside the crop area (where its bare keys are bound).
            XCTAssertEqual(gtk_widget_activate_action_variant(window.canvas.widget, "view.zoom-in", nil), 0)
            XCTAssertNotEqual(gtk_widget_activate_action_variant(window.canvas.widget, WindowAction.zoomIn.detailed, nil), 0)
            XCTAssertEqual(window.canvas.zoom.zoom, Viewport.zoomStep, accuracy: 1e-9)
        }
    }
}
