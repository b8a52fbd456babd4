// The shortcuts window (Ctrl+?) as built: File, Edit, View and Crop area groups, each listing the keys the app installs.

import CGtk
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ShortcutsWindowTests: XCTestCase {
    /// The groups of the window's shortcuts window as GTK holds them: title → (shortcut title, accelerator).
    /// GtkShortcutsSection splits a tall group into columns under the same title: those are joined.
    @MainActor private static func shownGroups(_ window: EditorWindow) -> [(title: String, rows: [(String, String)])] {
        let appWindow = window.window.raw.assumingMemoryBound(to: GtkApplicationWindow.self)
        // Built when the main loop is first idle, after the window's first frame.
        XCTAssertTrue(GtkDisplay.pump { gtk_application_window_get_help_overlay(appWindow) != nil })
        let overlay = gtk_application_window_get_help_overlay(appWindow)
        var groups: [(title: String, rows: [(String, String)])] = []
        func string(_ object: UnsafeMutablePointer<GtkWidget>, _ property: String) -> String {
            var value = GValue()
            g_value_init(&value, cgtk_string_type())
            defer { g_value_unset(&value) }
            g_object_get_property(cgtk_object(object.raw), property, &value)
            return g_value_get_string(&value).map { String(cString: $0) } ?? ""
        }
        func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
            g_type_check_instance_is_a(widget.raw.assumingMemoryBound(to: GTypeInstance.self), type) != 0
        }
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if isA(widget, gtk_shortcuts_group_get_type()) {
                let title = string(widget, "title")
                if groups.last?.title != title { groups.append((title, [])) }
            } else if isA(widget, gtk_shortcuts_shortcut_get_type()), !groups.isEmpty {
                groups[groups.count - 1].rows.append((string(widget, "title"), string(widget, "accelerator")))
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                walk(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        if let overlay { walk(cgtk_widget(overlay.raw)) }
        return groups
    }

    func testShortcutsAreGroupedAsFileEditViewAndCropArea() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let groups = Self.shownGroups(window)
            XCTAssertEqual(groups.map(\.title), ["File", "Edit", "View", "Crop area (when focused)"])
            func group(of title: String) -> String? { groups.first { $0.rows.contains { $0.0 == title } }?.title }
            // Where people look for each kind of key.
            for title in ["Open an image", "Save the crop beside the photo", "Save the crop as…", "Quit", "Close the window"] {
                XCTAssertEqual(group(of: title), "File", title)
            }
            for title in [
                "Undo", "Redo", "Reset the crop", "Rotate left", "Rotate right", "Straighten: turn the picture by any angle",
            ] {
                XCTAssertEqual(group(of: title), "Edit", title)
            }
            for title in ["Zoom in", "Zoom out", "Show or hide the previews", "Fit the picture in the window"] {
                XCTAssertEqual(group(of: title), "View", title)
            }
            for title in [
                "Move left by 1 %", "Make wider by one pixel", "Cancel the drag in progress", "Straighten clockwise by 0.1°",
                "Straighten counterclockwise by 1°", "Level the picture by its lines",
            ] {
                XCTAssertEqual(group(of: title), "Crop area (when focused)", title)
            }
            // Straighten mode's key, and the crop area's straighten keys as GTK names them.
            XCTAssertTrue(
                groups.contains { $0.rows.contains { $0 == ("Straighten: turn the picture by any angle", "<Control>t") } })
            let cropArea = groups.last?.rows ?? []
            for (title, accelerator) in [
                ("Straighten clockwise by 0.1°", "bracketright"), ("Straighten counterclockwise by 0.1°", "bracketleft"),
                ("Straighten clockwise by 1°", "<Shift>bracketright"), ("Level the picture by its lines", "l"),
            ] {
                XCTAssertTrue(cropArea.contains { $0 == (title, accelerator) }, "\(title): \(cropArea)")
            }
            // Each title once: no row in two groups, none left out.
            let titles = groups.flatMap { $0.rows.map(\.0) }
            XCTAssertEqual(titles.count, Set(titles).count, "a shortcut is listed twice")
        }
    }

    func testTheWindowListsExactlyTheTablesTheKeysAreInstalledFrom() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let shown = Self.shownGroups(window)
            let tables = ShortcutsWindow.groups
            XCTAssertEqual(shown.map(\.title), tables.map(\.title))
            for (shownGroup, table) in zip(shown, tables) {
                XCTAssertEqual(shownGroup.rows.map(\.0), table.rows.map(\.title), shownGroup.title)
                XCTAssertEqual(shownGroup.rows.map(\.1), table.rows.map(\.accelerator), shownGroup.title)
            }
        }
    }

    /// shortcuts.ui's section is tall enough for every group on one page (two columns: File, Edit and
    /// View, then the crop area): GTK 4.8 reverses the page order each time it reflows more than one.
    func testEveryGroupFitsOnOnePage() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let heights = ShortcutsWindow.groups.map { $0.rows.count + 1 }  // a group's title takes a row too
            let needed = max(heights.dropLast().reduce(0, +), heights.last ?? 0)
            let builder = UIFiles.builder("shortcuts.ui")
            var section: UnsafeMutablePointer<GtkWidget>?
            func find(_ widget: UnsafeMutablePointer<GtkWidget>) {
                if g_type_check_instance_is_a(
                    widget.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcuts_section_get_type()) != 0
                {
                    section = widget
                }
                var child = gtk_widget_get_first_child(widget)
                while let current = child {
                    find(current)
                    child = gtk_widget_get_next_sibling(current)
                }
            }
            find(UIFiles.widget(builder, "shortcuts"))
            var value = GValue()
            g_value_init(&value, cgtk_uint_type())
            defer { g_value_unset(&value) }
            g_object_get_property(cgtk_object(section!.raw), "max-height", &value)
            XCTAssertEqual(Int(g_value_get_uint(&value)), needed, "set max-height in data/ui/shortcuts.ui to \(needed)")
            gtk_window_destroy(cgtk_window(UIFiles.widget(builder, "shortcuts").raw))
        }
    }

    /// The shortcuts window is built after the window's first frame (it costs the launch 30–45 ms), and Ctrl+?'s
    /// action shows it then.
    func testTheShortcutsWindowIsBuiltAfterTheFirstFrameAndShows() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let appWindow = window.window.raw.assumingMemoryBound(to: GtkApplicationWindow.self)
            XCTAssertNil(gtk_application_window_get_help_overlay(appWindow), "built while the window was")
            window.showDemo()
            window.present()
            XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
            XCTAssertTrue(GtkDisplay.pump { gtk_application_window_get_help_overlay(appWindow) != nil })
            let overlay = gtk_application_window_get_help_overlay(appWindow)!
            XCTAssertEqual(gtk_widget_get_visible(cgtk_widget(overlay.raw)), 0)
            window.activate(.showHelpOverlay)
            XCTAssertTrue(GtkDisplay.pump { gtk_widget_get_visible(cgtk_widget(overlay.raw)) != 0 })
            gtk_window_close(cgtk_window(overlay.raw))
        }
    }
}
