// Find Photos in the model: tilted prints on a lid found with their tilt and corners, touching ones parted, none on a photo.
import CropKit
import Foundation
import Testing

@Suite struct PhotoFinderTests {
    static let width = 600, height = 800

    /// A scan: `prints` drawn with a textured face (and maybe a white border) on a lid of `lid`
    /// (0…1) with grain; a pixel on a print's edge is the share of 3 × 3 samples on it.
    static func scan(_ prints: [FoundPrint], lid: Double, border: Bool, random: inout SplitMix64) -> [UInt8] {
        let frames = prints.map { p -> (FoundPrint, Double, Double) in
            let (s, c) = (sin(p.tilt * .pi / 180), cos(p.tilt * .pi / 180))
            return (p, s, c)
        }
        func tone(_ x: Double, _ y: Double) -> Double {
            for (k, (p, s, c)) in frames.enumerated() {
                let dx = x - p.centre.x, dy = y - p.centre.y
                let u = dx * c + dy * s, v = -dx * s + dy * c
                guard abs(u) <= p.width / 2, abs(v) <= p.height / 2 else { continue }
                if border, abs(u) > p.width / 2 - 8 || abs(v) > p.height / 2 - 8 { return 0.99 }
                return 0.45 + 0.3 * sin(u / (7 + Double(k))) * cos(v / 11) + 0.1 * sin((u + v) / 23)
            }
            return lid
        }
        return rendered(tone, random: &random)
    }

