// The model's built-in constants must be the design's numbers (`Seed`), or every other rule drifts with them.
import CropKit
import Testing

@Suite struct SeedConstantsTests {
    @Test func minimumSideDefaultsToFifteenPercent() {
        #expect(CropHandle.defaultMinimumSide == Seed.minimumSide)
        #expect(CropHandle.minimumSideRange == 0.01...1)
    }

    @Test func gripIsFortyFourPoints() {
        #expect(CropHandle.gripSize == Seed.grip)
    }

    @Test func newRectangleNeedsFourPoints() {
        #expect(NewRectangle.minimumDragPoints == Seed.newRectangleThreshold)
    }

    @Test func paddingIsSixteenPoints() {
        #expect(Viewport.defaultPadding == Seed.padding)
        #expect(Viewport(imageWidth: 1, imageHeight: 1, viewSize: CropSize(width: 100, height: 100)).padding == Seed.padding)
    }

    @Test func adjustmentStepIsFivePercent() {
        #expect(CropAdjustment.defaultStep == CropSize(width: Seed.step, height: Seed.step))
    }

    @Test func everyHandleExistsOnce() {
        #expect(
            Set(CropHandle.allCases) == [
                .body, .top, .right, .bottom, .left,
                .topLeft, .topRight, .bottomRight, .bottomLeft,
            ])
        #expect(CropHandle.allCases.count == 9)
    }
}
