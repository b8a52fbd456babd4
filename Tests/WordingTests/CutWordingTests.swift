// Bands cut out in words: every cut that does not fit, every reason an export with cuts is refused.

import CropKit
import ImagingCore
import Testing
import Wording

@Suite struct CutWordingTests {
    static let lossless = "a picture with bands cut out is new pixels, so it cannot be cut losslessly; it saves re-encoded"

    @Test func everyCutThatDoesNotFitSaysWhichAndOnWhat() {
        let picture = PixelSize(width: 800, height: 600)
        let cases: [(CutProblem, String)] = [
            (
                .outside(PictureCut(axis: .rows, start: 500, length: 220), index: 0, picture: picture),
                "the cut 0x220+0+500 reaches outside the 800×600 picture"
            ),
            (
                .nothingLeft(PictureCut(axis: .columns, start: 0, length: 800), index: 1, picture: picture),
                "the cut 800x0+0+0 would leave nothing of the 800×600 picture"
            ),
            (.tooMany(300), "300 cuts are too many: at most 256"),
        ]
        for (problem, english) in cases {
            #expect(problem.message == english)
            #expect(ImagingError.invalidRequest(.cut(.problem(problem))).message == english)
            #expect(leftoverDirective(in: problem.message) == nil)
        }
    }

    @Test func everyRefusalOfAnExportIsWorded() {
        #expect(CutRefusal.lossless.message == Self.lossless)
        #expect(
            CutRefusal.warped.message == "bands cannot be cut out of a straightened or perspective-corrected picture")
    }
}
