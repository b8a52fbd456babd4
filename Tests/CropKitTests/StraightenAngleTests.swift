// The straighten angle: hundredths, clamping, exact parsing, spoken numbers, flips, and CropKit's own trigonometry against libm.

import Foundation
import Testing

@testable import CropKit

@Suite struct StraightenAngleTests {
    @Test func degreesRoundToHundredthsAndClampToTheLimit() {
        #expect(StraightenAngle(degrees: 2.5).hundredths == 250)
        #expect(StraightenAngle(degrees: -0.004).hundredths == 0)
        #expect(StraightenAngle(degrees: 0.005).hundredths == 1)
        #expect(StraightenAngle(degrees: -0.015).hundredths == -2)
        #expect(StraightenAngle(degrees: 90).hundredths == 4500)
        #expect(StraightenAngle(degrees: -.infinity).hundredths == -4500)
        #expect(StraightenAngle(degrees: .nan) == .zero)
        #expect(StraightenAngle(hundredths: Int.min).hundredths == -4500)
        #expect(StraightenAngle(degrees: 12.34).degrees == 12.34)
    }

    @Test func validatingRefusesWhatIsNotAnAngleInRange() {
        #expect(StraightenAngle(validating: 45)?.hundredths == 4500)
        #expect(StraightenAngle(validating: -45)?.hundredths == -4500)
        #expect(StraightenAngle(validating: 45.001) == nil)
        #expect(StraightenAngle(validating: .nan) == nil)
        #expect(StraightenAngle(validating: .infinity) == nil)
    }

    @Test func parsingIsExactOnTheDigitsTyped() throws {
        #expect(try StraightenAngle(parsing: "2.5").hundredths == 250)
        // 2.345 × 100 is 234.49999… in floating point; the typed digits say 234.5, which rounds up.
        #expect(try StraightenAngle(parsing: "2.345").hundredths == 235)
        #expect(try StraightenAngle(parsing: "-2.345").hundredths == -235)
        #expect(try StraightenAngle(parsing: "+0.004").hundredths == 0)
        #expect(try StraightenAngle(parsing: "007").hundredths == 700)
        #expect(try StraightenAngle(parsing: "45").hundredths == 4500)
        #expect(try StraightenAngle(parsing: "-45.000").hundredths == -4500)
        // Within the limit as typed, 45.00 once rounded.
        #expect(try StraightenAngle(parsing: "44.996").hundredths == 4500)
        for text in ["45.001", "-46", "100", "123456789012345678901234567890"] {
            #expect(throws: StraightenAngleError.outOfRange(text)) { try StraightenAngle(parsing: text) }
        }
        for text in ["", "-", ".5", "5.", "1e1", "nan", "inf", "2,5", " 2", "2 ", "0x1p1", "--1", "1.2.3", "٣"] {
            #expect(throws: StraightenAngleError.malformed(text)) { try StraightenAngle(parsing: text) }
        }
    }

    @Test func errorsSayWhatIsWrongAndWhatToType() {
        #expect(StraightenAngleError.malformed("x").description.contains("not a number of degrees"))
        #expect(StraightenAngleError.outOfRange("50").description.contains("between -45 and 45"))
    }

    @Test func theSpokenNumbersAreTheMagnitudeAndTheDirection() {
        let clockwise = StraightenAngle(degrees: 2.5), counter = StraightenAngle(degrees: -0.25)
        #expect(clockwise.direction == .clockwise && clockwise.magnitudeHundredths == 250 && clockwise.magnitudeDegrees == 2.5)
        #expect(counter.direction == .counterclockwise && counter.magnitudeHundredths == 25)
        #expect(StraightenAngle.zero.direction == .level && StraightenAngle.zero.magnitudeDegrees == 0)
        #expect(clockwise.description == "2.5°" && counter.description == "-0.25°")
        #expect(StraightenAngle(hundredths: 1005).description == "10.05°" && StraightenAngle.zero.description == "0°")
    }

    @Test func stepsAddAndStopAtTheLimit() {
        #expect((StraightenAngle(degrees: 44.95) + .fineStep).hundredths == 4500)
        #expect((StraightenAngle(degrees: -44.5) - .coarseStep).hundredths == -4500)
        #expect((StraightenAngle.zero + .fineStep).degrees == 0.1)
        #expect(StraightenAngle(degrees: 1) < StraightenAngle(degrees: 1.01))
    }

