// The quadrilateral a perspective correction straightens: four corners in picture pixels, clockwise from the top left.

/// Four corners over the picture as shown (after the EXIF orientation and the user's turns and
/// flips, before any straightening), in continuous picture pixels with y down: pixel (i, j) covers
/// i…i+1 × j…j+1, so the whole picture is `0…width × 0…height`. The corners go clockwise on screen
/// from the one that becomes the rectified picture's top left.
///
/// Every coordinate is kept on a grid of 1/1024 pixel (far finer than any eye or interpolator
/// tells apart): on that grid `width − x` is exact, so turning a quadrilateral four times, or
/// flipping it twice, gives back the same corners bit for bit.
public struct PerspectiveQuad: Hashable, Sendable, CustomStringConvertible {
    /// A corner, by where it lands on the rectified picture.
    public enum Corner: Int, CaseIterable, Hashable, Sendable, Codable {
        case topLeft, topRight, bottomRight, bottomLeft

        /// The next corner clockwise.
        public var next: Corner { Corner(rawValue: (rawValue + 1) % 4)! }
        /// The previous corner (the next anticlockwise).
        public var previous: Corner { Corner(rawValue: (rawValue + 3) % 4)! }
        /// The corner across the diagonal.
        public var opposite: Corner { Corner(rawValue: (rawValue + 2) % 4)! }
    }

    /// The grid coordinates are kept on, in steps per pixel.
    public static let gridSteps = 1024.0

    public private(set) var topLeft: CropPoint
    public private(set) var topRight: CropPoint
    public private(set) var bottomRight: CropPoint
    public private(set) var bottomLeft: CropPoint

    /// The corners in order, each put on the 1/1024-pixel grid.
    public init(topLeft: CropPoint, topRight: CropPoint, bottomRight: CropPoint, bottomLeft: CropPoint) {
        self.topLeft = PerspectiveQuad.onGrid(topLeft)
        self.topRight = PerspectiveQuad.onGrid(topRight)
        self.bottomRight = PerspectiveQuad.onGrid(bottomRight)
        self.bottomLeft = PerspectiveQuad.onGrid(bottomLeft)
    }

    /// The quadrilateral of four corners clockwise from the top left, or nil unless there are four.
    public init?(_ corners: [CropPoint]) {
        guard corners.count == 4 else { return nil }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// The whole `width × height` picture: no correction at all.
    public init(wholePictureOf size: PixelSize) {
        let w = Double(size.width), h = Double(size.height)
        self.init(
            topLeft: CropPoint(x: 0, y: 0), topRight: CropPoint(x: w, y: 0), bottomRight: CropPoint(x: w, y: h),
            bottomLeft: CropPoint(x: 0, y: h))
    }

    /// The corners in order, clockwise from the top left.
    public var corners: [CropPoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    public subscript(corner: Corner) -> CropPoint {
        get {
            switch corner {
            case .topLeft: return topLeft
            case .topRight: return topRight
            case .bottomRight: return bottomRight
            case .bottomLeft: return bottomLeft
            }
        }
        set {
            let point = PerspectiveQuad.onGrid(newValue)
            switch corner {
            case .topLeft: topLeft = point
            case .topRight: topRight = point
            case .bottomRight: bottomRight = point
            case .bottomLeft: bottomLeft = point
            }
        }
    }

    /// The same quadrilateral with one corner moved (put on the grid).
    public func moving(_ corner: Corner, to point: CropPoint) -> PerspectiveQuad {
        var moved = self
        moved[corner] = point
        return moved
    }

    /// The signed area by the shoelace formula, in square pixels: positive when the corners run
    /// clockwise on screen (y down), negative when they run the other way.
    public var signedArea: Double {
        let c = corners
        var twice = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            twice += a.x * b.y - b.x * a.y
        }
        return twice / 2
    }

    /// The mean of the four corners.
    public var centroid: CropPoint {
        let c = corners
        return CropPoint(x: c.reduce(0) { $0 + $1.x } / 4, y: c.reduce(0) { $0 + $1.y } / 4)
    }

    /// The lengths of the top, right, bottom and left sides, in pixels.
    public var sideLengths: (top: Double, right: Double, bottom: Double, left: Double) {
        (
            PerspectiveQuad.distance(topLeft, topRight), PerspectiveQuad.distance(topRight, bottomRight),
            PerspectiveQuad.distance(bottomRight, bottomLeft), PerspectiveQuad.distance(bottomLeft, topLeft)
        )
    }

    /// Every corner scaled by (`x`, `y`): from a thumbnail's pixels to the picture's.
    public func scaled(x: Double, y: Double) -> PerspectiveQuad {
        PerspectiveQuad(corners.map { CropPoint(x: $0.x * x, y: $0.y * y) })!
    }

    /// The corners as fractions (0…1) of a `size` picture, for a model that measures in normalized units.
    public func normalized(in size: PixelSize) -> [CropPoint] {
        let w = Double(max(size.width, 1)), h = Double(max(size.height, 1))
        return corners.map { CropPoint(x: $0.x / w, y: $0.y / h) }
    }

    /// The quadrilateral from corners given as fractions (0…1) of a `size` picture, or nil unless there are four.
    public init?(normalized corners: [CropPoint], in size: PixelSize) {
        let w = Double(size.width), h = Double(size.height)
        self.init(corners.map { CropPoint(x: $0.x * w, y: $0.y * h) })
    }

    /// `X1,Y1,X2,Y2,X3,Y3,X4,Y4`, the command line's spelling.
    public var description: String { corners.map { "\($0.x),\($0.y)" }.joined(separator: ",") }

    static func onGrid(_ p: CropPoint) -> CropPoint {
        CropPoint(x: (p.x * gridSteps).rounded() / gridSteps, y: (p.y * gridSteps).rounded() / gridSteps)
    }

    static func distance(_ a: CropPoint, _ b: CropPoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}

extension PerspectiveQuad: Codable {
    /// Coded as the eight numbers `[x1, y1, …, x4, y4]`, clockwise from the top left.
    public init(from decoder: any Decoder) throws {
        let numbers = try decoder.singleValueContainer().decode([Double].self)
        guard numbers.count == 8 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "eight numbers"))
        }
        self.init((0..<4).map { CropPoint(x: numbers[2 * $0], y: numbers[2 * $0 + 1]) })!
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(corners.flatMap { [$0.x, $0.y] })
    }
}
