// Seeded random ratio-locked drags, new rectangles and fitting, checked in pixels against the unit square and the minimum side.
import CropKit
import Testing

/// The one-pixel rule: CropKit keeps the ratio exactly in normalized units, and `pixelRect` then
/// rounds each edge independently to the nearest pixel, so each side of the pixel frame is within
/// one pixel of a frame with the exact ratio R. A w × h frame is within one pixel of some
/// w* × h* with w* = R·h* exactly when |w − R·h| ≤ 1 + R. (A bound of max(1, R) cannot hold for
/// edge rounding: both sides may round the opposite way by almost a pixel each.)
@Suite struct RatioPropertyTests {
    static let tolerance = 1e-9

    /// Whether a pixel frame is within one pixel of the exact ratio R.
    static func keepsPixelRatio(_ p: PixelRect, _ pixelRatio: Double) -> Bool {
        abs(Double(p.width) - pixelRatio * Double(p.height)) <= 1 + pixelRatio + 1e-6
    }

    /// Whether the normalized frame itself has the ratio, measured in pixels before any rounding.
    static func keepsExactRatio(_ r: CropRect, _ pixelRatio: Double, width: Int, height: Int) -> Bool {
        abs(r.width * Double(width) - pixelRatio * r.height * Double(height)) <= 1e-6 * max(1, pixelRatio)
    }

    /// Both sides at least the minimum, or on an axis the ratio cannot make that long (a 10:1
    /// frame is at most 0.1 high), as long as the ratio allows: the longest frame of the ratio.
    static func meetsMinimum(_ side: Double, _ r: CropRect, ratio: Double) -> Bool {
        r.width >= min(side, min(1, ratio)) - tolerance && r.height >= min(side, min(1, 1 / ratio)) - tolerance
    }

    static func isInsideUnit(_ r: CropRect) -> Bool { r.isFinite && r.isInside(.unit, tolerance: tolerance) }

    /// On the axis an edge does not drag: still centred on the old centre, or pushed against a border.
    static func centredOrAtBorder(_ low: Double, _ high: Double, centre: Double) -> Bool {
        isClose((low + high) / 2, centre, tolerance: 1e-9) || low <= tolerance || high >= 1 - tolerance
    }