    @Test func flipsReverseTheAngleAndQuarterTurnsKeepIt() {
        let angle = StraightenAngle(degrees: 3.25)
        #expect(PictureTransform.flipHorizontal.mapped(angle) == angle.reversed)
        #expect(PictureTransform.flipVertical.mapped(angle) == angle.reversed)
        #expect(PictureTransform.rotateLeft.mapped(angle) == angle)
        #expect(PictureTransform.rotateRight.mapped(angle) == angle)
    }

    @Test func aDrawnLineBecomesLevelOrPlumbWhicheverIsNearer() {
        let r = 3 * Double.pi / 180
        let start = CropPoint(x: 100, y: 100)
        // A line running down to the right by 3° (clockwise): the picture turns 3° counterclockwise.
        let level = StraightenAngle.zero.levelling(lineFrom: start, to: CropPoint(x: 100 + 200 * cos(r), y: 100 + 200 * sin(r)))
        #expect(level == StraightenAngle(degrees: -3))
        // Drawn right to left, the same line.
        #expect(
            StraightenAngle.zero.levelling(lineFrom: CropPoint(x: 100 + 200 * cos(r), y: 100 + 200 * sin(r)), to: start) == level)
        // A post whose top leans 3° left (turned counterclockwise): turned 3° clockwise to stand upright.
        let plumb = StraightenAngle.zero.levelling(lineFrom: start, to: CropPoint(x: 100 - 200 * sin(r), y: 100 - 200 * cos(r)))
        #expect(plumb == StraightenAngle(degrees: 3))
        // On a picture already turned, the line is measured as shown and the turn added.
        #expect(
            StraightenAngle(degrees: 5).levelling(lineFrom: start, to: CropPoint(x: 100 + 200 * cos(-r), y: 100 + 200 * sin(-r)))
                == StraightenAngle(degrees: 8))
        // A click, a line that would need more than 45°, and no line at all: nothing.
        #expect(StraightenAngle.zero.levelling(lineFrom: start, to: CropPoint(x: 110, y: 101)) == nil)
        #expect(StraightenAngle(degrees: 44).levelling(lineFrom: start, to: CropPoint(x: 300, y: 80)) == nil)
        #expect(StraightenAngle.zero.levelling(lineFrom: start, to: CropPoint(x: .nan, y: 0)) == nil)
    }

    /// CropKit computes sines and arctangents without libm; they must agree with it to a few units
    /// in the last place over every angle the model and the estimator use.
    @Test func trigonometryAgreesWithLibm() {
        var random = SplitMix64(seed: 0x7816_0001)
        var worstSine = 0.0, worstArctangent = 0.0
        for hundredths in -4500...4500 {
            let degrees = Double(hundredths) / 100
            let (s, c) = Trigonometry.sineCosine(degrees: degrees)
            let radians = degrees * .pi / 180
            worstSine = max(worstSine, abs(s - Foundation.sin(radians)), abs(c - Foundation.cos(radians)))
        }
        for _ in 0..<20_000 {
            let degrees = random.double(-720...720)
            let (s, c) = Trigonometry.sineCosine(degrees: degrees)
            let radians = degrees * .pi / 180
            worstSine = max(worstSine, abs(s - Foundation.sin(radians)), abs(c - Foundation.cos(radians)))
            let y = random.double(-1e3...1e3), x = random.double(-1e3...1e3)
            worstArctangent = max(worstArctangent, abs(Trigonometry.arctangent2(y, x) - Foundation.atan2(y, x)))
        }
        #expect(worstSine < 1e-14)
        #expect(worstArctangent < 1e-14)
        #expect(Trigonometry.sineCosine(degrees: 0) == (0, 1))
        #expect(Trigonometry.sineCosine(degrees: 90) == (1, 0))
        #expect(Trigonometry.sineCosine(degrees: -180) == (-0.0, -1))
        #expect(Trigonometry.arctangent2(0, 0) == 0)
        #expect(Trigonometry.arctangent2(1, 0) == .pi / 2)
        #expect(Trigonometry.arctangent2(-1, -1) == Foundation.atan2(-1, -1))
        #expect(Trigonometry.arctangent2(.nan, 1).isNaN)
    }
}