    /// A scan of `tone` (0…1 at a point): a pixel is the mean of its 3 × 3 samples, with grain.
    static func rendered(_ tone: (Double, Double) -> Double, random: inout SplitMix64) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var value = 0.0
                for k in 0..<9 { value += tone(Double(x) + (Double(k % 3) + 0.5) / 3, Double(y) + (Double(k / 3) + 0.5) / 3) }
                value = value / 9 + 0.012 * random.gaussian()
                out[y * width + x] = UInt8(min(max((value * 255).rounded(), 0), 255))
            }
        }
        return out
    }

    /// What the finder finds on a scan of `prints` on a white lid, drawn with grain from `seed`.
    static func found(_ prints: [FoundPrint], seed: UInt64) -> [FoundPrint] {
        var random = SplitMix64(seed: seed)
        let pixels = scan(prints, lid: 0.9, border: false, random: &random)
        return PhotoFinder.find(width: width, height: height, luminance: pixels)
    }

    /// The worst distance from a found print's corners to the drawn one's, in pixels.
    static func cornerError(_ found: FoundPrint, _ drawn: FoundPrint) -> Double {
        zip(found.corners, drawn.corners).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
    }

    static let threePrints = [
        FoundPrint(centre: CropPoint(x: 170, y: 180), width: 220, height: 160, tilt: 6.5),
        FoundPrint(centre: CropPoint(x: 440, y: 200), width: 180, height: 240, tilt: -11),
        FoundPrint(centre: CropPoint(x: 300, y: 560), width: 320, height: 220, tilt: 2.25),
    ]

    /// A print pushed half off the glass's bottom edge is the part of it that was scanned: its tilt, its
    /// top corners where drawn, every corner on the scan (where a decoder's answer must have them).
    @Test func aPrintRunningOffTheScanIsThePartScanned() {
        let drawn = [
            FoundPrint(centre: CropPoint(x: 300, y: 250), width: 260, height: 200, tilt: 5),
            FoundPrint(centre: CropPoint(x: 300, y: 760), width: 360, height: 220, tilt: -4),
        ]
        let found = Self.found(drawn, seed: 41)
        #expect(found.count == 2)
        guard found.count == 2 else { return }
        #expect(Self.cornerError(found[0], drawn[0]) <= 3)
        #expect(abs(found[1].tilt - drawn[1].tilt) <= 0.3, "tilt \(found[1].tilt)")
        #expect(found.flatMap(\.corners).allSatisfy { $0.x >= -0.01 && $0.y >= -0.01 && $0.x <= 600.01 && $0.y <= 800.01 })
        for (a, b) in zip(found[1].corners, drawn[1].corners) where b.y < 760 { #expect(hypot(a.x - b.x, a.y - b.y) <= 3) }
        #expect(found[1].corners.map(\.y).max()! >= 795, "the part scanned reaches the scan's edge")
    }

    @Test(arguments: [(0.9, false), (0.92, true), (0.12, false), (0.1, true)])
    func findsTiltedPrintsInReadingOrder(lid: Double, border: Bool) {
        var random = SplitMix64(seed: 37)
        let pixels = Self.scan(Self.threePrints, lid: lid, border: border, random: &random)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 3)
        for (drawn, print) in zip(Self.threePrints, found) {
            #expect(abs(print.tilt - drawn.tilt) <= 0.3, "tilt \(print.tilt) for \(drawn.tilt)")
            #expect(Self.cornerError(print, drawn) <= 3, "corners \(print.corners) for \(drawn.corners)")
        }
    }

    /// A white border on a white lid, too faint for any one profile across its edge to place it, is
    /// placed by their mean: the print is found to its border's edge, not inside it.
    @Test func aFaintBorderIsFoundToItsEdge() {
        var random = SplitMix64(seed: 38)
        let pixels = Self.scan(Self.threePrints, lid: 0.93, border: true, random: &random)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 3)
        for (drawn, print) in zip(Self.threePrints, found) {
            #expect(abs(print.width - drawn.width) <= 1 && abs(print.height - drawn.height) <= 1, "found \(print) for \(drawn)")
            #expect(Self.cornerError(print, drawn) <= 1.5, "corners \(print.corners) for \(drawn.corners)")
        }
    }

    @Test func dustAndSpecksAreNoPrints() {
        var random = SplitMix64(seed: 5)
        var pixels = Self.scan(Array(Self.threePrints.prefix(1)), lid: 0.9, border: false, random: &random)
        for _ in 0..<40 {
            let x = random.int(2...(Self.width - 6)), y = random.int(420...(Self.height - 6))
            for dy in 0..<random.int(1...4) { for dx in 0..<random.int(1...4) { pixels[(y + dy) * Self.width + x + dx] = 30 } }
        }
        #expect(PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels).count == 1)
    }

    @Test func printsTouchingAtACornerAreParted() {
        let touching = [
            FoundPrint(centre: CropPoint(x: 190, y: 300), width: 240, height: 180, tilt: 4),
            FoundPrint(centre: CropPoint(x: 408, y: 450), width: 200, height: 150, tilt: -3),
        ]
        let found = Self.found(touching, seed: 9)
        #expect(found.count == 2)
        for (drawn, print) in zip(touching, found) {
            #expect(abs(print.tilt - drawn.tilt) <= 0.5, "tilt \(print.tilt) for \(drawn.tilt)")
            #expect(Self.cornerError(print, drawn) <= 6, "found \(print) for \(drawn)")
        }
    }

    /// Two prints of different tilts pushed side against side (white borders on a white lid, so the
    /// line between them is not seen): each keeps its own straight edges, not the line they were parted along.
    @Test func printsTouchingSideToSideAtDifferentTiltsKeepTheirOwnEdges() {
        let still = FoundPrint(centre: CropPoint(x: 190, y: 400), width: 240, height: 180, tilt: -9.4)
        var moving = FoundPrint(centre: CropPoint(x: 470, y: 370), width: 230, height: 160, tilt: -13.8)
        let (dx, dy) = (still.centre.x - moving.centre.x, still.centre.y - moving.centre.y)
        let start = moving.centre
        var (apart, overlapping) = (0.0, 1.0)
        for _ in 0..<40 {
            let t = (apart + overlapping) / 2
            moving.centre = CropPoint(x: start.x + t * dx, y: start.y + t * dy)
            if Self.overlap(moving, still) { overlapping = t } else { apart = t }
        }
        // A pixel's overlap, as prints lying against each other do.
        let t = apart + 1 / hypot(dx, dy)
        moving.centre = CropPoint(x: start.x + t * dx, y: start.y + t * dy)
        var random = SplitMix64(seed: 12)
        let pixels = Self.scan([still, moving], lid: 0.9, border: true, random: &random)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 2)
        for (drawn, print) in zip([still, moving].sorted { $0.centre.x < $1.centre.x }, found) {
            #expect(abs(print.tilt - drawn.tilt) <= 0.3, "tilt \(print.tilt) for \(drawn.tilt)")
            #expect(Self.cornerError(print, drawn) <= 2, "found \(print) for \(drawn)")
        }
    }

    /// Two white-bordered prints of one tilt on a white lid, flush side against side and flush at
    /// their bottoms, the right one taller: one notch where their tops step, none below; each found.
    @Test func printsMeetingFlushAtOneEndAreParted() {
        let left = FoundPrint(centre: CropPoint(x: 170, y: 320), width: 150, height: 200, tilt: 7.7)
        let (s, c) = (sin(left.tilt * .pi / 180), cos(left.tilt * .pi / 180))
        let (u, v) = (left.width / 2 + 80 - 1, -15.0)
        let right = FoundPrint(
            centre: CropPoint(x: left.centre.x + u * c - v * s, y: left.centre.y + u * s + v * c), width: 160, height: 230,
            tilt: left.tilt)
        var random = SplitMix64(seed: 21)
        let pixels = Self.scan([left, right], lid: 0.9, border: true, random: &random)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 2)
        for (drawn, print) in zip([left, right], found) {
            #expect(abs(print.tilt - drawn.tilt) <= 0.3, "tilt \(print.tilt) for \(drawn.tilt)")
            #expect(Self.cornerError(print, drawn) <= 4, "found \(print) for \(drawn)")
        }
    }

    /// A print whose picture meets the lid's colour in a patch at its top edge has a notch there too,
    /// but the parts either side of it line up: one print.
    @Test func aNotchWhereAPicturesColourMeetsTheLidIsNoTwoPrints() {
        let drawn = FoundPrint(centre: CropPoint(x: 300, y: 400), width: 260, height: 180, tilt: 6)
        var random = SplitMix64(seed: 22)
        var pixels = Self.scan([drawn], lid: 0.9, border: false, random: &random)
        let (s, c) = (sin(drawn.tilt * .pi / 180), cos(drawn.tilt * .pi / 180))
        for y in 250..<550 {
            for x in 100..<500 {
                let dx = Double(x) + 0.5 - drawn.centre.x, dy = Double(y) + 0.5 - drawn.centre.y
                let (pu, pv) = (dx * c + dy * s, -dx * s + dy * c)
                if abs(pu - 20) < 25, pv < -drawn.height / 2 + 22 { pixels[y * Self.width + x] = UInt8(230 + random.int(-3...3)) }
            }
        }
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 1)
        #expect(found.first.map { Self.cornerError($0, drawn) <= 2 } ?? false, "found \(found)")
    }

    /// Whether two turned rectangles overlap (no side of either separates them).
    static func overlap(_ a: FoundPrint, _ b: FoundPrint) -> Bool {
        for shape in [a.corners, b.corners] {
            for i in 0..<4 {
                let (p, q) = (shape[i], shape[(i + 1) % 4])
                let project = { (points: [CropPoint]) in points.map { $0.x * (q.y - p.y) + $0.y * (p.x - q.x) } }
                let (one, other) = (project(a.corners), project(b.corners))
                if one.max()! < other.min()! || other.max()! < one.min()! { return false }
            }
        }
        return true
    }

    @Test func noPrintsOnAnOrdinaryPicture() {
        var random = SplitMix64(seed: 3)
        let gradient = (0..<(Self.width * Self.height)).map { i in UInt8((i % Self.width + i / Self.width) * 255 / 1400) }
        let clouds = (0..<(Self.width * Self.height)).map { i -> UInt8 in
            let x = Double(i % Self.width), y = Double(i / Self.width)
            return UInt8(128 + 80 * sin(x / 37) * cos(y / 53) + 10 * random.gaussian().clamped)
        }
        let flat = [UInt8](repeating: 200, count: Self.width * Self.height)
        for pixels in [gradient, clouds, flat] {
            #expect(PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels).isEmpty)
        }
        #expect(PhotoFinder.find(width: 4, height: 4, luminance: [UInt8](repeating: 0, count: 16)).isEmpty)
        #expect(PhotoFinder.find(width: 100, height: 100, luminance: []).isEmpty)
    }

    @Test func aPrintsCornersComeBackAsTheSamePrintFromAnyCornerEitherWayRound() {
        let print = FoundPrint(centre: CropPoint(x: 50, y: 70), width: 40, height: 30, tilt: -12)
        for turn in 0..<4 {
            for corners in [print.corners, print.corners.reversed()] {
                let again = FoundPrint(corners: Array(corners[turn...] + corners[..<turn]))
                #expect(abs(again.tilt - print.tilt) < 1e-9)
                #expect(abs(again.width - 40) < 1e-9 && abs(again.height - 30) < 1e-9)
                #expect(Self.cornerError(again, print) < 1e-9)
            }
        }
    }

    @Test func theCutLiesInsideTheStraightenedPictureAroundThePrint() {
        for drawn in Self.threePrints {
            let cut = drawn.cut(pictureWidth: Self.width, pictureHeight: Self.height)
            let turned = TurnedPicture(width: Self.width, height: Self.height, angle: drawn.straighten)
            #expect(cut.map(turned.contains) == true)
            #expect(abs(Double(cut?.width ?? 0) - drawn.width) <= 2)
            #expect(abs(Double(cut?.height ?? 0) - drawn.height) <= 2)
            let middle = turned.boxPoint(fromPicture: drawn.centre)
            #expect(abs(Double(cut!.x) + Double(cut!.width) / 2 - middle.x) <= 1)
        }
        #expect(
            FoundPrint(centre: CropPoint(x: -500, y: -500), width: 10, height: 10, tilt: 0).cut(
                pictureWidth: 50, pictureHeight: 50) == nil)
    }

    @Test func aMirrorTurnsTheTiltTheOtherWay() {
        let print = FoundPrint(centre: CropPoint(x: 100, y: 50), width: 60, height: 40, tilt: 7)
        let size = PixelSize(width: 300, height: 200)
        let mirrored = print.mapped(by: .upMirrored, pictureSize: size)
        #expect(abs(mirrored.tilt + 7) < 1e-9)
        #expect(abs(mirrored.centre.x - 200) < 1e-9)
        let turned = print.mapped(by: .right, pictureSize: size)
        #expect(abs(turned.tilt - 7) < 1e-9)
        #expect(abs(turned.width - 40) < 1e-9 && abs(turned.height - 60) < 1e-9)
        #expect(abs(turned.centre.x - 150) < 1e-9 && abs(turned.centre.y - 100) < 1e-9)
    }
}

extension Double {
    fileprivate var clamped: Double { Swift.min(Swift.max(self, -3), 3) }
}
