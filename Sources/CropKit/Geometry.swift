// Plain value geometry (points, sizes, rectangles) so the model owes nothing to any UI framework.

/// A point, in whatever space the caller names (view points or normalized image units).
public struct CropPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = CropPoint(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A size or a translation; components may be negative when it is a translation.
public struct CropSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = CropSize(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle. In the model it is normalized (0…1 of the image);
/// the same type carries view-point rectangles for hit areas and layout.
public struct CropRect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole image in normalized units.
    public static let unit = CropRect(x: 0, y: 0, width: 1, height: 1)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var size: CropSize { CropSize(width: width, height: height) }
    public var origin: CropPoint { CropPoint(x: x, y: y) }

    /// Builds the rectangle spanned by its four edges.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same rectangle with non-negative width and height.
    public var standardized: CropRect {
        CropRect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }

    /// True when every component is a finite number.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The overlap of two standardized rectangles, or nil when they share no area.
    public func intersection(_ other: CropRect) -> CropRect? {
        let a = standardized, b = other.standardized
        let left = max(a.minX, b.minX), right = min(a.maxX, b.maxX)
        let top = max(a.minY, b.minY), bottom = min(a.maxY, b.maxY)
        guard right > left, bottom > top else { return nil }
        return CropRect(left: left, top: top, right: right, bottom: bottom)
    }

    /// Shrinks (or, with negative insets, grows) the rectangle on every side.
    public func insetBy(dx: Double, dy: Double) -> CropRect {
        CropRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Whether the point lies inside; the left and top edges are inside, the right and bottom are not.
    public func contains(_ point: CropPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the rectangle lies within `outer`, allowing `tolerance` for floating-point rounding.
    public func isInside(_ outer: CropRect, tolerance: Double = 1e-9) -> Bool {
        minX >= outer.minX - tolerance && minY >= outer.minY - tolerance
            && maxX <= outer.maxX + tolerance && maxY <= outer.maxY + tolerance
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
