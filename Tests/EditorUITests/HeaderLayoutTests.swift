// The header at 1200 and 600 points shows every control whole; narrower, the least important move into the main menu.

import CGtk
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class HeaderLayoutTests: XCTestCase {
    private var folder: URL!
    fileprivate var photo: String!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("header")
        // A JPEG, so the lossless status joins the header.
        photo = folder.appendingPathComponent("photo.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "640x480", "plasma:fractal", photo]))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `body` with GNOME's window buttons (its default button layout is `appmenu:close`: a
    /// close button alone, as libadwaita apps show it) instead of the minimize, maximize and close
    /// GTK shows without a desktop's settings.
    @MainActor fileprivate static func withGNOMEWindowButtons(_ body: () -> Void) {
        let settings = gtk_settings_get_default()!
        var value = GValue()
        g_value_init(&value, cgtk_string_type())
        g_object_get_property(cgtk_object(settings.raw), "gtk-decoration-layout", &value)
        let was = g_value_dup_string(&value)
        g_value_set_string(&value, ":close")
        g_object_set_property(cgtk_object(settings.raw), "gtk-decoration-layout", &value)
        defer {
            g_value_take_string(&value, was)
            g_object_set_property(cgtk_object(settings.raw), "gtk-decoration-layout", &value)
            g_value_unset(&value)
        }
        body()
    }

    /// A window whose content is `width` points wide, with the photo open, laid out. (The default
    /// size counts the surface's resize border too, which a window manager's frame would not.)
    @MainActor fileprivate static func window(width: Int32, opening photo: String) -> EditorWindow {
        let window = EditorWindow(application: GtkTestSupport.application.application)
        window.present()
        var margin = (x: 0.0, y: 0.0)
        XCTAssertTrue(GtkDisplay.pump { gtk_widget_get_realized(window.window) != 0 })
        gtk_native_get_surface_transform(OpaquePointer(window.window), &margin.x, &margin.y)
        gtk_window_set_default_size(cgtk_window(window.window.raw), width + 2 * Int32(margin.x), 500)
        window.open(path: photo)
        XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading && window.canvas.image?.path == photo })
        XCTAssertTrue(
            GtkDisplay.pump { gtk_widget_get_width(window.window) == width },
            "asked for \(width) points, the window is \(gtk_widget_get_width(window.window))")
        XCTAssertTrue(GtkDisplay.drawn(window.window))
        return window
    }

    /// The header's controls: each shown whole inside the window, or hidden; shown ones never overlap.
    @MainActor fileprivate static func checkControls(
        _ window: EditorWindow, file: StaticString = #filePath, line: UInt = #line
    )
        -> (shown: [UnsafeMutablePointer<GtkWidget>], hidden: [UnsafeMutablePointer<GtkWidget>])
    {
        let width = Float(gtk_widget_get_width(window.window))
        var shown: [(widget: UnsafeMutablePointer<GtkWidget>, bounds: graphene_rect_t)] = []
        var hidden: [UnsafeMutablePointer<GtkWidget>] = []
        // The photo arrows show only in a folder of several photos.
        let present = window.header.controls.filter {
            !window.header.photoButtons.contains($0) || gtk_widget_get_visible($0) != 0
        }
        for control in present + [window.header.title] {
            guard gtk_widget_get_mapped(control) != 0 else { hidden.append(control); continue }
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(control, window.window, &bounds), 0, file: file, line: line)
            let name = gtk_widget_get_tooltip_text(control).map { String(cString: $0) } ?? "the title"
            XCTAssertGreaterThanOrEqual(bounds.origin.x, 0, "\(name) starts left of the window", file: file, line: line)
            XCTAssertLessThanOrEqual(
                bounds.origin.x + bounds.size.width, width, "\(name) ends past the window", file: file, line: line)
            // Not cut: as wide as it asks to be at least.
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(control, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertGreaterThanOrEqual(Int32(bounds.size.width), minimum, "\(name) is squeezed", file: file, line: line)
            shown.append((control, bounds))
        }
        for (i, a) in shown.enumerated() {
            for b in shown[(i + 1)...] {
                let apart =
                    a.bounds.origin.x + a.bounds.size.width <= b.bounds.origin.x
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
            XCTAssertEqual(
                controls.hidden.count, 0,
                "hidden at 1200 points: \(controls.hidden.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } ?? "?" })"
            )
            XCTAssertEqual(window.header.overflowMenuLabels, [], "nothing should stand in the main menu")
            // Save is the suggested action, with Save As, Save All Frames, Formats, Keep Crop, Apply to All and the copies beside it.
            XCTAssertNotEqual(gtk_widget_has_css_class(window.header.saveButton, "suggested-action"), 0)
            let menu = adw_split_button_get_menu_model(OpaquePointer(window.header.saveButton))
            XCTAssertEqual(
                menu.map { Menu.entries($0).compactMap(\.action) },
                [
                    WindowAction.saveAs.detailed, WindowAction.saveAll.detailed, WindowAction.formats.detailed,
                    WindowAction.keepCrop.detailed, WindowAction.applyToAll.detailed,
                    WindowAction.copy.detailed, WindowAction.copyAndClose.detailed,
                ])
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(window.header.saveButton)).map { String(cString: $0) },
                WindowAction.save.detailed)
        }
    }

    func testAtSixHundredPointsEveryControlButSuggestTheModesAndStraightenFitsWithGNOMEsWindowButtons() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        MainActor.assumeIsolated {
            Self.withGNOMEWindowButtons {
                let window = Self.window(width: 600, opening: photo)
                defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
                let controls = Self.checkControls(window)
                // Suggest, the least needed, gives way first, then Cut Out (X) and Perspective (Ctrl+Shift+P), both
                // always in the main menu, then Straighten (Ctrl+T): Suggest and Straighten stand in the main menu.
                XCTAssertEqual(
                    Set(controls.hidden),
                    [
                        window.header.suggestButton, window.header.cutOutToggle, window.header.perspectiveToggle,
                        window.header.straightenToggle,
                    ],
                    "hidden at 600 points: \(controls.hidden.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } ?? "?" })"
                )
                XCTAssertEqual(
                    Set(window.header.overflowMenuLabels), ["Su_ggest Crop", "S_traighten"],
                    "only Suggest and Straighten stand in the main menu")
                // The crop's size stays on screen, over the picture.
                XCTAssertNotEqual(gtk_widget_get_mapped(window.status.sizeLabel), 0, "the size is not shown")
            }
        }
    }

    func testNarrowerThanSixHundredTheLeastImportantControlsMoveIntoTheMainMenu() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        MainActor.assumeIsolated {
            Self.withGNOMEWindowButtons {
                // Controls of different windows compared by their tooltips.
                var hiddenBefore: Set<String> = []
                for width: Int32 in [600, 560, 520, 480, 440] {
                    let window = Self.window(width: width, opening: photo)
                    defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
                    let controls = Self.checkControls(window)
                    let hidden = Set(controls.hidden.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } ?? "" })
                    // Narrower hides more, never brings back what a wider window had to hide.
                    XCTAssertTrue(
                        hiddenBefore.isSubset(of: hidden),
                        "\(width) points shows \(hiddenBefore.subtracting(hidden)), hidden when wider")
                    hiddenBefore = hidden
                    for always in [
                        window.header.saveButton, window.header.menuButton, window.header.controls[0], window.header.pixelButton,
                        window.header.title,
                    ] {
                        XCTAssertTrue(
                            controls.shown.contains(always),
                            "\(gtk_widget_get_tooltip_text(always).map { String(cString: $0) } ?? "the title") is not on screen at \(width) points"
                        )
                    }
                    // What a hidden button did, the main menu does.
                    let menu = window.header.overflowMenuLabels
                    let standIns: [(UnsafeMutablePointer<GtkWidget>?, String)] = [
                        (window.header.undoButton, "_Undo"), (window.header.redoButton, "_Redo"),
                        (window.header.previewToggle, "Show _Previews"),
                        (window.header.aspectRatioButton, "Aspect _Ratio"), (window.header.suggestButton, "Su_ggest Crop"),
                    ]
                    for (button, label) in standIns {
                        XCTAssertEqual(
                            controls.hidden.contains(button!), menu.contains(label),
                            "\(width): \(label): hidden \(controls.hidden.contains(button!)), menu \(menu)")
                    }
                    // Reset has its place in the main menu at any width.
                    let primary = gtk_menu_button_get_menu_model(cgtk_menu_button(window.header.menuButton.raw))!
                    XCTAssertTrue(Menu.entries(primary).contains { $0.action == WindowAction.reset.detailed })
                    // So has Perspective, a submenu with the mode first.
                    XCTAssertTrue(Menu.entries(primary).contains { $0.label == "P_erspective" && $0.action == nil })
                    // The aspect ratio goes last.
                    if controls.hidden.contains(window.header.aspectRatioButton) {
                        XCTAssertTrue(
                            controls.hidden.contains(window.header.undoButton)
                                && controls.hidden.contains(window.header.previewToggle))
                    }
                }
                XCTAssertFalse(hiddenBefore.isEmpty, "440 points hid nothing")
            }
        }
    }
}

extension HeaderLayoutTests {
    /// In a folder of several photos the previous and next arrows join the header; at 1200 points
    /// everything still shows whole, and at 600 nothing overlaps or leaves the window.
    func testTheFolderArrowsShowBesideOpenInAFolderOfSeveralPhotos() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photo!
        let second = (photo as NSString).deletingLastPathComponent + "/photo2.jpg"
        XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "xc:gray", second]))
        MainActor.assumeIsolated {
            // At 1200 points every control shows; at 600 (GNOME's window buttons) the arrows still do.
            for (width, hidden) in [(Int32(1200), 0), (600, 1)] {
                Self.withGNOMEWindowButtons {
                    let window = Self.window(width: width, opening: photo)
                    defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
                    XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 2" })
                    XCTAssertTrue(GtkDisplay.drawn(window.window))
                    let controls = Self.checkControls(window)
                    if hidden == 0 { XCTAssertEqual(controls.hidden.count, 0, "at \(width) points") }
                    for arrow in window.header.photoButtons {
                        XCTAssertTrue(controls.shown.contains(arrow), "at \(width) points")
                    }
                }
            }
        }
    }
}
