// Cut Out mode on the crop area in process: a drag cuts a band as one step, the keys, refusals said, the joined picture drawn.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class CutOutModeTests: XCTestCase {
    /// The `(si)` parameter the crop area's key actions take.
    @MainActor private static func pair(_ string: String, _ int: Int32) -> OpaquePointer? {
        let children = [g_variant_new_string(string), g_variant_new_int32(int)]
        return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
    }

    @MainActor private static func cutKey(_ canvas: CropCanvas, _ what: String, _ value: Int32 = 0) -> Bool {
        gtk_widget_activate_action_variant(canvas.widget, CanvasAction.cutKey.detailed, pair(what, value)) != 0
    }

    /// An arrow key as the crop area's bindings send it: `name` a `CropAdjustment`, Ctrl the pixel unit.
    @MainActor private static func arrow(_ canvas: CropCanvas, _ name: String, ctrl: Bool = false) {
        let unit = (ctrl ? CropAdjustment.StepUnit.pixel : .percent).rawValue
        XCTAssertNotEqual(
            gtk_widget_activate_action_variant(canvas.widget, CanvasAction.keyAdjust.detailed, pair(name, Int32(unit))), 0)
    }

    @MainActor private static func harness(width: Int = 1000, height: Int = 800) -> CanvasHarness {
        let h = CanvasHarness()
        h.canvas.setImage(TestPictures.grey(width: width, height: height), crop: .unit)
        h.commits.removeAll()
        return h
    }

    /// A 1000×800 picture on a crop area in Cut Out mode, for `body`.
    private static func inMode(_ body: @MainActor (CropCanvas) -> Void) {
        MainActor.assumeIsolated {
            let h = harness()
            defer { h.close() }
            h.canvas.cutOutMode = true
            body(h.canvas)
        }
    }

    /// A drag of the primary button from `from` to `to`, picture fractions, as the pointer would make it.
    @MainActor private static func drag(_ canvas: CropCanvas, from: CropPoint, to: CropPoint) {
        guard let viewport = canvas.viewport else { return XCTFail("no viewport") }
        let a = viewport.viewPoint(from), b = viewport.viewPoint(to)
        canvas.dragBegan(x: a.x, y: a.y)
        canvas.dragUpdated(dx: (b.x - a.x) / 2, dy: (b.y - a.y) / 2)
        canvas.dragEnded(dx: b.x - a.x, dy: b.y - a.y)
    }

    func testXEntersTheModeAndADragTallerThanWideCutsItsRowsAsOneStep() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = Self.harness()
            defer { h.close() }
            let canvas = h.canvas
            _ = Self.cutKey(canvas, "band")
            XCTAssertEqual(canvas.editor.cuts, [], "the mode's keys answered outside it")
            XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, CanvasAction.cutOut.detailed, nil), 0)
            XCTAssertTrue(canvas.isCuttingOut)
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("cut out: drag across"), canvas.spokenDescription)
            // Down the picture from 30 % to 55 % of its height, a little to the right: rows 240 to 440.
            Self.drag(canvas, from: CropPoint(x: 0.4, y: 0.3), to: CropPoint(x: 0.45, y: 0.55))
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .rows, start: 240, length: 200)])
            XCTAssertEqual(canvas.straightenedSize, PixelSize(width: 1000, height: 600))
            XCTAssertEqual(canvas.editor.cropPixels, PixelRect(x: 0, y: 0, width: 1000, height: 600))
            XCTAssertEqual(h.commits.count, 1)
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("cut 200 rows at 240, left 0 percent"), canvas.spokenDescription)
            // Across, wider than tall: columns.
            Self.drag(canvas, from: CropPoint(x: 0.1, y: 0.5), to: CropPoint(x: 0.25, y: 0.52))
            XCTAssertEqual(canvas.editor.cuts.last, PictureCut(axis: .columns, start: 100, length: 150))
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("cut 150 columns at 100, 2 of 2"), canvas.spokenDescription)
            XCTAssertEqual(canvas.straightenedSize, PixelSize(width: 850, height: 600))
            // Each drag was one step.
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.cuts.count, 1)
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.cuts, [])
            XCTAssertFalse(canvas.undo())
            // Escape leaves the mode; the keys go quiet again.
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(canvas.widget, CanvasAction.escapeKey.detailed, Self.pair("escape", 0)), 0)
            XCTAssertFalse(canvas.isCuttingOut)
            _ = Self.cutKey(canvas, "band")
            XCTAssertEqual(canvas.editor.cuts, [])
        }
    }

    func testTheKeysAddMoveResizeChooseAndRemoveCutsOneStepEach() throws {
        try GtkDisplay.require()
        Self.inMode { canvas in
            // B: a tenth of the height in the middle; O then B: a tenth of the width.
            XCTAssertTrue(Self.cutKey(canvas, "band"))
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .rows, start: 360, length: 80)])
            XCTAssertEqual(
                canvas.spokenDescription,
                "cut 80 rows at 360, left 0 percent, top 0 percent, width 100 percent, height 100 percent")
            // Down: a row on; Shift+Down (the crop's make-taller): ten; Up back one.
            Self.arrow(canvas, "move-down")
            Self.arrow(canvas, "make-taller")
            Self.arrow(canvas, "move-up")
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .rows, start: 370, length: 80)])
            // Ctrl+Down a row longer, Ctrl+Shift+Up ten shorter.
            Self.arrow(canvas, "move-down", ctrl: true)
            Self.arrow(canvas, "make-shorter", ctrl: true)
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .rows, start: 370, length: 71)])
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("cut 71 rows at 370, "), canvas.spokenDescription)
            XCTAssertTrue(Self.cutKey(canvas, "axis"))
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("new bands cut columns. "), canvas.spokenDescription)
            XCTAssertTrue(Self.cutKey(canvas, "band"))
            XCTAssertEqual(canvas.editor.cuts.last, PictureCut(axis: .columns, start: 450, length: 100))
            XCTAssertEqual(canvas.chosenCut, 1)
            // F goes round to the first; Right moves it, not the columns.
            XCTAssertTrue(Self.cutKey(canvas, "next", 1))
            XCTAssertEqual(canvas.chosenCut, 0)
            Self.arrow(canvas, "move-right")
            XCTAssertEqual(canvas.editor.cuts.first, PictureCut(axis: .rows, start: 371, length: 71))
            // The chosen cut's join stands out among the join lines.
            XCTAssertEqual(canvas.paintState.joins?.segments.filter(\.chosen).count, 1)
            // Delete puts the chosen cut back; the columns stay where they were.
            XCTAssertTrue(Self.cutKey(canvas, "remove"))
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .columns, start: 450, length: 100)])
            // Nine key commits, nine steps back to the whole picture.
            var steps = 0
            while canvas.undo() { steps += 1 }
            XCTAssertEqual(steps, 9)
            XCTAssertEqual(canvas.editor.cuts, [])
            // Return leaves the mode.
            XCTAssertTrue(Self.cutKey(canvas, "leave"))
            XCTAssertFalse(canvas.isCuttingOut)
        }
    }

    func testACutOutsideThePictureOrLeavingNothingIsSaidAndChangesNothing() throws {
        try GtkDisplay.require()
        Self.inMode { canvas in
            // From the top edge to the bottom one: every row, which would leave nothing.
            Self.drag(canvas, from: CropPoint(x: 0.5, y: 0), to: CropPoint(x: 0.5, y: 1))
            XCTAssertEqual(canvas.editor.cuts, [])
            XCTAssertFalse(canvas.editor.canUndo)
            XCTAssertTrue(
                canvas.spokenDescription.hasPrefix("the cut 0x800+0+0 would leave nothing of the 1000×800 picture. "),
                canvas.spokenDescription)
            // A band at the bottom moved past the edge: refused, said, left where it was.
            canvas.addCut(PictureCut(axis: .rows, start: 790, length: 10))
            XCTAssertEqual(canvas.editor.cuts.count, 1)
            Self.arrow(canvas, "move-down")
            XCTAssertEqual(canvas.editor.cuts, [PictureCut(axis: .rows, start: 790, length: 10)])
            XCTAssertTrue(
                canvas.spokenDescription.hasPrefix("the cut 0x10+0+791 reaches outside the 1000×800 picture. "),
                canvas.spokenDescription)
            XCTAssertTrue(canvas.undo())
            XCTAssertFalse(canvas.undo())
        }
    }

    /// With cuts the crop area draws the thumbnail's kept pieces side by side, and a drag of the crop
    /// copies that picture as any other: the display cache is not rebuilt.
    func testTheJoinedPictureIsDrawnFromItsPiecesAndACropDragRebuildsNothing() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            // Each row of the picture its own grey, so where a row lands shows which it is.
            let width = 40, height = 200
            let surface = ImageSurface(width: width, height: height)!
            surface.draw { c in
                for row in 0..<height {
                    let level = Double(row) / Double(height - 1)
                    c.setColor(RGBA(level, level, level))
                    c.rectangle(0, Double(row), Double(width), 1)
                    cairo_fill(c.cr)
                }
            }
            let joined = try! JoinedPicture(
                PixelSize(width: width, height: height), cuts: [PictureCut(axis: .rows, start: 50, length: 100)])
            let drawn = JoinedDisplay.draw(surface, transform: .up, joined: joined)!
            XCTAssertEqual(drawn.height, 100)
            // Rows 0 to 49 stay; row 150 follows them at 50.
            for (at, row) in [(10, 10), (49, 49), (50, 150), (99, 199)] {
                let expected = Int((Double(row) / Double(height - 1) * 255).rounded())
                XCTAssertEqual(Int(drawn.pixel(x: 20, y: at).r), expected, accuracy: 1, "row \(at) of the joined picture")
            }

            let h = Self.harness()
            defer { h.close() }
            let canvas = h.canvas
            canvas.cutOutMode = true
            canvas.addCut(PictureCut(axis: .columns, start: 300, length: 200))
            canvas.cutOutMode = false
            XCTAssertEqual(canvas.pictureOnScreen?.image.pixelWidth, 800)
            XCTAssertEqual(canvas.paintState.joins?.segments.count, 1)
            GtkDisplay.drawn(canvas.widget)
            var builds = 0
            canvas.painter.onCacheBuild = { builds += 1 }
            let viewport = canvas.viewport!
            let inside = viewport.viewPoint(CropPoint(x: 0.5, y: 0.5))
            canvas.commit(CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5))
            canvas.dragBegan(x: inside.x, y: inside.y)
            for step in 1...5 {
                canvas.dragUpdated(dx: Double(step) * 4, dy: Double(step) * 3)
                GtkDisplay.drawn(canvas.widget)
            }
            canvas.dragEnded(dx: 20, dy: 15)
            XCTAssertEqual(builds, 0, "the display cache was rebuilt during a crop drag")
            XCTAssertEqual(canvas.editor.cuts.count, 1)
            // Hidden, the join lines go; in the mode they show whatever the setting.
            canvas.showsJoinLines = false
            XCTAssertNil(canvas.paintState.joins)
            canvas.cutOutMode = true
            XCTAssertNotNil(canvas.paintState.joins)
        }
    }
}
