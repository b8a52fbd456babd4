// A perspective correction's refusals in words: every problem of the quadrilateral, every reason an export is refused.

import CropKit
import ImagingCore
import Testing
import Wording

@Suite struct PerspectiveWordingTests {
    static let crossing = "the quadrilateral's sides cross: give the corners clockwise from the top left"

    @Test func everyProblemOfTheQuadrilateralSaysWhichAndWhere() {
        let picture = PixelSize(width: 4000, height: 3000)
        let cases: [(QuadProblem, String)] = [
            (
                .cornerOutside(.bottomLeft, CropPoint(x: -12.5, y: 3100), picture: picture),
                "the bottom left corner (-12.5, 3100) lies outside the 4000×3000 picture"
            ),
            (.crossesItself, Self.crossing),
            (.counterclockwise, "the corners go round counterclockwise: give them clockwise from the top left"),
            (.notConvex(.topRight), "the quadrilateral is not convex at its top right corner"),
            (
                .tooSmall(area: 99.9, minimum: PerspectiveQuad.minimumArea),
                "the quadrilateral's area of 99 square pixels is too small to rectify (at least 256)"
            ),
        ]
        for (problem, english) in cases {
            #expect(problem.message == english)
            #expect(ImagingError.invalidRequest(.perspective(.quad(problem))).message == english)
            #expect(leftoverDirective(in: problem.message) == nil)
        }
        #expect(PerspectiveQuad.Corner.allCases.map(\.name) == ["top left", "top right", "bottom right", "bottom left"])
    }

    @Test func everyRefusalOfAnExportIsWorded() {
        #expect(
            PerspectiveRefusal.lossless.message
                == "a perspective correction makes new pixels, so it cannot be cut losslessly; it saves re-encoded")
        #expect(
            PerspectiveRefusal.straightened.message
                == "a perspective correction levels the picture itself, so it cannot be combined with a straighten angle")
        #expect(PerspectiveRefusal.shape.message == "the rectified picture's ratio or size must be a positive number")
        // The model's problems become the export's errors, worded with the rest.
        #expect(RectificationProblem.invalidShape.imagingError == .invalidRequest(.perspective(.shape)))
        let tooLarge = RectificationProblem.tooLarge(PixelSize(width: 40_000, height: 40_000), limit: 1 << 30).imagingError
        #expect(tooLarge.message == "an output of 40000×40000 pixels is over the limit of 1073 megapixels")
        #expect(RectificationProblem.quad(.crossesItself).imagingError.message == Self.crossing)
    }
}
