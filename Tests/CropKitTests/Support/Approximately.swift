// Tolerant comparisons for results that go through floating-point rounding (e.g. 0.1 + 0.8 is not 0.9).
import CropKit

func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: CropPoint, _ b: CropPoint, tolerance: Double = 1e-12) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

func isClose(_ a: CropRect, _ b: CropRect, tolerance: Double = 1e-12) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
        && isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}
