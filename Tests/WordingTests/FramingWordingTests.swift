// Several frames and cuts in words: every reason the editor refuses a frame or a cut.

import CropKit
import Testing
import Wording

@Suite struct FramingWordingTests {
    @Test func everyRefusalIsOneSentence() {
        let outside = CutProblem.outside(
            PictureCut(axis: .rows, start: 500, length: 220), index: 0, picture: PixelSize(width: 800, height: 600))
        let cases: [(FramingRefusal, String)] = [
            (.noPicture, "there is no picture to frame"),
            (.tooManyFrames(33), "a picture holds at most 32 frames"),
            (.lastFrame, "a picture keeps at least one frame"),
            (.noSuchFrame(4), "there is no frame 5"),
            (.perspective, "a perspective-corrected picture has one frame: remove the correction to add frames"),
            (.warped, "bands cannot be cut out of a straightened or perspective-corrected picture"),
            (.cut(outside), "the cut 0x220+0+500 reaches outside the 800×600 picture"),
            (.noSuchCut(0), "there is no cut 1"),
        ]
        for (refusal, english) in cases {
            #expect(refusal.message == english)
            #expect(leftoverDirective(in: refusal.message) == nil)
        }
    }
}
