// Several frames on the crop area in process: added, chosen and removed by actions and a click, one step each, said and drawn.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class FramesCanvasTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3)

    @MainActor private static func activate(_ canvas: CropCanvas, _ action: CanvasAction) {
        XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, action.detailed, nil), 0, action.name)
    }

    @MainActor private static func harness() -> CanvasHarness {
        let h = CanvasHarness()
        h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: seedCrop)
        h.commits.removeAll()
        return h
    }

    func testTheActionsAddChooseAndRemoveFramesOneStepEachAndOrcaHearsWhichFrame() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = Self.harness()
            defer { h.close() }
            let canvas = h.canvas
            XCTAssertFalse(canvas.spokenDescription.contains("frame"), canvas.spokenDescription)
            Self.activate(canvas, .addFrame)
            XCTAssertEqual(canvas.editor.frameCount, 2)
            XCTAssertEqual(canvas.editor.activeFrame, 1)
            assertCropsClose(canvas.crop, CropRect(x: 0.14, y: 0.14, width: 0.3, height: 0.3))
            XCTAssertEqual(
                canvas.spokenDescription, "frame 2 of 2, left 14 percent, top 14 percent, width 30 percent, height 30 percent")
            Self.activate(canvas, .addFrame)
            XCTAssertEqual(canvas.editor.frameCount, 3)
            // Next goes round from the last to the first; previous goes back.
            Self.activate(canvas, .nextFrame)
            XCTAssertEqual(canvas.editor.activeFrame, 0)
            assertCropsClose(canvas.crop, Self.seedCrop)
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("frame 1 of 3, left 10 percent"), canvas.spokenDescription)
            Self.activate(canvas, .previousFrame)
            XCTAssertEqual(canvas.editor.activeFrame, 2)
            Self.activate(canvas, .removeFrame)
            XCTAssertEqual(canvas.editor.frameCount, 2)
            XCTAssertEqual(canvas.editor.activeFrame, 1)
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("frame 2 of 2, "), canvas.spokenDescription)
            // Each was one undo step: five steps back is the single frame again, and no more.
            for count in [3, 3, 3, 2, 1] {
                XCTAssertTrue(canvas.undo())
                XCTAssertEqual(canvas.editor.frameCount, count)
            }
            XCTAssertFalse(canvas.undo())
            assertCropsClose(canvas.crop, Self.seedCrop)
            XCTAssertFalse(canvas.spokenDescription.contains("frame"))
            // The only frame stays, and the crop area says why.
            Self.activate(canvas, .removeFrame)
            XCTAssertEqual(canvas.editor.frameCount, 1)
            XCTAssertTrue(canvas.spokenDescription.hasPrefix("a picture keeps at least one frame. "), canvas.spokenDescription)
            XCTAssertFalse(canvas.editor.canUndo)
        }
    }

    func testAClickInsideAnotherFrameChoosesItAndOutsideEveryFrameDoesNot() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = Self.harness()
            defer { h.close() }
            let canvas = h.canvas
            let first = CropRect(x: 0.05, y: 0.05, width: 0.3, height: 0.3)
            let second = CropRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3)
            _ = canvas.edit { editor in
                (try? editor.setFrames([FrameState(crop: first), FrameState(crop: second)], active: 1)) ?? []
            }
            let steps = canvas.editor.canUndo
            XCTAssertTrue(steps)
            guard let viewport = canvas.viewport else { return XCTFail("no viewport") }
            // Only the frame not edited is outlined, numbered by its place.
            XCTAssertEqual(canvas.paintState.otherFrames?.frames.map(\.number), [1])
            // Outside both a click is a click: nothing changes.
            let outside = viewport.viewPoint(CropPoint(x: 0.5, y: 0.2))
            canvas.dragBegan(x: outside.x, y: outside.y)
            canvas.dragEnded(dx: 0, dy: 0)
            XCTAssertEqual(canvas.editor.activeFrame, 1)
            let inside = viewport.viewPoint(CropPoint(x: 0.2, y: 0.2))
            canvas.dragBegan(x: inside.x, y: inside.y)
            canvas.dragEnded(dx: 0, dy: 0)
            XCTAssertEqual(canvas.editor.activeFrame, 0)
            assertCropsClose(canvas.crop, first)
            XCTAssertEqual(canvas.paintState.otherFrames?.frames.map(\.number), [2])
            // Choosing is one step.
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.activeFrame, 1)
            assertCropsClose(canvas.crop, second)
        }
    }

    /// A frame at another angle is outlined turned against the active one, where its pixels are on the
    /// picture as shown; a click inside it chooses it and the picture turns to its angle.
    func testAFrameAtAnotherAngleIsOutlinedTurnedAndChosenByAClick() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = Self.harness()
            defer { h.close() }
            let canvas = h.canvas
            let level = CropRect(x: 0.05, y: 0.05, width: 0.3, height: 0.3)
            let turned = StraightenAngle(degrees: 10)
            _ = canvas.edit { editor in
                (try? editor.setFrames(
                    [
                        FrameState(crop: level),
                        FrameState(crop: CropRect(x: 0.5, y: 0.45, width: 0.3, height: 0.3), angle: turned),
                    ]))
                    ?? []
            }
            guard let outline = canvas.paintState.otherFrames?.frames.first else { return XCTFail("frame 2 is not drawn") }
            XCTAssertEqual(outline.number, 2)
            XCTAssertNil(outline.rect)
            // Its top side rises or falls by the angle between the two frames.
            let (a, b) = (outline.corners[0], outline.corners[1])
            XCTAssertEqual(atan2(b.y - a.y, b.x - a.x) * 180 / .pi, -10, accuracy: 0.5)
            let centre = CropPoint(x: outline.corners.map(\.x).reduce(0, +) / 4, y: outline.corners.map(\.y).reduce(0, +) / 4)
            canvas.dragBegan(x: centre.x, y: centre.y)
            canvas.dragEnded(dx: 0, dy: 0)
            XCTAssertEqual(canvas.editor.activeFrame, 1)
            XCTAssertEqual(canvas.editor.angle, turned)
            // Now the level frame is the one turned against it, the other way.
            guard let back = canvas.paintState.otherFrames?.frames.first else { return XCTFail("frame 1 is not drawn") }
            XCTAssertEqual(
                atan2(back.corners[1].y - back.corners[0].y, back.corners[1].x - back.corners[0].x) * 180 / .pi, 10, accuracy: 0.5
            )
        }
    }

    /// The view `paint` draws in: a 1000 × 800 picture in 600 × 500 points.
    static let paintedView = Viewport(imageWidth: 1000, imageHeight: 800, viewSize: CropSize(width: 600, height: 500))

    /// A mid-grey picture painted with the active frame at (0.1, 0.1, 0.3, 0.3) and `others` outlined.
    @MainActor private static func paint(_ others: OtherFramesDrawing?) -> ImageSurface {
        let picture = TestPictures.grey(width: 1000, height: 800, level: 0.5)
        var state = PaintState(guides: .none)
        state.otherFrames = others
        let surface = ImageSurface(width: 600, height: 500)!, painter = CanvasPainter()
        surface.draw { c in
            painter.draw(
                c, image: picture, crop: CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3), width: 600, height: 500, scale: 1,
                state: state)
        }
        return surface
    }

    /// The other frame's outline is white over the picture, its inside undimmed as the active frame's,
    /// and its number's label dark at its top-left corner.
    func testAnotherFrameIsOutlinedInWhiteAndNumbered() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let viewport = Self.paintedView
            let other = viewport.viewRect(CropRect(x: 0.55, y: 0.55, width: 0.35, height: 0.35))
            let with = Self.paint(OtherFramesDrawing(frames: [.init(number: 2, rect: other)]))
            let without = Self.paint(nil)
            let edge = (x: Int(other.midX), y: Int(other.minY.rounded(.down)))
            let lit = (edge.y - 1...edge.y + 1).map { with.pixel(x: edge.x, y: $0).r }.max() ?? 0
            XCTAssertGreaterThan(lit, 240, "no white outline on the other frame's top edge")
            XCTAssertLessThan(without.pixel(x: edge.x, y: edge.y).r, 100, "the picture there is dimmed without frames")
            // Inside the other frame the picture is not dimmed: as bright as inside the active frame.
            let middle = (x: Int(other.midX), y: Int(other.midY))
            let active = viewport.viewRect(CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3))
            XCTAssertEqual(with.pixel(x: middle.x, y: middle.y).r, with.pixel(x: Int(active.midX), y: Int(active.midY)).r)
            XCTAssertGreaterThan(with.pixel(x: middle.x, y: middle.y).r, without.pixel(x: middle.x, y: middle.y).r + 30)
            // The number's label: white digits on dark, inside the corner.
            let label = (0..<14).flatMap { dy in
                (0..<12).map { dx in with.pixel(x: Int(other.minX) + 2 + dx, y: Int(other.minY) + 2 + dy).r }
            }
            XCTAssertGreaterThan(label.max() ?? 0, 200, "no digit")
            XCTAssertLessThan(label.min() ?? 255, 50, "no dark label")
        }
    }

    /// With overlapping frames, upright and turned, the dim lies once outside them all: every point
    /// inside any frame (the active one, the others, where two or three overlap) is the plain picture,
    /// every point outside all of them the same dimmed level, never dimmed twice.
    func testTheDimLiesOnceOutsideTheUnionOfEveryFrame() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let viewport = Self.paintedView
            let active = viewport.viewRect(CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3))
            let a = viewport.viewRect(CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3))
            let b = viewport.viewRect(CropRect(x: 0.45, y: 0.45, width: 0.3, height: 0.3))
            // A diamond over the lower left, its corners counter-clockwise, overlapping nothing else.
            let diamond = [(120.0, 300.0), (80.0, 340.0), (120.0, 380.0), (160.0, 340.0)].map { CropPoint(x: $0.0, y: $0.1) }
            let surface = Self.paint(
                OtherFramesDrawing(frames: [
                    .init(number: 2, rect: a), .init(number: 3, rect: b), .init(number: 4, corners: diamond),
                ]))
            let plain = surface.pixel(x: Int(active.minX) + 20, y: Int(active.midY)).r
            let inside = [
                (active.maxX - 5, active.maxY - 5),  // the active frame and a
                (a.midX, a.minY + 20),  // a alone
                (b.minX + 10, b.minY + 30),  // a and b
                (b.maxX - 5, b.maxY - 20),  // b alone
                (120, 340),  // the diamond
            ]
            for (x, y) in inside {
                XCTAssertEqual(surface.pixel(x: Int(x), y: Int(y)).r, plain, "(\(x), \(y)) is dimmed")
            }
            let outside = [(b.maxX + 10, b.minY + 10), (a.minX - 20, a.maxY - 5), (active.maxX + 10, active.minY + 5), (60, 420)]
            let dimmed = outside.map { surface.pixel(x: Int($0.0), y: Int($0.1)).r }
            XCTAssertEqual(Set(dimmed).count, 1, "outside every frame the dim differs: \(dimmed)")
            XCTAssertLessThan(Int(dimmed[0]) + 30, Int(plain), "outside the frames is not dimmed")
        }
    }
}
