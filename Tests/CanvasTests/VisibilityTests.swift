// The frame stays visible on white and black photos and in high contrast; the focus ring shows keyboard focus.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class VisibilityTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    static let viewport = Viewport(imageWidth: 1000, imageHeight: 800, viewSize: CropSize(width: 600, height: 500))

    /// Paints one frame of a solid image of `level` and returns the surface.
    @MainActor private static func paint(level: Double, state: PaintState = PaintState()) -> ImageSurface {
        let surface = ImageSurface(width: 600, height: 500)!
        surface.draw { c in
            CanvasPainter().draw(
                c, image: TestPictures.grey(width: 1000, height: 800, level: level),
                crop: seedCrop, width: 600, height: 500, scale: 1, state: state)
        }
        return surface
    }

    /// Pixel rows across the frame's left edge, halfway down: halo, white line, halo.
    private static func leftEdge() -> (line: Int, haloOutside: Int, y: Int) {
        let frame = viewport.viewRect(seedCrop)
        // The halo is 1 point wider on each side than the 1.5-point white line.
        return (Int(frame.minX), Int(frame.minX) - 2, Int(frame.midY))
    }

    func testFrameIsVisibleOnAWhitePhoto() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let surface = Self.paint(level: 1)
            let edge = Self.leftEdge()
            // Inside the frame the photo is white; the halo beside the white line is clearly darker.
            XCTAssertGreaterThanOrEqual(surface.pixel(x: edge.line + 30, y: edge.y + 7).r, 250)
            XCTAssertGreaterThanOrEqual(surface.pixel(x: edge.line, y: edge.y + 7).r, 240, "the frame line")
            let halo = surface.pixel(x: edge.line + 1, y: edge.y + 7).r
            let haloOutside = surface.pixel(x: edge.haloOutside + 1, y: edge.y + 7).r
            XCTAssertLessThan(min(halo, haloOutside), 200, "no dark halo beside the white line on a white photo")
        }
    }

    func testFrameIsVisibleOnABlackPhoto() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let surface = Self.paint(level: 0)
            let edge = Self.leftEdge()
            XCTAssertGreaterThanOrEqual(surface.pixel(x: edge.line, y: edge.y + 7).r, 240, "white frame on black")
            XCTAssertLessThanOrEqual(surface.pixel(x: edge.line + 30, y: edge.y + 7).r, 5)
        }
    }

    func testHighContrastMakesTheHaloSolidAndTheGuidesOpaque() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let normal = Self.paint(level: 1)
            let contrast = Self.paint(level: 1, state: PaintState(highContrast: true))
            let frame = Self.viewport.viewRect(Self.seedCrop)
            let x = Int(frame.minX + frame.width / 3), y = Int(frame.midY) + 7
            // Beside a thirds line: the halo is darker in high contrast than in the normal style.
            let besideNormal = (x - 2...x + 2).map { Int(normal.pixel(x: $0, y: y).r) }.min()!
            let besideContrast = (x - 2...x + 2).map { Int(contrast.pixel(x: $0, y: y).r) }.min()!
            XCTAssertLessThan(besideContrast, besideNormal - 40, "high contrast halo \(besideContrast) vs \(besideNormal)")
        }
    }

    func testKeyboardFocusDrawsARingAroundThePicture() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let unfocused = Self.paint(level: 0.5)
            let focused = Self.paint(level: 0.5, state: PaintState(focused: true))
            let image = Self.viewport.imageFrame
            let x = Int(image.midX), y = Int(image.minY - OverlayStyle.focusRingGap)
            let ring = focused.pixel(x: x, y: y), plain = unfocused.pixel(x: x, y: y)
            XCTAssertGreaterThan(Int(ring.b), Int(ring.r) + 80, "focus ring \(ring)")
            XCTAssertLessThan(Int(plain.b), 60, "no ring without focus \(plain)")
        }
    }
}