    @Test func ratioLockedDragsKeepTheRatioInsideAndTheMinimum() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A01)
        var failures = PropertyFailures()
        let operations = 100_000
        for _ in 0..<operations {
            let width = rng.sensibleSide(), height = rng.sensibleSide()
            let aspect = rng.lockedRatio()
            let ratio = aspect.normalizedRatio(imageWidth: width, imageHeight: height)!
            let pixelRatio = aspect.pixelRatio(imageWidth: width, imageHeight: height)!
            let side = rng.minimumSide()
            // Mostly a frame already of the ratio; sometimes a free crop just locked, which edges and corners snap.
            let fitted = rng.chance(0.85)
            let start = fitted ? rng.crop(ratio: ratio, meeting: side) : rng.crop(meeting: rng.double(0...0.6))
            let handle = CropHandle.allCases[rng.int(0...8)]
            let delta =
                rng.chance(0.2)
                ? CropSize(width: rng.double(-3...3), height: rng.double(-3...3))
                : CropSize(width: rng.double(-0.3...0.3), height: rng.double(-0.3...0.3))
            let after = handle.adjusting(
                start, by: delta, minimumSide: side, ratio: ratio,
                imageAspect: Double(width) / Double(height))
            let pixels = after.pixelRect(imageWidth: width, imageHeight: height)
            let what = {
                "\(handle) \(start) by \(delta), \(aspect) on \(width)x\(height) (r \(ratio)), side \(side): \(after) = \(pixels)"
            }
            failures.check(Self.isInsideUnit(after), "outside: " + what())
            if handle == .body {
                failures.check(after.size == start.size, "body resized: " + what())
                guard fitted else { continue }
            } else {
                failures.check(Self.meetsMinimum(side, after, ratio: ratio), "under minimum: " + what())
            }
            failures.check(Self.keepsExactRatio(after, pixelRatio, width: width, height: height), "ratio lost: " + what())
            failures.check(Self.keepsPixelRatio(pixels, pixelRatio), "pixel ratio lost: " + what())
            guard fitted else { continue }
            // From a frame of the ratio that meets the minimum, the anchor always holds.
            if handle.isCorner {
                let x = handle.movesRight ? (after.minX, start.minX) : (after.maxX, start.maxX)
                let y = handle.movesBottom ? (after.minY, start.minY) : (after.maxY, start.maxY)
                failures.check(isClose(x.0, x.1) && isClose(y.0, y.1), "opposite corner moved: " + what())
            } else if handle.isEdge {
                let kept: Bool
                switch handle {
                case .right:
                    kept = isClose(after.minX, start.minX) && Self.centredOrAtBorder(after.minY, after.maxY, centre: start.midY)
                case .left:
                    kept = isClose(after.maxX, start.maxX) && Self.centredOrAtBorder(after.minY, after.maxY, centre: start.midY)
                case .bottom:
                    kept = isClose(after.minY, start.minY) && Self.centredOrAtBorder(after.minX, after.maxX, centre: start.midX)
                default:
                    kept = isClose(after.maxY, start.maxY) && Self.centredOrAtBorder(after.minX, after.maxX, centre: start.midX)
                }
                failures.check(kept, "opposite edge or centre moved: " + what())
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func withoutARatioDragsAreExactlyFreeEvenForHostileInput() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A02)
        var failures = PropertyFailures()
        for _ in 0..<10_000 {
            let rect = rng.chance(0.5) ? rng.hostileCrop() : rng.crop(meeting: 0.15)
            let delta = CropSize(width: rng.hostile(), height: rng.hostile())
            let side = rng.chance(0.8) ? rng.minimumSide() : rng.hostile()
            let handle = CropHandle.allCases[rng.int(0...8)]
            let ratio: Double? = [nil, 0, -1, .nan, .infinity, -.infinity][rng.int(0...5)]
            let free = handle.adjusting(rect, by: delta, minimumSide: side)
            let locked = handle.adjusting(rect, by: delta, minimumSide: side, ratio: ratio, imageAspect: rng.hostile())
            // Compared as text so NaN results (from a NaN rect, as ever) count as equal.
            failures.check(
                "\(free)" == "\(locked)",
                "\(handle) \(rect) by \(delta), ratio \(String(describing: ratio)): \(free) vs \(locked)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func ratioLockedDragsOfHostileInputStayInside() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A03)
        var failures = PropertyFailures()
        for _ in 0..<10_000 {
            let rect = rng.hostileCrop()
            let delta = CropSize(width: rng.hostile(), height: rng.hostile())
            let side = rng.chance(0.8) ? rng.minimumSide() : rng.hostile()
            let handle = CropHandle.allCases[rng.int(1...8)]
            // Any positive finite ratio, down to the extremes where 1 / ratio overflows or underflows.
            let ratio = [
                rng.double(0.01...100), rng.double(1e-9...1e9), 1e-300, 1e300,
                .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            ][rng.int(0...5)]
            let after = handle.adjusting(rect, by: delta, minimumSide: side, ratio: ratio, imageAspect: rng.hostile())
            let what = { "\(handle) \(rect) by \(delta), ratio \(ratio), side \(side): \(after)" }
            failures.check(Self.isInsideUnit(after), "outside: " + what())
            // Past 1e±9 the short side can be below one ulp of the far edge and round away entirely.
            failures.check(ratio < 1e-9 || ratio > 1e9 || (after.width > 0 && after.height > 0), "empty: " + what())
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func newRectanglesKeepTheRatioFromTheAnchor() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A04)
        var failures = PropertyFailures()
        for _ in 0..<10_000 {
            let width = rng.sensibleSide(), height = rng.sensibleSide()
            let aspect = rng.lockedRatio()
            let ratio = aspect.normalizedRatio(imageWidth: width, imageHeight: height)!
            let pixelRatio = aspect.pixelRatio(imageWidth: width, imageHeight: height)!
            let side = rng.minimumSide()
            let anchor = CropPoint(x: rng.double(-0.1...1.1), y: rng.double(-0.1...1.1))
            let current =
                rng.chance(0.5)
                ? CropPoint(x: rng.double(-0.5...1.5), y: rng.double(-0.5...1.5))
                : CropPoint(x: anchor.x + rng.double(-0.05...0.05), y: anchor.y + rng.double(-0.05...0.05))
            let drag = NewRectangle(anchor: anchor, current: current)
            let crop = drag.crop(minimumSide: side, ratio: ratio, imageAspect: Double(width) / Double(height))
            let what = { "\(anchor) → \(current), \(aspect) on \(width)x\(height), side \(side): \(crop)" }
            failures.check(Self.isInsideUnit(crop), "outside: " + what())
            failures.check(Self.meetsMinimum(side, crop, ratio: ratio), "under minimum: " + what())
            failures.check(Self.keepsExactRatio(crop, pixelRatio, width: width, height: height), "ratio lost: " + what())
            failures.check(
                Self.keepsPixelRatio(crop.pixelRect(imageWidth: width, imageHeight: height), pixelRatio),
                "pixel ratio lost: " + what())
            // The press point stays on or in the frame (on a corner unless the minimum pushed it inside).
            let a = drag.anchor
            failures.check(
                crop.minX - Self.tolerance <= a.x && a.x <= crop.maxX + Self.tolerance
                    && crop.minY - Self.tolerance <= a.y && a.y <= crop.maxY + Self.tolerance, "anchor left: " + what())
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func fittingGivesTheLargestFrameOfTheRatioAroundTheCentre() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A05)
        var failures = PropertyFailures()
        for _ in 0..<10_000 {
            let width = rng.sensibleSide(), height = rng.sensibleSide()
            let aspect = rng.lockedRatio()
            let pixelRatio = aspect.pixelRatio(imageWidth: width, imageHeight: height)!
            let start = rng.crop(meeting: 0.01)
            let fitted = aspect.fitted(start, imageWidth: width, imageHeight: height)
            let pixels = fitted.pixelRect(imageWidth: width, imageHeight: height)
            let what = { "\(aspect) on \(width)x\(height) from \(start): \(fitted) = \(pixels)" }
            failures.check(Self.isInsideUnit(fitted), "outside: " + what())
            failures.check(Self.keepsExactRatio(fitted, pixelRatio, width: width, height: height), "ratio lost: " + what())
            failures.check(Self.keepsPixelRatio(pixels, pixelRatio), "pixel ratio lost: " + what())
            failures.check(pixels.width == width || pixels.height == height, "not the largest: " + what())
            failures.check(
                Self.centredOrAtBorder(fitted.minX, fitted.maxX, centre: start.midX)
                    && Self.centredOrAtBorder(fitted.minY, fitted.maxY, centre: start.midY), "off centre: " + what())
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func lockedSessionsShowAndCommitTheRatio() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0A06)
        var failures = PropertyFailures()
        for _ in 0..<300 {
            let viewport = Viewport(
                imageWidth: rng.sensibleSide(), imageHeight: rng.sensibleSide(),
                viewSize: CropSize(width: rng.double(100...2500), height: rng.double(100...2500)))
            let (width, height) = (viewport.imageWidth, viewport.imageHeight)
            let aspect = rng.lockedRatio()
            let pixelRatio = aspect.pixelRatio(imageWidth: width, imageHeight: height)!
            let ratio = aspect.normalizedRatio(imageWidth: width, imageHeight: height)!
            let side = rng.minimumSide()
            var session = CropSession(crop: rng.crop(meeting: side), minimumSide: side)
            session.lockAspectRatio(aspect, imageWidth: width, imageHeight: height)
            for _ in 0..<20 {
                let press = rng.press(around: viewport.viewRect(session.committed), in: viewport)
                let target = session.begin(at: press, in: viewport)
                session.update(translation: rng.travel(in: viewport))
                if rng.chance(0.2) { session.cancel() } else { session.end() }
                let c = session.committed
                let what = { "\(target) \(aspect) on \(width)x\(height), side \(side): \(c)" }
                failures.check(Self.isInsideUnit(c), "outside: " + what())
                failures.check(Self.meetsMinimum(side, c, ratio: ratio), "under minimum: " + what())
                failures.check(Self.keepsExactRatio(c, pixelRatio, width: width, height: height), "ratio lost: " + what())
                failures.check(
                    Self.keepsPixelRatio(c.pixelRect(imageWidth: width, imageHeight: height), pixelRatio),
                    "pixel ratio lost: " + what())
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
