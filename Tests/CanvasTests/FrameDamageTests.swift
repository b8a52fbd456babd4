// A frame surface that repaints only what changed since it was last painted ends up byte-for-byte the frame painted whole.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class FrameDamageTests: XCTestCase {
    /// A random normalized crop: sometimes the whole picture or touching its edges, where the
    /// brackets reach past the picture into the background.
    static func randomCrop(_ random: inout SeededRandom) -> CropRect {
        switch Int(random.unit() * 4) {
        case 0: return .unit
        case 1: return CropRect(x: 0, y: random.unit() * 0.5, width: 0.3 + random.unit() * 0.7, height: 0.5)
        default:
            let x = random.unit() * 0.8, y = random.unit() * 0.8
            return CropRect(x: x, y: y, width: 0.02 + random.unit() * (0.98 - x), height: 0.02 + random.unit() * (0.98 - y))
        }
    }

    func testRepaintingWhatChangedOnTwoSurfacesInTurnMatchesTheWholeFrame() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            var random = SeededRandom(seed: 11)
            let images = [
                FrameBandsTests.patternImage(width: 900, height: 700),
                FrameBandsTests.patternImage(width: 400, height: 1000),
            ]
            let styles = GuideStyle.allCases
            var partial = 0, whole = 0
            for trial in 0..<60 {
                let painter = CanvasPainter()
                let scale = 1 + trial % 2
                let width = 240 + Int(random.unit() * 400), height = 200 + Int(random.unit() * 300)
                var state = PaintState(guides: styles[trial % styles.count], shape: trial % 3 == 2 ? .circle : .rectangle)
                var zoom = ZoomState.fit
                // Some trials straighten: the angle changes with quick frames (drawn into the same
                // quick surfaces each time), then a sharp frame.
                var angle = StraightenAngle.zero, quick = false
                let image: LoadedImage? = trial % 13 == 6 ? nil : images[trial % images.count]
                var crop = Self.randomCrop(&random)
                // Two surfaces in turn, as GTK keeps the one on screen; both start full of noise.
                let surfaces = (0..<2).map { _ in FrameSurface(ImageSurface(width: width * scale, height: height * scale)!) }
                for surface in surfaces {
                    surface.image.draw { c in
                        c.setColor(RGBA(random.unit(), random.unit(), random.unit(), 1))
                        cairo_paint(c.cr)
                    }
                }
                for step in 0..<30 {
                    let roll = random.unit()
                    if trial % 5 == 3, roll < 0.3 {
                        quick = random.unit() < 0.7
                        angle = StraightenAngle(hundredths: Int(random.unit() * 2000) - 1000)
                        state.fineGrid = quick
                    } else if roll < 0.6 {
                        // A drag frame: the crop moves or resizes a little.
                        let d = { (r: inout SeededRandom) in (r.unit() - 0.5) * 0.02 }
                        crop =
                            CropRect(
                                x: crop.x + d(&random), y: crop.y + d(&random), width: crop.width + d(&random),
                                height: crop.height + d(&random)
                            ).sanitized
                    } else if roll < 0.85 {
                        crop = Self.randomCrop(&random)
                    } else if roll < 0.9 {
                        state.focused.toggle()
                    } else if roll < 0.95 {
                        state.highContrast.toggle()
                    } else {
                        zoom = ZoomState(zoom: 1 + random.unit() * 3, center: CropPoint(x: random.unit(), y: random.unit()))
                    }
                    let plan = painter.plan(
                        image: image, crop: crop, width: Double(width), height: Double(height),
                        scale: scale, state: state, angle: angle, quick: quick, zoom: zoom)
                    let target = surfaces[step % 2]
                    if let holds = target.holds {
                        if let damage = plan.damage(since: holds, width: width * scale, height: height * scale) {
                            if !damage.isEmpty { partial += 1 }
                        } else {
                            whole += 1
                        }
                    }
                    plan.render(into: target, bands: 1 + step % 3)
                    let expected = FrameBandsTests.reference(plan, width: width * scale, height: height * scale)
                    guard let first = FrameBandsTests.firstDifference(target.image, expected) else { continue }
                    XCTFail(
                        "trial \(trial) step \(step) (scale \(scale), \(state.shape), \(state.guides), crop \(crop)): "
                            + "first difference at \(first)")
                    return
                }
            }
            // Both ways were taken, many times each.
            XCTAssertGreaterThan(partial, 600, "frames that repainted only what changed")
            XCTAssertGreaterThan(whole, 100, "frames that had to repaint everything")
        }
    }

    func testDisjointUnionCoversExactlyTheRectsWithoutOverlap() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<300 {
            let rects = (0..<(1 + Int(random.unit() * 12))).map { _ in
                DeviceRect(
                    x: Int(random.unit() * 60), y: Int(random.unit() * 60),
                    width: 1 + Int(random.unit() * 30), height: 1 + Int(random.unit() * 30))
            }
            var wanted = [Bool](repeating: false, count: 100 * 100), covered = [Int](repeating: 0, count: 100 * 100)
            for r in rects { for y in r.y..<r.y + r.height { for x in r.x..<r.x + r.width { wanted[y * 100 + x] = true } } }
            for r in DeviceRect.disjointUnion(rects) {
                for y in r.y..<r.y + r.height { for x in r.x..<r.x + r.width { covered[y * 100 + x] += 1 } }
            }
            XCTAssertEqual(covered.map { $0 > 0 }, wanted, "\(rects)")
            XCTAssertLessThanOrEqual(covered.max() ?? 0, 1, "overlapping pieces for \(rects)")
        }
    }

    func testADragFrameRepaintsOnlyStripsAlongTheFrame() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let painter = CanvasPainter()
            let image = FrameBandsTests.patternImage(width: 1000, height: 800)
            let old = painter.plan(
                image: image, crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8),
                width: 1200, height: 900, scale: 1)
            let new = painter.plan(
                image: image, crop: CropRect(x: 0.1, y: 0.1, width: 0.799, height: 0.799),
                width: 1200, height: 900, scale: 1)
            let damage = try? XCTUnwrap(new.damage(since: old.content, width: 1200, height: 900))
            let area = damage?.reduce(0) { $0 + $1.area } ?? .max
            // Edges and thirds lines of two frames, 8 points wide: well under a fifth of the view.
            XCTAssertLessThan(area, 1200 * 900 / 5)
            XCTAssertEqual(new.damage(since: new.content, width: 1200, height: 900), [], "an unchanged frame repaints nothing")
            // Anything but the frame changing (here focus) repaints it all.
            let focused = painter.plan(
                image: image, crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8),
                width: 1200, height: 900, scale: 1, state: PaintState(focused: true))
            XCTAssertNil(focused.damage(since: old.content, width: 1200, height: 900))
        }
    }
}
