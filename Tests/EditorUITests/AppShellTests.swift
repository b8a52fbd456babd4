// The GNOME app shell: closing the picture shows the empty state, About, F10's menu, Ctrl+W closing the window.

import CGtk
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AppShellTests: XCTestCase {
    func testClosingTheImageShowsTheEmptyStateAndOpeningLeavesIt() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertFalse(window.isEmpty)
            window.activate(.closeImage)
            XCTAssertTrue(window.isEmpty)
            XCTAssertNil(window.canvas.image)
            XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(window.window.raw))), "Crop Editor")
            window.showDemo()
            XCTAssertFalse(window.isEmpty)
        }
    }

    func testAboutWindowAndMenuAndClose() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            let toplevels = gtk_window_get_toplevels()!
            func aboutWindows() -> Int {
                (0..<g_list_model_get_n_items(toplevels)).filter { i in
                    guard let item = g_list_model_get_item(toplevels, i) else { return false }
                    defer { g_object_unref(item) }
                    return g_type_check_instance_is_a(
                        item.assumingMemoryBound(to: GTypeInstance.self),
                        adw_about_window_get_type()) != 0
                }.count
            }
            let before = aboutWindows()
            g_action_group_activate_action(OpaquePointer(GtkTestSupport.application.application.raw), AppAction.about.name, nil)
            XCTAssertTrue(GtkDisplay.pump { aboutWindows() == before + 1 }, "About did not open")

            // F10's action pops up the primary menu.
            window.activate(.showMenu)
            let popover = gtk_menu_button_get_popover(cgtk_menu_button(window.header.menuButton.raw))
            XCTAssertTrue(
                GtkDisplay.pump { popover.map { gtk_widget_get_visible(cgtk_widget($0.raw)) != 0 } ?? false },
                "the menu did not open")
            gtk_popover_popdown(popover)

            // Ctrl+W's action closes the window.
            nonisolated(unsafe) var destroyed = false
            Signal.connect(window.window.raw, "destroy") { destroyed = true }
            window.activate(.close)
            XCTAssertTrue(GtkDisplay.pump { destroyed }, "the window did not close")
        }
    }

    func testEveryShortcutHasItsActionAccelerator() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let app = cgtk_application(GtkTestSupport.application.application.raw)
            // The application's start-up installs the accelerators; run it as a real start would.
            g_application_activate(cgtk_gapplication(app))
            for shortcut in ShortcutsWindow.windowShortcuts {
                let accels = gtk_application_get_accels_for_action(app, shortcut.action)
                defer { g_strfreev(accels) }
                XCTAssertNotNil(accels?[0], "\(shortcut.action) has no accelerator")
                if let first = accels?[0] {
                    // Compare what the accelerators mean (GTK may spell the modifiers in another order).
                    var (key1, key2) = (UInt32(0), UInt32(0))
                    var (mods1, mods2) = (GdkModifierType(0), GdkModifierType(0))
                    gtk_accelerator_parse(first, &key1, &mods1)
                    gtk_accelerator_parse(shortcut.accels[0], &key2, &mods2)
                    XCTAssertEqual(key1, key2, shortcut.action)
                    XCTAssertEqual(mods1.rawValue, mods2.rawValue, shortcut.action)
                }
            }
            GtkTestSupport.application.activeWindow.map { gtk_window_destroy(cgtk_window($0.window.raw)) }
        }
    }
}
