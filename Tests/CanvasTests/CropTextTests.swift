// The editor's words for a crop (untranslated in the test process) and the C-format filling translations rely on.

import CropKit
import Wording
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class CropTextTests: XCTestCase {
    func testTheSpokenValueAndTheLabelsInEnglish() {
        let seed = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
        XCTAssertEqual(CropText.accessibilityValue(seed), "left 10 percent, top 10 percent, width 80 percent, height 80 percent")
        XCTAssertEqual(
            CropText.accessibilityValue(CropRect(x: 0.01, y: 0, width: 0.99, height: 1)),
            "left 1 percent, top 0 percent, width 99 percent, height 100 percent")
        XCTAssertEqual(CropText.sizeLabel(seed), "80% × 80%")
        XCTAssertEqual(CropText.pixelSizeLabel(width: 1920, height: 1080), "1920 × 1080 px")
    }

    func testAStraightenedCropsValueEndsWithTheAngleInWords() {
        let crop = CropRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9)
        let value = "left 5 percent, top 5 percent, width 90 percent, height 90 percent"
        XCTAssertEqual(CropText.accessibilityValue(crop, angle: .zero), value)
        XCTAssertEqual(
            CropText.accessibilityValue(crop, angle: StraightenAngle(hundredths: 250)),
            value + ", straightened 2.5 degrees clockwise")
        XCTAssertEqual(
            CropText.accessibilityValue(crop, angle: StraightenAngle(hundredths: -100)),
            value + ", straightened 1 degree counterclockwise")
        XCTAssertEqual(CropText.degrees(StraightenAngle(hundredths: 5)), "0.05 degrees")
        XCTAssertEqual(CropText.degrees(StraightenAngle(hundredths: -4500)), "45 degrees")
        XCTAssertEqual(CropText.degrees(StraightenAngle(hundredths: 1210)), "12.1 degrees")
    }

    func testNumberedArgumentsFollowTheTranslationsOrder() {
        XCTAssertEqual(Localization.format("%2$s before %1$s", ["one", "two"]), "two before one")
        XCTAssertEqual(Localization.format("%1$d%% × %2$d%%", [80, 75]), "80% × 75%")
        XCTAssertEqual(Localization.format("%d and %s", [3, "x"]), "3 and x")
        XCTAssertEqual(Localization.format("%1$s, %1$s", ["again"]), "again, again")
    }

    func testATemplateAskingForMoreThanItIsGivenIsLeftAsWritten() {
        // A broken translation must not crash or read past its arguments.
        XCTAssertEqual(Localization.format("%3$s and %s %s", ["a"]), "%3$s and a %s")
        XCTAssertEqual(Localization.format("100 % sure, %x, 50%", [1]), "100 % sure, %x, 50%")
        XCTAssertEqual(Localization.format("%0$s", ["a"]), "%0$s")
    }
}
