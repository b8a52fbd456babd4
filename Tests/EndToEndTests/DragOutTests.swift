// Dragging the result out of the preview with the real X pointer into a GTK window: image and file equal the saved picture.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class DragOutTests: XCTestCase {
    /// A window of two drop targets side by side: the left takes a texture (an image), the right files.
    @MainActor private final class DropWindow {
        let window = gtk_window_new()!
        let imageArea = gtk_drawing_area_new()!
        let fileArea = gtk_drawing_area_new()!
        private(set) var targets: [OpaquePointer] = []
        var texturePNG: String?
        var files: [String] = []

        init(savingTextureTo path: String) {
            gtk_window_set_title(cgtk_window(window.raw), "drop-here")
            gtk_window_set_default_size(cgtk_window(window.raw), 400, 200)
            let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
            for area in [imageArea, fileArea] {
                gtk_widget_set_size_request(area, 200, 200)
                box.append(area)
            }
            let images = gtk_drop_target_new(gdk_texture_get_type(), GDK_ACTION_COPY)!
            Signal.connectDrop(images.raw) { [weak self] value, _, _ in
                guard let value, let texture = g_value_get_object(value) else { return false }
                self?.texturePNG = gdk_texture_save_to_png(OpaquePointer(texture), path) != 0 ? path : nil
                return true
            }
            imageArea.addController(images.raw)
            targets.append(images)
            let files = gtk_drop_target_new(cgtk_file_list_type(), GDK_ACTION_COPY)!
            Signal.connectDrop(files.raw) { [weak self] value, _, _ in
                guard let value else { return false }
                self?.files = Clipboard.paths(inFileList: value) ?? []
                return true
            }
            fileArea.addController(files.raw)
            targets.append(files)
            gtk_window_set_child(cgtk_window(window.raw), box)
            gtk_window_present(cgtk_window(window.raw))
        }

        /// The centre of `area` on screen, once the window is moved to `x`, 0.
        func centre(of area: UnsafeMutablePointer<GtkWidget>, windowAt x: Int) -> (x: Int, y: Int) {
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(area, window, &bounds), 0)
            return (x + Int(bounds.origin.x + bounds.size.width / 2), Int(bounds.origin.y + bounds.size.height / 2))
        }
    }

    /// Presses on `start`, travels to `end` in steps (past GTK's drag threshold at once), releases.
    /// `over`: the drop target aimed at, which must see the drag arrive before the button is released.
    @MainActor private static func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), over target: OpaquePointer) {
        Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
        Shell.run("xdotool", ["mousedown", "1"])
        GtkDisplay.catchUp()
        for step in 1...20 {
            let x = start.x + (end.x - start.x) * step / 20, y = start.y + (end.y - start.y) * step / 20
            Shell.run("xdotool", ["mousemove", "--sync", "\(x)", "\(y)"])
            GtkDisplay.catchUp()
        }
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 10) { gtk_drop_target_get_current_drop(target) != nil },
            "the drag never reached the target")
        Shell.run("xdotool", ["mouseup", "1"])
    }

    func testTheResultDraggedFromThePreviewArrivesAsAnImageAndAsAFileEqualToTheSavedOne() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("drag-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("dragged.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "360x240", "-seed", "11", "plasma:fractal", source]))
        let texturePNG = folder.appendingPathComponent("texture.png").path
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer {
                window.previews.setShown(false)
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            window.previews.setShown(true)
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 30, y: 20, width: 240, height: 160), imageWidth: 360, imageHeight: 240))
            window.canvas.apply(.rotateLeft)
            _ = try GtkTestSupport.placeAtCorner(window, name: "dragged.png")
            XCTAssertTrue(GtkDisplay.drawn(window.previews.panel.areas[0]))
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(window.previews.panel.areas[0], window.window, &bounds), 0)
            let preview = (x: Int(bounds.origin.x + bounds.size.width / 2), y: Int(bounds.origin.y + bounds.size.height / 2))

            let drop = DropWindow(savingTextureTo: texturePNG)
            defer { gtk_window_destroy(cgtk_window(drop.window.raw)) }
            XCTAssertTrue(GtkDisplay.drawn(drop.window))
            let id = try XCTUnwrap(
                Shell.run("timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^drop-here$"])?
                    .split(separator: "\n").first.map(String.init))
            Shell.run("xdotool", ["windowmove", "--sync", id, "860", "0"])
            GtkDisplay.catchUp()

            Self.drag(from: preview, to: drop.centre(of: drop.imageArea, windowAt: 860), over: drop.targets[0])
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { drop.texturePNG != nil }, "no image was dropped")
            Self.drag(from: preview, to: drop.centre(of: drop.fileArea, windowAt: 860), over: drop.targets[1])
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !drop.files.isEmpty }, "no file was dropped")

            let saved = try XCTUnwrap(
                {
                    window.saving.save()
                    XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving })
                    return window.saving.lastSavedPath
                }())
            XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "160x240")
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", texturePNG, saved, "null:"]), "", "the image differs")
            XCTAssertEqual(drop.files.count, 1)
            let file = try XCTUnwrap(drop.files.first)
            XCTAssertTrue(file.hasPrefix(DragOut.folder + "/"), file)
            XCTAssertTrue(file.hasSuffix("dragged (cropped).png"), file)
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", file, saved, "null:"]), "", "the file differs")
        }
    }
}
