// `sanitized`: whatever rectangle comes in, a usable crop inside the unit square comes out.
import CropKit
import Testing

@Suite struct SanitizedTests {
    // Dyadic numbers keep these exact, so equality is the right check.
    @Test func aRectInsideTheImageIsKept() {
        let r = CropRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)
        #expect(r.sanitized == r)
        #expect(CropRect.unit.sanitized == .unit)
    }

    @Test func theSeedCropIsKept() {
        #expect(isClose(Seed.initialCrop.sanitized, Seed.initialCrop))
    }

    @Test func negativeSizesAreStandardized() {
        // Spans 0.25…0.75 horizontally and 0.25…0.5 vertically, written from the far corner.
        let r = CropRect(x: 0.75, y: 0.5, width: -0.5, height: -0.25)
        #expect(r.sanitized == CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25))
    }

    @Test func partsOutsideTheImageAreCutOff() {
        #expect(
            CropRect(x: -0.25, y: 0.5, width: 0.5, height: 1).sanitized
                == CropRect(x: 0, y: 0.5, width: 0.25, height: 0.5))
        #expect(
            CropRect(x: 0.75, y: -0.5, width: 1, height: 0.75).sanitized
                == CropRect(x: 0.75, y: 0, width: 0.25, height: 0.25))
        #expect(CropRect(x: -1, y: -1, width: 3, height: 3).sanitized == .unit)
    }

    @Test(arguments: [
        CropRect(x: 2, y: 2, width: 0.5, height: 0.5),  // entirely outside
        CropRect(x: -0.5, y: 0.25, width: 0.25, height: 0.5),  // entirely left of the image
        CropRect(x: 1, y: 0, width: 0.5, height: 1),  // touches only the right border
        CropRect(x: 0, y: -0.5, width: 1, height: 0.5),  // touches only the top border
        CropRect(x: 0.5, y: 0.5, width: 0, height: 0),  // zero size
        CropRect(x: 0.5, y: 0.5, width: 0, height: 0.25),  // zero width
        CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0),  // zero height
        CropRect(x: 0.5, y: 0.5, width: -0.0, height: 0.25),  // negative zero width
    ])
    func emptyInputGivesTheWholeImage(_ r: CropRect) {
        #expect(r.sanitized == .unit)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteInputGivesTheWholeImage(_ bad: Double) {
        let good = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        #expect(CropRect(x: bad, y: good.y, width: good.width, height: good.height).sanitized == .unit)
        #expect(CropRect(x: good.x, y: bad, width: good.width, height: good.height).sanitized == .unit)
        #expect(CropRect(x: good.x, y: good.y, width: bad, height: good.height).sanitized == .unit)
        #expect(CropRect(x: good.x, y: good.y, width: good.width, height: bad).sanitized == .unit)
    }

    @Test func hugeFiniteValuesDoNotOverflowIntoNaN() {
        let r = CropRect(
            x: -Double.greatestFiniteMagnitude, y: 0.25,
            width: Double.greatestFiniteMagnitude, height: 0.5
        ).sanitized
        #expect(r.isFinite)
        #expect(r.isInside(.unit, tolerance: 0))
    }

    @Test(arguments: [
        CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8),
        CropRect(x: 0.9, y: 0.7, width: -0.6, height: -0.3),
        CropRect(x: -0.3, y: 0.2, width: 0.7, height: 5),
        CropRect(x: 1.0 / 3, y: 2.0 / 3, width: 1.0 / 7, height: 0.3),
        CropRect(x: .nan, y: 0, width: 1, height: 1),
        CropRect(x: 0.5, y: 0.5, width: 0, height: 0),
    ])
    func isIdempotent(_ r: CropRect) {
        let once = r.sanitized
        #expect(once.sanitized == once)
    }
}
