// Seeded random runs (well over 100,000 operations in all) checking the rules that must hold for every input.
import CropKit
import Testing

@Suite struct PropertyTests {
    /// Rounding slack for "inside the unit square" and "at least the minimum side".
    static let tolerance = 1e-9

    static func isInsideUnit(_ r: CropRect) -> Bool { r.isFinite && r.isInside(.unit, tolerance: tolerance) }

    static func meets(_ side: Double, _ r: CropRect) -> Bool {
        r.width >= side - tolerance && r.height >= side - tolerance
    }

    /// Whether `after` differs from `before` only in the sides `handle` moves. Unmoved left and top
    /// sides are copied, so exact; unmoved right and bottom sides are recomputed as x + width.
    static func movesOnlyOwnSides(_ handle: CropHandle, from before: CropRect, to after: CropRect) -> Bool {
        (handle.movesLeft || after.minX == before.minX)
            && (handle.movesTop || after.minY == before.minY)
            && (handle.movesRight || isClose(after.maxX, before.maxX))
            && (handle.movesBottom || isClose(after.maxY, before.maxY))
    }

    @Test func sessionsKeepTheirInvariantsThroughRandomDrags() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0001)
        var failures = PropertyFailures()
        var operations = 0
        for _ in 0..<400 {
            let side = rng.minimumSide()
            let viewport = rng.viewport()
            var session = CropSession(crop: rng.crop(meeting: side), minimumSide: side)
            for _ in 0..<25 {
                let before = session.committed
                let metMinimum = Self.meets(side, before)
                let press = rng.press(around: viewport.viewRect(before), in: viewport)
                let target = session.begin(at: press, in: viewport)
                operations += 1
                for _ in 0..<rng.int(1...6) {
                    let travel = rng.travel(in: viewport)
                    session.update(translation: travel)
                    operations += 1
                    let shown = session.shown
                    let what = "\(target) from \(before) by \(travel) in \(viewport.imageFrame), side \(side): \(shown)"
                    failures.check(Self.isInsideUnit(shown), "shown outside: " + what)
                    failures.check(session.committed == before, "committed moved during drag: " + what)
                    failures.check(!metMinimum || Self.meets(side, shown), "shown under minimum: " + what)
                    if case .handle(let handle) = target {
                        if handle == .body {
                            failures.check(shown.size == before.size, "body resized: " + what)
                        } else {
                            failures.check(Self.movesOnlyOwnSides(handle, from: before, to: shown), "other side moved: " + what)
                        }
                    }
                }
                if rng.chance(0.3) {
                    session.cancel()
                    failures.check(
                        session.committed == before && session.shown == before && !session.isDragging,
                        "cancel did not restore \(before): \(session.committed)")
                } else {
                    let shown = session.shown
                    let changed = session.end()
                    failures.check(session.committed == shown.sanitized, "end committed \(session.committed), shown \(shown)")
                    failures.check(changed == (session.committed != before), "end reported \(changed) for \(before)")
                }
                operations += 1
                failures.check(Self.isInsideUnit(session.committed), "committed outside: \(session.committed)")
                failures.check(
                    !metMinimum || Self.meets(side, session.committed),
                    "committed under minimum \(side): \(session.committed)")
            }
        }
        #expect(operations >= 50_000)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func handleDragsKeepTheirRules() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0002)
        var failures = PropertyFailures()
        let operations = 20_000
        for _ in 0..<operations {
            let side = rng.minimumSide()
            let rect = rng.crop(meeting: side).sanitized
            let handle = CropHandle.allCases[rng.int(0...8)]
            let delta =
                rng.chance(0.2)
                ? CropSize(width: rng.double(-3...3), height: rng.double(-3...3))
                : CropSize(width: rng.double(-0.3...0.3), height: rng.double(-0.3...0.3))
            let after = handle.adjusting(rect, by: delta, minimumSide: side)
            let what = "\(handle) \(rect) by \(delta), side \(side): \(after)"
            failures.check(Self.isInsideUnit(after), "outside: " + what)
            failures.check(Self.meets(side, after), "under minimum: " + what)
            if handle == .body {
                failures.check(after.size == rect.size, "body resized: " + what)
            } else {
                failures.check(Self.movesOnlyOwnSides(handle, from: rect, to: after), "other side moved: " + what)
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func sanitizedIsIdempotentAndInsideForHostileRects() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0003)
        var failures = PropertyFailures()
        let operations = 30_000
        for _ in 0..<operations {
            let r =
                rng.chance(0.5)
                ? rng.hostileCrop()
                : CropRect(
                    x: rng.double(-0.5...1.5), y: rng.double(-0.5...1.5),
                    width: rng.double(-1.5...1.5), height: rng.double(-1.5...1.5))
            let once = r.sanitized
            failures.check(once.sanitized == once, "not idempotent: \(r) → \(once) → \(once.sanitized)")
            failures.check(Self.isInsideUnit(once), "outside: \(r) → \(once)")
            failures.check(once.width > 0 && once.height > 0, "empty: \(r) → \(once)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func pixelToNormalizedToPixelIsExact() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0004)
        var failures = PropertyFailures()
        let operations = 30_000
        for _ in 0..<operations {
            let w = rng.pixels(upTo: 100_000), h = rng.pixels(upTo: 100_000)
            let x = rng.int(0...(w - 1)), y = rng.int(0...(h - 1))
            let pixels = PixelRect(x: x, y: y, width: rng.int(1...(w - x)), height: rng.int(1...(h - y)))
            let normalized = CropRect(pixelRect: pixels, imageWidth: w, imageHeight: h)
            let back = normalized.pixelRect(imageWidth: w, imageHeight: h)
            failures.check(back == pixels, "\(pixels) of \(w)x\(h) → \(normalized) → \(back)")
            failures.check(Self.isInsideUnit(normalized), "outside: \(pixels) of \(w)x\(h) → \(normalized)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func normalizedToPixelStaysInTheImageWithAtLeastOnePixel() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0005)
        var failures = PropertyFailures()
        let operations = 30_000
        for _ in 0..<operations {
            let w = rng.pixels(upTo: 100_000), h = rng.pixels(upTo: 100_000)
            let r: CropRect
            switch rng.int(0...2) {
            case 0: r = rng.hostileCrop()
            case 1: r = rng.crop(meeting: 0)
            default:
                r = CropRect(
                    x: rng.double(0...1), y: rng.double(0...1), width: rng.double(0...1e-4), height: rng.double(0...1e-4))
            }
            let p = r.pixelRect(imageWidth: w, imageHeight: h)
            failures.check(
                p.x >= 0 && p.y >= 0 && p.x + p.width <= w && p.y + p.height <= h,
                "leaves the image: \(r) of \(w)x\(h) → \(p)")
            failures.check(p.width >= 1 && p.height >= 1, "under a pixel: \(r) of \(w)x\(h) → \(p)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func newRectanglesStayInsideAndMeetTheMinimumSide() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0006)
        var failures = PropertyFailures()
        let operations = 10_000
        for _ in 0..<operations {
            let side = rng.minimumSide()
            let anchor = CropPoint(x: rng.hostile(), y: rng.hostile())
            let current =
                rng.chance(0.5)
                ? CropPoint(x: rng.hostile(), y: rng.hostile())
                : CropPoint(x: anchor.x + rng.double(-0.1...0.1), y: anchor.y + rng.double(-0.1...0.1))
            let drag = NewRectangle(anchor: anchor, current: current)
            let crop = drag.crop(minimumSide: side)
            let what = "\(anchor) → \(current), side \(side): \(crop)"
            failures.check(Self.isInsideUnit(drag.spanned), "spanned outside: " + what)
            failures.check(Self.isInsideUnit(crop), "crop outside: " + what)
            failures.check(Self.meets(side, crop), "crop under minimum: " + what)
            // Growth never moves the press point off the crop's border or out of it.
            failures.check(
                crop.minX - Self.tolerance <= drag.anchor.x && drag.anchor.x <= crop.maxX + Self.tolerance
                    && crop.minY - Self.tolerance <= drag.anchor.y && drag.anchor.y <= crop.maxY + Self.tolerance,
                "anchor left the crop: " + what)
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
