// Drags, keys and commits on a straightened picture: the frame slides along slanted edges, sides stop at them, ratios hold.
import CropKit
import Foundation
import Testing

@Suite struct StraightenedSessionTests {
    typealias Oracle = TurnedPictureOracle

    /// A 1000×1000 picture turned 10° clockwise; its box is 1159 pixels square.
    static let picture = TurnedPicture(width: 1000, height: 1000, angle: StraightenAngle(degrees: 10))
    /// The box shown at one view point per pixel, with no padding.
    static let viewport = Viewport(
        imageWidth: picture.boundingSize.width, imageHeight: picture.boundingSize.height,
        viewSize: CropSize(width: Double(picture.boundingSize.width), height: Double(picture.boundingSize.height)),
        padding: 0)

    static func session(_ crop: CropRect, ratio: Double? = nil) -> CropSession {
        var session = CropSession(crop: crop, aspectRatio: ratio)
        session.straightened = picture
        return session
    }

    /// What a drag shows: pressed at a point of `start`'s frame (0…1 across it), moved by `travel` view points.
    static func dragging(
        _ start: CropRect, ratio: Double? = nil, at point: CropPoint,
        by travel: CropSize
    ) -> (target: DragTarget, shown: CropRect) {
        var session = session(start, ratio: ratio)
        let frame = viewport.viewRect(start)
        let target = session.begin(
            at: CropPoint(x: frame.minX + point.x * frame.width, y: frame.minY + point.y * frame.height),
            in: viewport)
        session.update(translation: travel)
        return (target, session.shown)
    }

    /// A frame whose right edge touches the turned picture's right side.
    static func againstTheRightSide() -> CropRect {
        let crop = CropRect(x: 0.74, y: 0.4, width: 0.25, height: 0.2)
        #expect(picture.shrinkFactor(for: crop) < 1)
        // Slide it left until it fits at full size.
        var x = crop.x
        while !picture.contains(CropRect(x: x, y: crop.y, width: crop.width, height: crop.height)) { x -= 0.0005 }
        return CropRect(x: x, y: crop.y, width: crop.width, height: crop.height)
    }

    @Test func settingThePictureFitsTheCommittedCropInside() {
        let session = Self.session(.unit)
        #expect(Oracle.isInside(crop: session.committed, Self.picture))
        #expect(isClose(session.committed.midX, 0.5) && isClose(session.committed.midY, 0.5))
    }

    @Test func aMovedFrameSlidesAlongASlantedSideInsteadOfSticking() {
        let start = Self.againstTheRightSide()
        // Right and down: the right side slants, so the frame can only go down along it.
        let (target, shown) = Self.dragging(start, at: CropPoint(x: 0.5, y: 0.5), by: CropSize(width: 60, height: 80))
        #expect(target == .handle(.body))
        #expect(Oracle.isInside(crop: shown, Self.picture))
        #expect(isClose(shown.width, start.width) && isClose(shown.height, start.height))
        #expect(shown.midY > start.midY + 0.03)
        // Turned clockwise, the right side leans left going down: the frame follows it in.
        #expect(shown.midX < start.midX)
    }

