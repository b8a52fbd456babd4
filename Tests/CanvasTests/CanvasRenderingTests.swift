// What the canvas puts on screen: the source darkened by 55 % outside the frame, untouched inside, white brackets.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class CanvasRenderingTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    func testDimInsideAndBracketsThroughGtksRenderer() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800, level: 128.0 / 255), crop: Self.seedCrop)
            XCTAssertTrue(GtkDisplay.drawn(h.canvas.widget))
            let pixels = try XCTUnwrap(WidgetRenderer.render(h.canvas.widget))
            let scale = Double(pixels.width) / Double(gtk_widget_get_width(h.canvas.widget))
            let vp = try XCTUnwrap(h.canvas.viewport)
            func at(_ p: CropPoint) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
                pixels.pixel(x: Int(p.x * scale), y: Int(p.y * scale))
            }
            // Outside the frame: 128 under black at 55 % is 128 × 0.45 ≈ 57.6.
            let outside = at(vp.viewPoint(CropPoint(x: 0.05, y: 0.5)))
            XCTAssertEqual(Double(outside.r), 128 * 0.45, accuracy: 2, "outside \(outside)")
            XCTAssertEqual(outside.r, outside.b)
            // Inside the frame, away from the thirds lines: the source unchanged.
            let inside = at(vp.viewPoint(CropPoint(x: 0.5, y: 0.5)))
            XCTAssertEqual(Double(inside.r), 128, accuracy: 1, "inside \(inside)")
            // The middle of the top-left bracket's horizontal arm (22-point arms, 4 points wide): white.
            let frame = vp.viewRect(Self.seedCrop)
            let bracket = at(CropPoint(x: frame.minX + 11, y: frame.minY))
            XCTAssertGreaterThanOrEqual(bracket.r, 250, "bracket \(bracket)")
            XCTAssertGreaterThanOrEqual(bracket.b, 250, "bracket \(bracket)")
            // Just beyond the arm's end the frame line is thinner: not the bracket's width any more.
            let beyondArm = at(CropPoint(x: frame.minX + 40, y: frame.minY - 1.6))
            XCTAssertLessThan(beyondArm.r, 250, "beyond the bracket \(beyondArm)")
        }
    }

    func testQuickStraightenFramesTurnAtMostSixHundredThousandPixels() {
        XCTAssertEqual(CanvasPainter.quickReduction(width: 1000, height: 700), 2, "an ordinary window: half resolution")
        XCTAssertEqual(CanvasPainter.quickReduction(width: 3240, height: 2160), 4, "4K: a quarter")
        XCTAssertEqual(CanvasPainter.quickReduction(width: 7680, height: 4320), 8)
        for (w, h) in [(1, 1), (640, 480), (2560, 1600), (3840, 2160), (12000, 300)] {
            let k = CanvasPainter.quickReduction(width: w, height: h)
            XCTAssertGreaterThanOrEqual(k, 2, "a quick cache is never full resolution (its surfaces are reused)")
            XCTAssertLessThanOrEqual((w / k) * (h / k), CanvasPainter.quickPixels)
            if k > 2 {
                XCTAssertGreaterThan((w / (k - 1)) * (h / (k - 1)), CanvasPainter.quickPixels, "\(w)×\(h): no sharper fits")
            }
        }
    }

    func testPainterAtScaleTwoDrawsADoubleResolutionCacheOnce() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let painter = CanvasPainter()
            var cacheBuilds = 0
            painter.onCacheBuild = { cacheBuilds += 1 }
            let image = TestPictures.grey(width: 1000, height: 800, level: 128.0 / 255)
            let surface = ImageSurface(width: 1200, height: 1000)!
            for _ in 0..<3 {
                surface.draw { c in
                    cairo_scale(c.cr, 2, 2)
                    painter.draw(c, image: image, crop: Self.seedCrop, width: 600, height: 500, scale: 2)
                }
            }
            let vp = Viewport(imageWidth: 1000, imageHeight: 800, viewSize: CropSize(width: 600, height: 500))
            // The cache holds the picture at device resolution, built once for three frames.
            XCTAssertEqual(painter.displayCache?.width, Int((vp.imageFrame.width * 2).rounded()))
            XCTAssertEqual(cacheBuilds, 1)
            let frame = vp.viewRect(Self.seedCrop)
            let bracket = surface.pixel(x: Int((frame.minX + 11) * 2), y: Int(frame.minY * 2))
            XCTAssertGreaterThanOrEqual(bracket.r, 250)
            let outside = surface.pixel(
                x: Int(vp.viewPoint(CropPoint(x: 0.05, y: 0.5)).x * 2),
                y: Int(vp.viewPoint(CropPoint(x: 0.05, y: 0.5)).y * 2))
            XCTAssertEqual(Double(outside.r), 128 * 0.45, accuracy: 2)
        }
    }
}
