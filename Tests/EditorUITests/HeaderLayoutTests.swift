// The header at 1200 and 600 points: Save as the suggested action, every shown control whole inside the window, the rest in the main menu.

import CGtk
import Foundation
import GtkSupport
import XCTest
@testable import EditorUI

final class HeaderLayoutTests: XCTestCase {
    private var folder: URL!
    private var photo: String!

    override func setUpWithError() throws {
        folder = try GtkTestSupport.temporaryFolder("header")
        // A JPEG, so the lossless status joins the header.
        photo = folder.appendingPathComponent("photo.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "640x480", "plasma:fractal", photo]))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A window whose content is `width` points wide, with the photo open, laid out. (The default
    /// size counts the surface's resize border too, which a window manager's frame would not.)
    @MainActor private static func window(width: Int32, opening photo: String) -> EditorWindow {
        let window = EditorWindow(application: GtkTestSupport.application.application)
        window.present()
        var margin = (x: 0.0, y: 0.0)
        XCTAssertTrue(GtkTestSupport.pump { gtk_widget_get_realized(window.window) != 0 })
        gtk_native_get_surface_transform(OpaquePointer(window.window), &margin.x, &margin.y)
        gtk_window_set_default_size(cgtk_window(window.window.raw), width + 2 * Int32(margin.x), 500)
        window.open(path: photo)
        XCTAssertTrue(GtkTestSupport.pump(timeout: 10) { !window.isLoading && window.canvas.image?.path == photo })
        XCTAssertTrue(GtkTestSupport.pump { gtk_widget_get_width(window.window) == width },
                      "asked for \(width) points, the window is \(gtk_widget_get_width(window.window))")
        GtkTestSupport.settle(0.3)
        return window
    }

    /// The header's controls: each shown whole inside the window, or hidden; shown ones never overlap.
    @MainActor private static func checkControls(_ window: EditorWindow, file: StaticString = #filePath, line: UInt = #line)
        -> (shown: [UnsafeMutablePointer<GtkWidget>], hidden: [UnsafeMutablePointer<GtkWidget>]) {
        let width = Float(gtk_widget_get_width(window.window))
        var shown: [(widget: UnsafeMutablePointer<GtkWidget>, bounds: graphene_rect_t)] = []
        var hidden: [UnsafeMutablePointer<GtkWidget>] = []
        for control in window.headerControls + [window.losslessButton, window.title] {
            guard gtk_widget_get_mapped(control) != 0 else { hidden.append(control); continue }
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(control, window.window, &bounds), 0, file: file, line: line)
            let name = gtk_widget_get_tooltip_text(control).map { String(cString: $0) } ?? "the title"
            XCTAssertGreaterThanOrEqual(bounds.origin.x, 0, "\(name) starts left of the window", file: file, line: line)
            XCTAssertLessThanOrEqual(bounds.origin.x + bounds.size.width, width, "\(name) ends past the window", file: file, line: line)
            // Not cut: as wide as it asks to be at least.
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(control, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertGreaterThanOrEqual(Int32(bounds.size.width), minimum, "\(name) is squeezed", file: file, line: line)
            shown.append((control, bounds))
        }
        for (i, a) in shown.enumerated() {
            for b in shown[(i + 1)...] {
                let apart = a.bounds.origin.x + a.bounds.size.width <= b.bounds.origin.x
                    || b.bounds.origin.x + b.bounds.size.width <= a.bounds.origin.x
                XCTAssertTrue(apart, "two header controls overlap: \(a.bounds) and \(b.bounds)", file: file, line: line)
            }
        }
        return (shown.map(\.widget), hidden)
    }

    func testAtTwelveHundredPointsEveryControlShows() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        MainActor.assumeIsolated {
            let window = Self.window(width: 1200, opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let controls = Self.checkControls(window)
            XCTAssertEqual(controls.hidden.count, 0, "hidden at 1200 points: \(controls.hidden.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } ?? "?" })")
            XCTAssertEqual(window.overflowMenuLabels, [], "nothing should stand in the main menu")
            // Save is the suggested action, with Save As and Keep Crop beside it.
            XCTAssertNotEqual(gtk_widget_has_css_class(window.saveButton, "suggested-action"), 0)
            let menu = adw_split_button_get_menu_model(OpaquePointer(window.saveButton))
            XCTAssertEqual(menu.map { Menu.entries($0).compactMap(\.action) }, ["win.save-as", "win.keep-crop"])
            XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(window.saveButton)).map { String(cString: $0) }, "win.save")
        }
    }

    func testAtSixHundredPointsSaveAndEveryShownControlFitAndTheRestAreInTheMainMenu() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        MainActor.assumeIsolated {
            let window = Self.window(width: 600, opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let controls = Self.checkControls(window)
            for always in [window.saveButton, window.menuButton, window.headerControls[0], window.pixelButton, window.title] {
                XCTAssertTrue(controls.shown.contains(always!), "\(gtk_widget_get_tooltip_text(always!).map { String(cString: $0) } ?? "the title") is not on screen at 600 points")
            }
            XCTAssertFalse(controls.hidden.isEmpty, "at 600 points the header should have made room")
            // What a hidden button did, the main menu does.
            let menu = window.overflowMenuLabels
            let standIns: [(UnsafeMutablePointer<GtkWidget>?, String)] = [
                (window.undoButton, "_Undo"), (window.redoButton, "_Redo"), (window.previewToggle, "Show _Previews"),
                (window.aspectRatioButton, "Aspect _Ratio"),
            ]
            for (button, label) in standIns {
                XCTAssertEqual(controls.hidden.contains(button!), menu.contains(label), "\(label): hidden \(controls.hidden.contains(button!)), menu \(menu)")
            }
            if controls.hidden.contains(window.losslessButton) {
                XCTAssertTrue(menu.contains(String(cString: gtk_button_get_label(cgtk_button(window.losslessButton.raw)))), "\(menu)")
            }
            // Reset has its place in the main menu at any width.
            let primary = gtk_menu_button_get_menu_model(cgtk_menu_button(window.menuButton.raw))!
            XCTAssertTrue(Menu.entries(primary).contains { $0.action == "win.reset" })
        }
    }

    func testTheWindowShrinksToSixHundredAndControlsLeaveLeastImportantFirst() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        MainActor.assumeIsolated {
            // Controls of different windows compared by their tooltips.
            var hiddenBefore: Set<String> = []
            for width: Int32 in [1200, 1000, 900, 800, 700, 600] {
                let window = Self.window(width: width, opening: photo)
                let hidden = Set(Self.checkControls(window).hidden.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } ?? "" })
                // Narrower hides more, never brings back what a wider window had to hide.
                XCTAssertTrue(hiddenBefore.isSubset(of: hidden), "\(width) points shows \(hiddenBefore.subtracting(hidden)), hidden when wider")
                hiddenBefore = hidden
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            XCTAssertFalse(hiddenBefore.isEmpty, "600 points hid nothing")
            // The size label (information, not a control) goes first, the aspect ratio last.
            let window = Self.window(width: 600, opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let hidden = Self.checkControls(window).hidden
            if hidden.contains(window.aspectRatioButton) { XCTAssertTrue(hidden.contains(window.sizeLabel)) }
            XCTAssertTrue(hidden.contains(window.sizeLabel), "the size label should be the first to go")
        }
    }
}
