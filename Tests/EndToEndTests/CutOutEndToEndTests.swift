// Cut Out under Xvfb: X, a band marked by a real pointer, nudged by real keys, saved by Ctrl+S equal to ImageMagick's -chop.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class CutOutEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("cut-out-e2e")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    static let picture = PixelSize(width: 600, height: 400)

    /// X, a drag down the picture across rows 120 to 220 by a real pointer, Down, Shift+Down and
    /// Ctrl+Down, then O, B and Delete (a band of columns added and put back, the photo kept), Return,
    /// and Ctrl+S: the save is `convert PHOTO -chop GEOMETRY -crop …` for the cut and crop the window
    /// committed, pixel for pixel.
    func testABandMarkedByARealPointerAndNudgedByKeysSavesWhatChopMakes() throws {
        let photo = folder.appendingPathComponent("plasma.png").path
        XCTAssertNotNil(
            Shell.run(
                "convert", ["-seed", "3", "-size", "\(Self.picture.width)x\(Self.picture.height)", "plasma:fractal", photo]))
        let (cut, crop, saved) = try MainActor.assumeIsolated { () throws -> (PictureCut, PixelRect, String) in
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let placed = try GtkTestSupport.placeAtCorner(window, name: "plasma.png")
            let canvas = window.canvas
            let origin = try Self.cropAreaOrigin(canvas, near: placed)
            gtk_widget_grab_focus(canvas.widget)
            XCTAssertTrue(try PerspectiveEndToEndTests.type(["x"]) { canvas.isCuttingOut }, "X entered no mode")
            XCTAssertTrue(window.isOn(.cutOut), "the menu's toggle did not follow X")
            let viewport = try XCTUnwrap(canvas.viewport)
            // A screen point in picture pixels: how far a whole-pixel pointer can land from a target.
            let point = Double(Self.picture.width) / viewport.imageFrame.width
            func screen(_ x: Double, _ y: Double) -> (x: Int, y: Int) {
                let view = viewport.viewPoint(
                    CropPoint(x: x / Double(Self.picture.width), y: y / Double(Self.picture.height)))
                return (Int((origin.x + view.x).rounded()), Int((origin.y + view.y).rounded()))
            }
            let (from, to) = (screen(280, 120), screen(300, 220))
            RealPointer.drag(from: from, by: (to.x - from.x, to.y - from.y))
            Shell.run("xdotool", ["mousemove", "5", "5"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 5) { canvas.editor.cuts.count == 1 }, "the drag cut nothing")
            let marked = try XCTUnwrap(canvas.editor.cuts.first)
            XCTAssertEqual(marked.axis, .rows)
            XCTAssertEqual(Double(marked.start), 120, accuracy: point + 1)
            XCTAssertEqual(Double(marked.end), 220, accuracy: point + 1)
            XCTAssertEqual(canvas.straightenedSize, PixelSize(width: 600, height: 400 - marked.length))
            let nudged = PictureCut(axis: .rows, start: marked.start + 11, length: marked.length + 1)
            XCTAssertTrue(
                try PerspectiveEndToEndTests.type(["Down", "shift+Down", "ctrl+Down"]) { canvas.editor.cuts == [nudged] },
                "the keys left \(canvas.editor.cuts), not \(nudged)")
            // A band of columns by keys, and Delete puts it back: the photo stays where it is.
            XCTAssertTrue(try PerspectiveEndToEndTests.type(["o", "b"]) { canvas.editor.cuts.count == 2 }, "B added no band")
            XCTAssertEqual(canvas.editor.cuts.last?.axis, .columns)
            XCTAssertTrue(
                try PerspectiveEndToEndTests.type(["Delete"]) { canvas.editor.cuts == [nudged] }, "Delete left the band")
            XCTAssertTrue(FileManager.default.fileExists(atPath: photo), "Delete moved the photo to the trash")
            XCTAssertTrue(try PerspectiveEndToEndTests.type(["Return"]) { !canvas.isCuttingOut }, "Return left no mode")
            XCTAssertFalse(window.isOn(.cutOut), "the menu's toggle did not follow Return")
            // A crop of the joined picture, then Ctrl+S.
            canvas.commit(CropRect(x: 0.1, y: 0.15, width: 0.6, height: 0.7))
            let crop = canvas.editor.cropPixels
            let savedPath = Saving.croppedName(for: photo)
            XCTAssertTrue(
                try PerspectiveEndToEndTests.type(["ctrl+s"]) {
                    !window.saving.isSaving && FileManager.default.fileExists(atPath: savedPath)
                }, "Ctrl+S saved nothing: \(window.lastError ?? "no error")")
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving }, "the save never finished")
            XCTAssertNil(window.lastError)
            return (nudged, crop, savedPath)
        }
        let expected = folder.appendingPathComponent("chopped.png").path
        let geometry = "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)"
        XCTAssertNotNil(Shell.run("convert", [photo, "-chop", cut.description, "-crop", geometry, "+repage", expected]))
        XCTAssertEqual(
            Shell.run("identify", ["-format", "%wx%h", saved]), Shell.run("identify", ["-format", "%wx%h", expected]))
        XCTAssertEqual(
            Shell.run("compare", ["-metric", "AE", saved, expected, "null:"]), "",
            "the window's save differs from convert -chop \(cut) -crop \(geometry)")
    }

    /// Where the crop area's origin is on the screen, as the pointer finds it: the pointer moved into
    /// it and the position the crop area was told taken off (the window's own bounds can be a few
    /// pixels out, by the border GTK keeps around a window for resizing).
    @MainActor static func cropAreaOrigin(
        _ canvas: CropCanvas, near placed: (x: Double, y: Double)
    ) throws -> (x: Double, y: Double) {
        let probe = (x: Int(placed.x) + 200, y: Int(placed.y) + 200)
        canvas.input.position = nil
        Shell.run("xdotool", ["mousemove", "--sync", "\(probe.x)", "\(probe.y)"])
        XCTAssertTrue(GtkDisplay.pump(timeout: 5) { canvas.input.position != nil }, "the crop area felt no pointer")
        let felt = try XCTUnwrap(canvas.input.position)
        return (Double(probe.x) - felt.x, Double(probe.y) - felt.y)
    }
}
