// A frame painted in bands on several threads is byte-for-byte the frame painted on one, and the canvas shows it through GTK.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class FrameBandsTests: XCTestCase {
    /// A picture with detail everywhere (stripes of several colours over a gradient), so a band
    /// that copied the wrong rows or columns would show.
    static func patternImage(width: Int, height: Int) -> LoadedImage {
        let image = LoadedImage.gradient(width: width, height: height)!
        image.surface.draw { c in
            for x in stride(from: 0, to: width, by: 7) {
                c.setColor(RGBA(Double(x % 3) / 2, 0.2, Double(x % 5) / 4, 0.6))
                c.rectangle(Double(x), 0, 2, Double(height))
                cairo_fill(c.cr)
            }
        }
        return image
    }

    /// The frame painted by one Cairo context on a fresh (transparent) surface.
    static func reference(_ plan: FramePlan, width: Int, height: Int) -> ImageSurface {
        let surface = ImageSurface(width: width, height: height)!
        surface.draw { c in
            cairo_scale(c.cr, plan.scale, plan.scale)
            plan.paint(c)
        }
        return surface
    }

    /// The first pixel (row by row) where two same-sized surfaces differ in any byte; nil when none.
    static func firstDifference(_ a: ImageSurface, _ b: ImageSurface) -> (x: Int, y: Int)? {
        cairo_surface_flush(a.surface)
        cairo_surface_flush(b.surface)
        let stride = Int(cairo_image_surface_get_stride(a.surface))
        let pa = cairo_image_surface_get_data(a.surface)!, pb = cairo_image_surface_get_data(b.surface)!
        for y in 0..<a.height where memcmp(pa + y * stride, pb + y * stride, a.width * 4) != 0 {
            let x = (0..<a.width * 4).first { pa[y * stride + $0] != pb[y * stride + $0] }! / 4
            return (x, y)
        }
        return nil
    }

    func testBandsOnAReusedSurfacePaintExactlyTheOneContextFrame() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            var random = SeededRandom(seed: 7)
            let images = [Self.patternImage(width: 1000, height: 800), Self.patternImage(width: 300, height: 900)]
            let styles: [GuideStyle] = [.thirds, .grid, .none]
            for trial in 0..<60 {
                let painter = CanvasPainter()
                let scale = 1 + trial % 2
                let width = 200 + Int(random.unit() * 500), height = 150 + Int(random.unit() * 450)
                let x = random.unit() * 0.6, y = random.unit() * 0.6
                let crop = CropRect(
                    x: x, y: y, width: 0.05 + random.unit() * (0.95 - x),
                    height: 0.05 + random.unit() * (0.95 - y))
                let zoom =
                    trial % 3 == 0
                    ? ZoomState.fit
                    : ZoomState(zoom: 1 + random.unit() * 6, center: CropPoint(x: random.unit(), y: random.unit()))
                // Straightened frames too: turned, quick (the angle changing) with the fine grid, a level line.
                let angle = trial % 3 == 1 ? StraightenAngle(hundredths: Int(random.unit() * 9000) - 4500) : .zero
                let line = LevelLine(
                    start: CropPoint(x: random.unit() * Double(width), y: random.unit() * Double(height)),
                    end: CropPoint(x: random.unit() * Double(width), y: random.unit() * Double(height)))
                let state = PaintState(
                    focused: trial % 4 == 1, highContrast: trial % 5 == 2,
                    guides: styles[trial % styles.count],
                    shape: trial % 2 == 0 ? .rectangle : .circle, fixedFrame: trial % 7 == 3,
                    fineGrid: trial % 6 == 4, overlay: trial % 5 == 1 ? line : nil)
                let plan = painter.plan(
                    image: trial % 11 == 5 ? nil : images[trial % images.count], crop: crop,
                    width: Double(width), height: Double(height), scale: scale, state: state,
                    angle: angle, quick: trial % 6 == 4, zoom: zoom)
                let w = width * scale, h = height * scale
                let expected = Self.reference(plan, width: w, height: h)
                for bands in [1, 2, 3, 4, 7] {
                    // A reused frame surface still holds an old frame: here, opaque noise.
                    let target = ImageSurface(width: w, height: h)!
                    target.draw { c in
                        c.setColor(RGBA(random.unit(), random.unit(), random.unit(), 1))
                        cairo_paint(c.cr)
                    }
                    plan.render(into: target, bands: bands)
                    guard let first = Self.firstDifference(target, expected) else { continue }
                    XCTFail(
                        "trial \(trial), \(bands) bands, \(w)×\(h) at scale \(scale), \(state.shape): first difference at \(first)"
                    )
                    return
                }
            }
        }
    }

    func testTheCanvasShowsThePaintedFrameEitherWayThroughADragAndRecyclesItsSurfaces() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(Self.patternImage(width: 1000, height: 800), crop: CanvasRenderingTests.seedCrop)
            h.canvas.shape = .circle
            XCTAssertTrue(GtkDisplay.drawn(h.canvas.widget))
            for (delivery, nodeType) in [(FrameDelivery.texture, GSK_TEXTURE_NODE), (.recorded, GSK_CAIRO_NODE)] {
                h.delivery.forced = delivery
                let snapshot = gtk_snapshot_new()!
                h.canvas.snapshot(Snapshot(snapshot))
                let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
                XCTAssertEqual(gsk_render_node_get_node_type(node), nodeType, "\(delivery)")
                gsk_render_node_unref(node)
                // What GTK's renderer makes of it is what the painter paints, pixel for pixel.
                try Self.assertScreenMatchesPainter(h.canvas, "\(delivery)")
            }
            // A drag through the real widget: each frame repaints only what changed on a reused
            // surface, and the screen still shows the painter's whole frame.
            h.delivery.forced = .texture
            h.canvas.shape = .rectangle
            let vp = try XCTUnwrap(h.canvas.viewport)
            let corner = vp.viewPoint(CropPoint(x: 0.9, y: 0.9))
            h.canvas.dragBegan(x: corner.x, y: corner.y)
            for step in 1...8 {
                h.canvas.dragUpdated(dx: -7.3 * Double(step), dy: -4.1 * Double(step))
                try Self.assertScreenMatchesPainter(h.canvas, "drag step \(step)")
            }
            h.canvas.dragEnded(dx: -7.3 * 8, dy: -4.1 * 8)
            // Each frame's surface comes back once GTK has let its texture go, so frames reuse it.
            h.delivery.forced = .texture
            for _ in 0..<5 { _ = WidgetRenderer.render(h.canvas.widget) }
            XCTAssertGreaterThanOrEqual(h.canvas.frames.surfaces.idleCount, 1)
            XCTAssertLessThanOrEqual(h.canvas.frames.surfaces.made, 2, "frames allocate new surfaces instead of reusing")
        }
    }

    /// Renders the canvas through its window's GSK renderer and requires every third pixel each
    /// way to be within 1 of the painter's whole frame (the GPU's sampling may round).
    @MainActor
    static func assertScreenMatchesPainter(
        _ canvas: CropCanvas, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let width = Int(gtk_widget_get_width(canvas.widget)), height = Int(gtk_widget_get_height(canvas.widget))
        let shown = try XCTUnwrap(GtkDisplay.renderWhenDrawn(canvas.widget), "nothing rendered", file: file, line: line)
        let scale = shown.width / width
        XCTAssertEqual(shown.height, height * scale, file: file, line: line)
        let plan = canvas.painter.plan(
            image: canvas.image, crop: canvas.shownCrop, width: Double(width),
            height: Double(height), scale: scale, state: canvas.paintState)
        let painted = reference(plan, width: shown.width, height: shown.height)
        var worst = 0
        for y in stride(from: 0, to: shown.height, by: 3) {
            for x in stride(from: 0, to: shown.width, by: 3) {
                let a = shown.pixel(x: x, y: y), b = painted.pixel(x: x, y: y)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "\(label): largest channel difference, screen against painter", file: file, line: line)
    }

    func testGtksCairoRendererGetsTheRecordingAndGpuRenderersTheTexture() throws {
        try GtkDisplay.require()
        let cairoRenderer = gsk_cairo_renderer_new()!, glRenderer = gsk_gl_renderer_new()!
        defer { g_object_unref(cairoRenderer.raw); g_object_unref(glRenderer.raw) }
        XCTAssertEqual(FrameDelivery(for: cairoRenderer), .recorded)
        XCTAssertEqual(FrameDelivery(for: glRenderer), .texture)
    }
}
