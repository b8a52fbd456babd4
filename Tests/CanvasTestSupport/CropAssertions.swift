// Two crops compared to within the rounding of the view-point ↔ normalized mapping.

import CropKit
import XCTest

/// Two crops equal to within floating-point rounding of the view-point ↔ normalized mapping.
func assertCropsClose(_ a: CropRect, _ b: CropRect, _ message: String = "", accuracy: Double = 1e-9, line: UInt = #line) {
    for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
        XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b) \(message)", line: line)
    }
}
