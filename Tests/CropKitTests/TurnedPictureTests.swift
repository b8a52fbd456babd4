// The straightened picture's geometry (box, corners, inside, largest frames, shrinking), and random cases against an oracle.
import CropKit
import Foundation
import Testing

@Suite struct TurnedPictureTests {
    typealias Oracle = TurnedPictureOracle

    @Test func atNoAngleTheBoxIsThePictureAndEveryRuleIsTheUnitSquares() {
        let picture = TurnedPicture(width: 4000, height: 3000, angle: .zero)
        #expect(picture.boundingSize == PixelSize(width: 4000, height: 3000))
        #expect(picture.exactBoundingSize == CropSize(width: 4000, height: 3000))
        #expect(picture.largestUprightCrop == .unit)
        #expect(picture.contains(CropRect.unit))
        #expect(!picture.contains(CropRect(x: 0.5, y: 0.5, width: 0.5001, height: 0.1)))
        let crop = CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        #expect(picture.fitted(crop) == crop.sanitized && picture.shrinkFactor(for: crop) == 1)
        #expect(picture.pixelRect(for: crop) == crop.pixelRect(imageWidth: 4000, imageHeight: 3000))
        for ratio in AspectRatio.presets {
            #expect(picture.normalizedRatio(ratio) == ratio.normalizedRatio(imageWidth: 4000, imageHeight: 3000))
        }
    }

