// Composition guides inside the crop frame: which lines each style draws, in the frame's own coordinates.

/// A composition guide drawn inside the frame. Rule of thirds is the default.
public enum GuideStyle: String, CaseIterable, Hashable, Sendable {
    case thirds, goldenRatio, grid, diagonals, none

    /// The golden section, 1/φ ≈ 0.618, and its complement.
    static let golden = 0.6180339887498949
    /// Divisions of the grid guide on each axis.
    public static let gridDivisions = 6

    /// The guide's line segments for a frame (any units: view points or normalized).
    public func lines(in frame: CropRect) -> [(CropPoint, CropPoint)] {
        let f = frame.standardized
        func vertical(_ part: Double) -> (CropPoint, CropPoint) {
            let x = f.minX + f.width * part
            return (CropPoint(x: x, y: f.minY), CropPoint(x: x, y: f.maxY))
        }
        func horizontal(_ part: Double) -> (CropPoint, CropPoint) {
            let y = f.minY + f.height * part
            return (CropPoint(x: f.minX, y: y), CropPoint(x: f.maxX, y: y))
        }
        let parts: [Double]
        switch self {
        case .none: return []
        case .diagonals:
            return [
                (CropPoint(x: f.minX, y: f.minY), CropPoint(x: f.maxX, y: f.maxY)),
                (CropPoint(x: f.maxX, y: f.minY), CropPoint(x: f.minX, y: f.maxY)),
            ]
        case .thirds: parts = [1.0 / 3, 2.0 / 3]
        case .goldenRatio: parts = [1 - GuideStyle.golden, GuideStyle.golden]
        case .grid: parts = (1..<GuideStyle.gridDivisions).map { Double($0) / Double(GuideStyle.gridDivisions) }
        }
        return parts.flatMap { [vertical($0), horizontal($0)] }
    }
}

/// When guides show: always (the default), or only while a drag is in progress.
public enum GuideVisibility: String, CaseIterable, Hashable, Sendable {
    case always, whileDragging

    public func shows(dragging: Bool) -> Bool { self == .always || dragging }
}
