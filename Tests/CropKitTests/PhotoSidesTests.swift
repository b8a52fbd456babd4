// Find Photos' side fitting: a turned rectangle's edges and tilt from its outline, past another print's wedge and specks.
import CropKit
import Foundation
import Testing

@Suite struct PhotoSidesTests {
    static let drawn = FoundPrint(centre: CropPoint(x: 200, y: 150), width: 180, height: 120, tilt: -9.4)

    /// The centres of the pixels inside `print` (by their centres) with a side on a pixel outside it:
    /// the outline a mask of the print has.
    static func outline(_ print: FoundPrint) -> [CropPoint] {
        let (s, c) = (sin(print.tilt * .pi / 180), cos(print.tilt * .pi / 180))
        func inside(_ x: Int, _ y: Int) -> Bool {
            let dx = Double(x) + 0.5 - print.centre.x, dy = Double(y) + 0.5 - print.centre.y
            return abs(dx * c + dy * s) <= print.width / 2 && abs(-dx * s + dy * c) <= print.height / 2
        }
        var points: [CropPoint] = []
        for y in 0..<320 {
            for x in 0..<420 where inside(x, y) {
                if !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1) {
                    points.append(CropPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                }
            }
        }
        return points
    }

    /// `print` a little off: turned a degree more, its sides moved out and in by a few pixels.
    static func rough(_ print: FoundPrint) -> FoundPrint {
        var rough = print
        rough.tilt += 1
        rough.width += 5
        rough.height -= 3
        rough.centre = CropPoint(x: print.centre.x + 2, y: print.centre.y - 1)
        return rough
    }

    /// The worst distance between two rectangles' corners, in pixels.
    static func cornerError(_ a: FoundPrint, _ b: FoundPrint) -> Double {
        zip(a.corners, b.corners).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
    }

    /// Points `out` pixels beyond the drawn print's right side (else its bottom), at places `along` it.
    static func beyond(_ out: [Double], along: [Double], right: Bool) -> [CropPoint] {
        let p = drawn
        let (s, c) = (sin(p.tilt * .pi / 180), cos(p.tilt * .pi / 180))
        return zip(out, along).map { d, t in
            let (u, v) = right ? (p.width / 2 + d, t) : (t, p.height / 2 + d)
            return CropPoint(x: p.centre.x + u * c - v * s, y: p.centre.y + u * s + v * c)
        }
    }

    /// A clean outline gives the rectangle through its points and its tilt.
    @Test func aCleanOutlineGivesItsRectangleAndTilt() {
        Self.expectTheDrawnPrint(PhotoSides.fitted(Self.rough(Self.drawn), to: Self.outline(Self.drawn)))
    }

    /// `fit` is the drawn print's rectangle through its outline points (half a pixel inside its edges), with its tilt.
    static func expectTheDrawnPrint(_ fit: FoundPrint) {
        #expect(abs(fit.tilt - drawn.tilt) <= 0.05, "tilt \(fit.tilt)")
        var inner = drawn
        inner.width -= 1
        inner.height -= 1
        #expect(cornerError(fit, inner) <= 0.6, "found \(fit)")
    }

    /// A wedge of a touching print's edge beyond one side near its corner, and a speck on another
    /// side, move neither side nor the tilt.
    @Test func aNeighboursWedgeAndASpeckAreLeftOut() {
        let wedge = Self.beyond(
            stride(from: 0.5, through: 8, by: 0.5).map { $0 }, along: (0..<16).map { -50 + Double($0) }, right: true)
        let speck = Self.beyond([2, 3, 4, 3, 2], along: [10, 11, 12, 13, 14], right: false)
        Self.expectTheDrawnPrint(PhotoSides.fitted(Self.rough(Self.drawn), to: Self.outline(Self.drawn) + wedge + speck))
    }

    /// A side with no points (touching another print along its whole length) keeps the rough
    /// rectangle's place, turned with the others' tilt; the other three are fitted.
    @Test func aSideWithoutPointsKeepsItsRoughPlace() {
        let (s, c) = (sin(Self.drawn.tilt * .pi / 180), cos(Self.drawn.tilt * .pi / 180))
        let rightless = Self.outline(Self.drawn).filter { p in
            (p.x - Self.drawn.centre.x) * c + (p.y - Self.drawn.centre.y) * s < Self.drawn.width / 2 - 2
        }
        var rough = Self.drawn
        rough.width += 6
        rough.centre = CropPoint(x: rough.centre.x + 3 * c, y: rough.centre.y + 3 * s)
        let fit = PhotoSides.fitted(rough, to: rightless)
        #expect(abs(fit.tilt - Self.drawn.tilt) <= 0.05, "tilt \(fit.tilt)")
        // The left side fitted half a pixel inside the drawn one, the right one where the rough one had it.
        #expect(abs(fit.width - (Self.drawn.width + 6 - 0.5)) <= 0.6, "width \(fit.width)")
        #expect(abs(fit.height - (Self.drawn.height - 1)) <= 0.6, "height \(fit.height)")
    }

    /// Points along one side only say nothing of the tilt: the rough rectangle comes back.
    @Test func oneSidesPointsLeaveTheRoughRectangle() {
        let rough = Self.rough(Self.drawn)
        let bottom = Self.beyond([Double](repeating: -0.5, count: 60), along: (0..<60).map { Double($0) - 30 }, right: false)
        #expect(PhotoSides.fitted(rough, to: bottom) == rough)
        #expect(PhotoSides.fitted(rough, to: []) == rough)
    }
}
