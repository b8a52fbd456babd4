// GtkSupport's windows: sizes, parents, application windows and titles, the application's windows and keys, toasts, monitor.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class WindowWrapperTests: XCTestCase {
    /// One application for these tests, registered (non-unique: it clashes with no other instance).
    @MainActor private static let application: UnsafeMutablePointer<AdwApplication> = {
        let application = adw_application_new("io.github.cropeditor.GtkSupportTests", G_APPLICATION_NON_UNIQUE)!
        XCTAssertTrue(application.asApplication.register(), "the application did not register on the session bus")
        return application
    }()

    func testAToplevelKeepsItsSizeAndParentAndTheApplicationKnowsItsWindows() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let app = Self.application
            XCTAssertFalse(app.asApplication.isRemote)
            let window = Widgets.applicationWindow(app)
            let dialog = gtk_window_new()!
            defer {
                dialog.asWindow.destroy()
                window.asWindow.destroy()
            }
            window.asWindow.defaultSize = (640, 480)
            XCTAssertEqual(window.asWindow.defaultSize.width, 640)
            XCTAssertEqual(window.asWindow.defaultSize.height, 480)
            XCTAssertFalse(window.asWindow.isMaximized)
            XCTAssertEqual(window.asWindow.application, app.asApplication)
            XCTAssertNil(dialog.asWindow.application)
            dialog.asWindow.setTransient(for: window.asWindow)
            XCTAssertEqual(gtk_window_get_transient_for(dialog.asWindow), window.asWindow)
            XCTAssertTrue(app.asGtkApplication.windows.contains(window.asWindow))

            app.asGtkApplication.setAccels(["<Control>s", "F2"], for: "win.save")
            let accels = gtk_application_get_accels_for_action(app.asGtkApplication, "win.save")!
            defer { g_strfreev(accels) }
            XCTAssertEqual([accels[0], accels[1]].map { $0.map { String(cString: $0) } }, ["<Control>s", "F2"])
            XCTAssertNil(accels[2])

            window.asWindow.present()
            XCTAssertTrue(GtkDisplay.pump { window.asWindow.isActive }, "the window never became active")
            XCTAssertEqual(app.asGtkApplication.activeWindow, window.asWindow)
        }
    }

    func testContentTitlesAndTheMonitorOfAShownWindow() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let window = Widgets.applicationWindow(Self.application)
            defer { window.asWindow.destroy() }
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL)
            window.setWindowContent(box)
            XCTAssertEqual(adw_application_window_get_content(cgtk_adw_application_window(window.raw)), box)
            let header = adw_header_bar_new()!
            box.append(header)
            let title = Widgets.windowTitle("Beach", subtitle: "3 of 10")
            header.setHeaderTitleWidget(title)
            XCTAssertEqual(adw_header_bar_get_title_widget(cgtk_adw_header_bar(header.raw)), title)
            XCTAssertEqual(title.windowSubtitle, "3 of 10")
            title.setWindowSubtitle(nil)
            XCTAssertNil(title.windowSubtitle)
            let shortcuts = g_object_new_with_properties(gtk_shortcuts_window_get_type(), 0, nil, nil)!
            window.setHelpOverlay(shortcuts.raw)
            XCTAssertEqual(
                gtk_application_window_get_help_overlay(window.raw.assumingMemoryBound(to: GtkApplicationWindow.self)).map {
                    UnsafeMutableRawPointer($0)
                }, shortcuts.raw)

            XCTAssertNil(box.monitorSize, "a window not yet shown has a monitor")
            window.asWindow.present()
            XCTAssertTrue(GtkDisplay.drawn(box))
            let monitor = try? XCTUnwrap(box.monitorSize)
            // The test display's one screen (xvfb-run's), at scale 1.
            XCTAssertEqual(monitor?.width, 1280)
            XCTAssertEqual(monitor?.height, 800)
        }
    }

    func testAToastShowsItsTextAsWrittenWithItsButton() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            let toasts = ToastOverlay()
            let child = Widgets.label("picture")
            toasts.setChild(child)
            gtk_window_set_child(window.asWindow, toasts.widget)
            XCTAssertEqual(adw_toast_overlay_get_child(cgtk_adw_toast_overlay(toasts.widget.raw)), child)
            window.asWindow.present()
            // Markup characters are text, not markup: the toast says them.
            let message = "Saved “a <b> & c.png”"
            toasts.show(message, seconds: 5, button: (label: "Show in Files", detailedAction: "win.show-in-files"))
            XCTAssertTrue(
                GtkDisplay.pump { Self.labels(in: toasts.widget).contains(message) }, "no toast saying \(message)")
            XCTAssertTrue(Self.labels(in: toasts.widget).contains("Show in Files"), "the toast has no button")
        }
    }

    /// The texts of every label under `widget`.
    @MainActor private static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        if g_type_check_instance_is_a(widget.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0 {
            texts.append(widget.labelText)
        }
        for child in widget.children { texts += labels(in: child) }
        return texts
    }
}