    @Test func aDraggedEdgeStopsAtThePictureAndOnlyItMoves() {
        let start = CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3)
        let (target, shown) = Self.dragging(start, at: CropPoint(x: 1, y: 0.5), by: CropSize(width: 900, height: 0))
        #expect(target == .handle(.right))
        #expect(Oracle.isInside(crop: shown, Self.picture))
        #expect(shown.minX == start.minX && shown.minY == start.minY && isClose(shown.maxY, start.maxY))
        #expect(shown.maxX > start.maxX + 0.2)
        // It went as far as it could: a hair further reaches out.
        let further = CropRect(left: shown.minX, top: shown.minY, right: shown.maxX + 1e-6, bottom: shown.maxY)
        #expect(!Oracle.isInside(crop: further, Self.picture, tolerance: 0))
    }

    @Test func aFreeCornerSlidesWithItsOppositeCornerFixed() {
        let start = CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3)
        let (target, shown) = Self.dragging(start, at: CropPoint(x: 1, y: 1), by: CropSize(width: 2000, height: 150))
        #expect(target == .handle(.bottomRight))
        #expect(Oracle.isInside(crop: shown, Self.picture))
        #expect(shown.minX == start.minX && shown.minY == start.minY)
        #expect(shown.maxX > start.maxX + 0.2 && shown.maxY > start.maxY)
    }

    @Test func aLockedRatioHoldsWhenTheFrameStopsAtThePicture() {
        let ratio = 16.0 / 9
        let start = CropRect(x: 0.35, y: 0.4, width: 0.16, height: 0.09)
        for (handle, point) in [
            (CropHandle.bottomRight, CropPoint(x: 1, y: 1)), (.right, CropPoint(x: 1, y: 0.5)),
            (.topLeft, CropPoint(x: 0, y: 0)), (.bottom, CropPoint(x: 0.5, y: 1)),
        ] {
            let (target, shown) = Self.dragging(
                start, ratio: ratio, at: point,
                by: CropSize(width: (point.x - 0.5) * 3000, height: (point.y - 0.5) * 3000))
            #expect(target == .handle(handle))
            #expect(Oracle.isInside(crop: shown, Self.picture), "\(handle)")
            #expect(isClose(shown.width / shown.height, ratio, tolerance: 1e-9), "\(handle)")
            #expect(shown.width > start.width * 2, "\(handle)")
        }
    }

    @Test func aNewFrameStartedOutsideThePictureBeginsAtItsEdge() {
        var session = Self.session(CropRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        // The box's top-left corner lies outside the turned picture.
        #expect(session.begin(at: CropPoint(x: 5, y: 5), in: Self.viewport) == .newRectangle)
        session.update(translation: CropSize(width: 500, height: 400))
        let shown = session.shown
        #expect(Oracle.isInside(crop: shown, Self.picture))
        #expect(shown.width >= Seed.minimumSide - 1e-9 && shown.height >= Seed.minimumSide - 1e-9)
        session.end()
        #expect(session.committed == shown.sanitized)
    }

    @Test func keysMoveAndResizeWithinThePicture() {
        var session = Self.session(CropRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        for _ in 0..<40 { session.apply(.moveRight, resetTo: .unit) }
        #expect(Oracle.isInside(crop: session.committed, Self.picture))
        #expect(isClose(session.committed.width, 0.2) && session.committed.maxX > 0.8)
        for _ in 0..<40 { session.apply(.moveUp, resetTo: .unit) }
        #expect(Oracle.isInside(crop: session.committed, Self.picture) && isClose(session.committed.height, 0.2))
        for _ in 0..<40 { session.apply(.makeTaller, resetTo: .unit) }
        #expect(Oracle.isInside(crop: session.committed, Self.picture))
        #expect(session.committed.height > 0.5)
    }

    @Test func aCommittedFrameOutsideShrinksAboutItsCentre() {
        var session = Self.session(CropRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        let wanted = CropRect(x: 0.05, y: 0.1, width: 0.9, height: 0.5)
        let changed = session.commit(wanted)
        #expect(changed)
        let committed = session.committed
        #expect(Oracle.isInside(crop: committed, Self.picture))
        #expect(isClose(committed.midX, wanted.midX) && isClose(committed.midY, wanted.midY))
        #expect(isClose(committed.width / committed.height, wanted.width / wanted.height, tolerance: 1e-9))
    }

    /// Random straightened pictures, ratios, drags and keys (the plain session's property run, on
    /// a turned picture): nothing shown or committed ever reaches outside, and each drag keeps its
    /// own rules (a moved frame its size, a resize its fixed sides, a ratio, the minimum side).
    @Test func randomDragsAndKeysNeverLeaveTheTurnedPicture() {
        var random = SplitMix64(seed: 0x5747_1700_0000_0002)
        var failures = PropertyFailures()
        var operations = 0
        for _ in 0..<300 {
            let picture = TurnedPicture(
                width: random.pixels(upTo: 8000), height: random.pixels(upTo: 8000),
                angle: StraightenAngle(hundredths: random.int(-4500...4500)))
            let side = random.minimumSide()
            let box = picture.boundingSize
            let ratio: Double? = random.chance(0.4) ? exp(random.double(-1...1)) * Double(box.height) / Double(box.width) : nil
            var session = CropSession(crop: random.crop(meeting: side), minimumSide: side, aspectRatio: ratio)
            session.straightened = picture
            if let ratio,
                let fitted = picture.largestCrop(
                    aspect: ratio * Double(box.width) / Double(box.height),
                    centredAt: CropPoint(x: session.committed.midX, y: session.committed.midY))
            {
                session.commit(fitted)
            }
            let view =
                random.chance(0.5)
                ? CropSize(width: 1200, height: 800)
                : CropSize(width: random.double(100...2500), height: random.double(100...2500))
            let viewport = Viewport(imageWidth: box.width, imageHeight: box.height, viewSize: view)
            for _ in 0..<20 {
                let before = session.committed
                let metMinimum = before.width >= side - 1e-9 && before.height >= side - 1e-9
                var what: String {
                    "\(picture.width)×\(picture.height) at \(picture.angle), side \(side), ratio \(String(describing: ratio)), from \(before)"
                }
                if random.chance(0.25) {
                    let adjustment = CropAdjustment.allCases.filter { $0 != .reset }.randomElement(using: &random)!
                    session.apply(
                        adjustment, step: CropSize(width: random.double(0...0.2), height: random.double(0...0.2)), resetTo: .unit)
                    failures.check(Oracle.isInside(crop: session.committed, picture), "key outside: \(adjustment) " + what)
                    operations += 1
                    continue
                }
                let target = session.begin(at: random.press(around: viewport.viewRect(before), in: viewport), in: viewport)
                for _ in 0..<random.int(1...4) {
                    session.update(translation: random.travel(in: viewport))
                    operations += 1
                    let shown = session.shown
                    var detail: String { "\(target) → \(shown): " + what }
                    failures.check(Oracle.isInside(crop: shown, picture), "shown outside: " + detail)
                    guard case .handle(let handle) = target else {
                        let framed =
                            shown == before || (shown.width >= side - 1e-9 && shown.height >= side - 1e-9) || ratio != nil
                        failures.check(framed, "new frame under minimum: " + detail)
                        continue
                    }
                    if handle == .body {
                        failures.check(
                            isClose(shown.width, before.width) && isClose(shown.height, before.height), "body resized: " + detail)
                        continue
                    }
                    let ownSides =
                        (handle.movesLeft || shown.minX == before.minX) && (handle.movesTop || shown.minY == before.minY)
                        && (handle.movesRight || isClose(shown.maxX, before.maxX, tolerance: 1e-9))
                        && (handle.movesBottom || isClose(shown.maxY, before.maxY, tolerance: 1e-9))
                    failures.check(ratio != nil || ownSides, "other side moved: " + detail)
                    if ratio == nil {
                        failures.check(
                            !metMinimum || (shown.width >= side - 1e-9 && shown.height >= side - 1e-9), "under minimum: " + detail
                        )
                    } else if let ratio, isClose(before.width / before.height, ratio, tolerance: 1e-9 * ratio) {
                        failures.check(
                            isClose(shown.width / shown.height, ratio, tolerance: 1e-7 * ratio), "ratio lost: " + detail)
                    }
                }
                if random.chance(0.2) { session.cancel() } else { session.end() }
                failures.check(Oracle.isInside(crop: session.committed, picture), "committed outside: " + what)
            }
        }
        #expect(operations >= 10_000)
        #expect(failures.isEmpty, "\(failures)")
    }
}
