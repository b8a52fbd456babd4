// Each composition guide draws its own lines over the picture, and only those (pixels against the frame without guides).

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class GuideDrawingTests: XCTestCase {
    /// Paints a dark grey picture with a style's guide.
    @MainActor private static func paint(_ style: GuideStyle) -> ImageSurface {
        let surface = ImageSurface(width: 600, height: 500)!
        surface.draw { c in
            CanvasPainter().draw(
                c, image: TestPictures.grey(width: 1000, height: 800, level: 0.2), crop: crop,
                width: 600, height: 500, scale: 1, state: PaintState(guides: style))
        }
        return surface
    }

    static let crop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    /// Whether a vertical guide line at `part` of the frame's width changed any pixel around it,
    /// compared with the same frame painted without guides.
    @MainActor private static func lineVisible(_ style: GuideStyle, atPart part: Double) -> Bool {
        let with = paint(style), without = paint(.none)
        let frame = Viewport(imageWidth: 1000, imageHeight: 800, viewSize: CropSize(width: 600, height: 500)).viewRect(crop)
        let x = Int(frame.minX + frame.width * part), y = Int(frame.minY + frame.height * 0.1)
        return (x - 2...x + 2).contains { abs(Int(with.pixel(x: $0, y: y).r) - Int(without.pixel(x: $0, y: y).r)) >= 8 }
    }

    func testEachStyleDrawsItsOwnLines() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            XCTAssertTrue(Self.lineVisible(.thirds, atPart: 1.0 / 3))
            XCTAssertFalse(Self.lineVisible(.thirds, atPart: 0.5))
            XCTAssertTrue(Self.lineVisible(.goldenRatio, atPart: 0.618))
            XCTAssertFalse(Self.lineVisible(.goldenRatio, atPart: 1.0 / 3), "golden ratio drew thirds")
            XCTAssertTrue(Self.lineVisible(.grid, atPart: 0.5))
            XCTAssertFalse(Self.lineVisible(.diagonals, atPart: 1.0 / 3))
        }
    }
}