    @Test func theBoxIsTheTurnedPicturesBoundsRoundedUpToWholePixels() {
        let picture = TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(degrees: 10))
        let r = 10 * Double.pi / 180
        let exactWidth = 4000 * cos(r) + 3000 * sin(r), exactHeight = 4000 * sin(r) + 3000 * cos(r)
        #expect(abs(picture.exactBoundingSize.width - exactWidth) < 1e-9)
        #expect(picture.boundingSize == PixelSize(width: Int(exactWidth.rounded(.up)), height: Int(exactHeight.rounded(.up))))
        // The smallest turn already needs a pixel more each way.
        let slight = TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(hundredths: 1))
        #expect(slight.boundingSize == PixelSize(width: 4001, height: 3001))
        // Either way round gives the same box.
        #expect(
            TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(degrees: -10)).boundingSize == picture.boundingSize)
    }

    @Test func aPositiveAngleTurnsThePictureClockwiseAsImageMagickDoes() {
        let picture = TurnedPicture(width: 400, height: 300, angle: StraightenAngle(degrees: 5))
        let box = picture.boundingSize
        let corners = picture.corners
        // Turned clockwise, the top-left corner is the highest point and the top-right the furthest right.
        #expect(corners[0].y < 0.5 && corners[0].y == corners.map(\.y).min())
        #expect(Double(box.width) - corners[1].x < 0.5 && corners[1].x == corners.map(\.x).max())
        // The top edge runs down to the right.
        #expect(corners[1].y > corners[0].y)
        for corner in [CropPoint(x: 0, y: 0), CropPoint(x: 400, y: 300), CropPoint(x: 123.25, y: 7.5)] {
            let back = picture.picturePoint(fromBox: picture.boxPoint(fromPicture: corner))
            #expect(isClose(back, corner, tolerance: 1e-9))
        }
    }

    @Test func theLargestFrameOfThePicturesProportionsIsTheClosedForm() {
        for degrees in [0.5, 2.5, 10, -10, 30, 45, -45] {
            let angle = StraightenAngle(degrees: degrees)
            let picture = TurnedPicture(width: 4000, height: 3000, angle: angle)
            let r = abs(degrees) * Double.pi / 180
            // A W×H frame scaled by k about the centre fits while k(W cos + H sin) ≤ W and k(W sin + H cos) ≤ H.
            let k = min(4000 / (4000 * cos(r) + 3000 * sin(r)), 3000 / (4000 * sin(r) + 3000 * cos(r)))
            let pixels = Oracle.pixels(picture.largestUprightCrop, picture)
            #expect(abs(pixels.width - 4000 * k) < 1e-6 && abs(pixels.height - 3000 * k) < 1e-6, "\(degrees)°")
            #expect(abs(pixels.midX - Double(picture.boundingSize.width) / 2) < 1e-6)
            #expect(
                Oracle.isInside(pixels, picture) && !Oracle.isInside(Oracle.scaled(pixels, by: 1.000001), picture, tolerance: 0))
        }
    }

    @Test func aCropThatReachesOutShrinksAboutItsCentreKeepingItsProportions() {
        let picture = TurnedPicture(width: 1000, height: 1000, angle: StraightenAngle(degrees: 20))
        let crop = CropRect(x: 0.1, y: 0.2, width: 0.8, height: 0.5)
        #expect(!picture.contains(crop))
        let k = picture.shrinkFactor(for: crop)
        #expect(k > 0 && k < 1)
        let fitted = picture.fitted(crop)
        #expect(isClose(fitted.midX, crop.midX) && isClose(fitted.midY, crop.midY))
        #expect(isClose(fitted.width, crop.width * k) && isClose(fitted.height, crop.height * k))
        #expect(Oracle.isInside(crop: fitted, picture))
    }

    @Test func aCropWhoseCentreIsOutsideIsPulledInRatherThanLost() {
        let picture = TurnedPicture(width: 1000, height: 500, angle: StraightenAngle(degrees: 30))
        // The box's top-left corner is outside the turned picture.
        let crop = CropRect(x: 0, y: 0, width: 0.1, height: 0.1)
        #expect(picture.shrinkFactor(for: crop) == 0)
        let fitted = picture.fitted(crop)
        #expect(Oracle.isInside(crop: fitted, picture) && fitted.width > 0 && fitted.height > 0)
        #expect(isClose(fitted.width / fitted.height, 1, tolerance: 1e-9))
    }

    @Test func aPixelCropMustLieInsideAndRoundingNeverReachesOut() {
        let picture = TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(degrees: 7))
        let inside = picture.pixelRect(for: picture.largestUprightCrop)
        #expect(picture.contains(inside))
        #expect(
            Oracle.isInside(
                CropRect(
                    x: Double(inside.x), y: Double(inside.y),
                    width: Double(inside.width), height: Double(inside.height)), picture))
        #expect(!picture.contains(PixelRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(!picture.contains(PixelRect(x: inside.x, y: inside.y, width: 0, height: 10)))
        let grown = PixelRect(x: inside.x - 1, y: inside.y - 1, width: inside.width + 2, height: inside.height + 2)
        #expect(!picture.contains(grown))
    }

    @Test func carryingACropToAnotherAngleKeepsTheContentUnderItsCentre() {
        let level = TurnedPicture(width: 3000, height: 2000, angle: .zero)
        let turned = TurnedPicture(width: 3000, height: 2000, angle: StraightenAngle(degrees: 4))
        let crop = CropRect(x: 0.4, y: 0.3, width: 0.2, height: 0.25)
        let carried = level.carried(crop, to: turned)
        let centre = Oracle.pixels(carried, turned)
        let seen = turned.picturePoint(fromBox: CropPoint(x: centre.midX, y: centre.midY))
        #expect(isClose(seen, CropPoint(x: 0.5 * 3000, y: 0.425 * 2000), tolerance: 1e-6))
        // Small enough to fit: the same size in pixels.
        #expect(abs(centre.width - 600) < 1e-6 && abs(centre.height - 500) < 1e-6)
        #expect(isClose(turned.carried(carried, to: level), crop, tolerance: 1e-12))
    }

    @Test func originalMeansThePicturesProportionsOnTheBox() {
        let picture = TurnedPicture(width: 3000, height: 2000, angle: StraightenAngle(degrees: 6))
        let box = picture.boundingSize
        let ratio = picture.normalizedRatio(.original)!
        // Normalized on the box, a 3:2 pixel frame has width ÷ height = 1.5 × boxH / boxW.
        #expect(isClose(ratio, 1.5 * Double(box.height) / Double(box.width)))
        #expect(picture.normalizedRatio(.free) == nil)
        #expect(isClose(picture.normalizedRatio(.square)!, Double(box.height) / Double(box.width)))
    }

    /// 100,000 random pictures, angles and crops (ordinary, tiny, at the edge, hostile): whatever
    /// the model fits, carries, rounds or builds lies inside by the oracle, "inside" agrees with
    /// it, and the largest frames and shrink factors are the largest (1 ppm more reaches out).
    @Test func randomPicturesAnglesAndCropsNeverReachOutside() {
        var random = SplitMix64(seed: 0x5747_1700_0000_0001)
        var failures = PropertyFailures()
        for _ in 0..<100_000 {
            let picture = TurnedPicture(
                width: random.pixels(upTo: 20_000), height: random.pixels(upTo: 20_000),
                angle: random.straightenAngle())
            let crop = random.cropToFit(picture)
            var what: String { "\(picture.width)×\(picture.height) at \(picture.angle), crop \(crop)" }

            let fitted = picture.fitted(crop)
            failures.check(
                Oracle.isInside(crop: fitted, picture) && picture.contains(fitted), "fitted outside: " + what + " → \(fitted)")
            let modelInside = picture.contains(crop)
            failures.check(!modelInside || Oracle.isInside(crop: crop, picture, tolerance: 2e-6), "contains said inside: " + what)
            failures.check(modelInside || !Oracle.isInside(crop: crop, picture, tolerance: 0), "contains said outside: " + what)
            if modelInside, picture.contains(crop.sanitized) {
                failures.check(fitted == crop.sanitized, "fitted changed an inside crop: " + what)
            }

            let k = picture.shrinkFactor(for: crop)
            let pixels = Oracle.pixels(crop, picture)
            if crop.isFinite, k > 0, pixels.width >= 1, pixels.height >= 1 {
                failures.check(Oracle.isInside(Oracle.scaled(pixels, by: k), picture), "shrunk outside: " + what + " k \(k)")
                failures.check(
                    k == 1 || !Oracle.isInside(Oracle.scaled(pixels, by: k * 1.000001), picture, tolerance: 0),
                    "shrank more than needed: " + what + " k \(k)")
            }

            let centre = CropPoint(x: random.double(-0.05...1.05), y: random.double(-0.05...1.05))
            let aspect = exp(random.double(-3...3))
            let box = CropPoint(
                x: centre.x * Double(picture.boundingSize.width), y: centre.y * Double(picture.boundingSize.height))
            let centreInside = Oracle.isInside(CropRect(x: box.x, y: box.y, width: 0, height: 0), picture, tolerance: -1e-6)
            if let largest = picture.largestCrop(aspect: aspect, centredAt: centre) {
                let p = Oracle.pixels(largest, picture)
                failures.check(Oracle.isInside(p, picture), "largest outside: " + what + " at \(centre) aspect \(aspect)")
                failures.check(
                    isClose(p.width / p.height, aspect, tolerance: 1e-9 * aspect), "largest not of the aspect: " + what)
                if p.width >= 1, p.height >= 1 {
                    failures.check(
                        !Oracle.isInside(Oracle.scaled(p, by: 1.000001), picture, tolerance: 0),
                        "largest not largest: " + what + " at \(centre)")
                }
            } else {
                failures.check(!centreInside, "no largest frame about an inside centre: " + what + " at \(centre)")
            }

            let other = TurnedPicture(width: picture.width, height: picture.height, angle: random.straightenAngle())
            let carried = picture.carried(fitted, to: other)
            failures.check(Oracle.isInside(crop: carried, other), "carried outside: " + what + " to \(other.angle)")

            let rounded = picture.pixelRect(for: crop)
            let roundedPixels = CropRect(
                x: Double(rounded.x), y: Double(rounded.y), width: Double(rounded.width), height: Double(rounded.height))
            let fittedPixels = Oracle.pixels(fitted, picture)
            // Under two pixels a span may hold no whole pixel at all.
            if fittedPixels.width >= 2, fittedPixels.height >= 2 {
                failures.check(
                    picture.contains(rounded) && Oracle.isInside(roundedPixels, picture),
                    "pixel rect outside: " + what + " → \(rounded)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}

extension SplitMix64 {
    /// An angle: level, the smallest step, the limits, or anything between.
    mutating func straightenAngle() -> StraightenAngle {
        switch int(0...9) {
        case 0: return .zero
        case 1: return StraightenAngle(hundredths: [1, -1, 4500, -4500][int(0...3)])
        case 2, 3: return StraightenAngle(hundredths: int(-300...300))
        default: return StraightenAngle(hundredths: int(-4500...4500))
        }
    }

    /// A crop to put in a turned picture: anywhere in the box, tiny, hugging the picture's edge
    /// (its largest frame about a random centre, a hair smaller or larger), or hostile.
    mutating func cropToFit(_ picture: TurnedPicture) -> CropRect {
        switch int(0...9) {
        case 0, 1, 2: return crop(meeting: double(0...1))
        case 3: return CropRect(x: double(0...1), y: double(0...1), width: double(0...1e-3), height: double(0...1e-3))
        case 4: return hostileCrop()
        default:
            let centre = CropPoint(x: double(0...1), y: double(0...1))
            guard let largest = picture.largestCrop(aspect: exp(double(-2...2)), centredAt: centre) else {
                return crop(meeting: 0.1)
            }
            let k = [1, 1 - 1e-9, 1 + 1e-9, double(0.9...1.1)][int(0...3)]
            return CropRect(
                x: largest.midX - largest.width * k / 2, y: largest.midY - largest.height * k / 2,
                width: largest.width * k, height: largest.height * k)
        }
    }
}
