// The rectified picture: a quadrilateral of the picture, the size it becomes, the maps between them, the sizes it is made at.

/// Why a quadrilateral cannot become a rectified picture.
public enum RectificationProblem: Hashable, Sendable, Codable, Error {
    /// The quadrilateral itself cannot be rectified.
    case quad(QuadProblem)
    /// The rectified picture would need `size`, over `limit` pixels.
    case tooLarge(PixelSize, limit: Int)
    /// A locked ratio or an exact size that is not a positive finite number of pixels.
    case invalidShape
}

/// A quadrilateral of the picture as shown, and the `size` of the rectangle it is straightened
/// into: the quadrilateral's top left corner goes to the rectified picture's (0, 0), its top right
/// to (width, 0), its bottom right to (width, height). Coordinates are continuous pixels on both
/// sides (pixel (i, j) covers i…i+1 × j…j+1); the crop frame then works on the rectified picture
/// as on any other, and the export makes the same pixels (`Imaging`'s warp uses `pictureFromRectified`).
public struct Rectification: Hashable, Sendable, Codable {
    public let quad: PerspectiveQuad
    public let size: PixelSize

    /// The rectification of `quad` into `size`, unchecked (see `make` for the checks); sides under
    /// one pixel count as one.
    public init(quad: PerspectiveQuad, size: PixelSize) {
        self.quad = quad
        self.size = PixelSize(width: max(size.width, 1), height: max(size.height, 1))
    }

    /// The quadrilateral checked on a `picture`, its proportions estimated (or `ratio`, width ÷
    /// height, when locked), and the rectified size the `output` request gives (see `size(for:…)`),
    /// refused when it needs more than `pixelLimit` pixels: all before any pixel is made.
    public static func make(
        quad: PerspectiveQuad, picture: PixelSize, ratio: Double? = nil, focalLength: Double? = nil,
        output: OutputSize = .original, pixelLimit: Int
    ) throws(RectificationProblem) -> Rectification {
        if let problem = quad.problem(in: picture) { throw .quad(problem) }
        let shape: Double
        if let ratio {
            guard ratio.isFinite, ratio > 0 else { throw .invalidShape }
            shape = ratio
        } else {
            // A quadrilateral that passes the checks always has proportions; the fallback only guards.
            shape = PerspectiveProportions.estimate(quad, pictureSize: picture, focalLength: focalLength)?.ratio ?? 1
        }
        let size = try Rectification.size(for: output, quad: quad, ratio: shape)
        guard Double(size.width) * Double(size.height) <= Double(pixelLimit) else {
            throw .tooLarge(size, limit: pixelLimit)
        }
        return Rectification(quad: quad, size: size)
    }

    /// The rectified picture's pixels for an output request: exact pixels and prints are met
    /// exactly (their ratio replaces `ratio`); a longer side is that many pixels with the other in
    /// `ratio`; the original is the quadrilateral's own resolution, `naturalSize`.
    public static func size(
        for output: OutputSize, quad: PerspectiveQuad, ratio: Double
    ) throws(RectificationProblem)
        -> PixelSize
    {
        guard ratio.isFinite, ratio > 0 else { throw .invalidShape }
        switch output {
        case .original: return naturalSize(quad: quad, ratio: ratio)
        case .longerSide(let side):
            guard side >= 1 else { throw .invalidShape }
            let long = Double(side)
            return whole(ratio >= 1 ? long : long * ratio, ratio >= 1 ? long / ratio : long)
        case .pixels, .print:
            guard let exact = output.exactPixels, exact.width >= 1, exact.height >= 1 else { throw .invalidShape }
            return exact
        }
    }

    /// The rectified size at the quadrilateral's own resolution: as wide as its longer horizontal
    /// side and as tall as its longer vertical side, then widened or heightened to `ratio`, so no
    /// part of the page is made smaller than the photo shows it (its far side is enlarged instead).
    public static func naturalSize(quad: PerspectiveQuad, ratio: Double) -> PixelSize {
        let sides = quad.sideLengths
        let across = max(sides.top, sides.bottom), down = max(sides.left, sides.right)
        let width = max(across, down * ratio)
        return whole(width, width / ratio)
    }

    /// Whole pixels for a size, each side at least one and at most Int32's largest (a size that
    /// reaches it is over every pixel limit, and `make` refuses it); NaN counts as that largest too.
    static func whole(_ width: Double, _ height: Double) -> PixelSize {
        let largest = Double(Int32.max)
        func side(_ v: Double) -> Int { v.isNaN ? Int(Int32.max) : Int(min(max(v.rounded(), 1), largest)) }
        return PixelSize(width: side(width), height: side(height))
    }

    // MARK: Maps

    /// The rectified picture's corners, clockwise from the top left.
    var rectifiedCorners: [CropPoint] {
        let w = Double(size.width), h = Double(size.height)
        return [CropPoint(x: 0, y: 0), CropPoint(x: w, y: 0), CropPoint(x: w, y: h), CropPoint(x: 0, y: h)]
    }

    /// The map from rectified points to the picture's (nil only for a degenerate quadrilateral,
    /// which `make` refuses).
    public var pictureFromRectified: Homography? { Homography(from: rectifiedCorners, to: quad.corners) }

    /// The map from the picture's points to the rectified picture's.
    public var rectifiedFromPicture: Homography? { Homography(from: quad.corners, to: rectifiedCorners) }

    /// The picture point a rectified point shows.
    public func picturePoint(fromRectified p: CropPoint) -> CropPoint? { pictureFromRectified?.applied(to: p) }

    /// Where a picture point lands on the rectified picture.
    public func rectifiedPoint(fromPicture p: CropPoint) -> CropPoint? { rectifiedFromPicture?.applied(to: p) }

    /// Where a rectangle of the rectified picture (in its pixels) lies on the picture: the
    /// quadrilateral a crop of the rectified picture comes from.
    public func pictureQuad(of rect: CropRect) -> PerspectiveQuad? {
        guard let map = pictureFromRectified else { return nil }
        let corners = [
            CropPoint(x: rect.minX, y: rect.minY), CropPoint(x: rect.maxX, y: rect.minY),
            CropPoint(x: rect.maxX, y: rect.maxY), CropPoint(x: rect.minX, y: rect.maxY),
        ]
        return PerspectiveQuad(corners.map { map.applied(to: $0) })
    }

    /// The largest whole factor the picture can be averaged down by before `rect` of the rectified
    /// picture is resampled from it, so that one rectified pixel still spans at least one pixel of
    /// the smaller picture in every direction: the box average filters what the interpolator,
    /// which only reads a 4 × 4 neighbourhood, would otherwise alias. The least span is sought on a
    /// 9 × 9 grid over the rectangle (it changes smoothly, and is least at a corner).
    public func shrinkFactor(for rect: PixelRect) -> Int {
        guard let map = pictureFromRectified, rect.width > 0, rect.height > 0 else { return 1 }
        var least = Double.infinity
        for i in 0...8 {
            for j in 0...8 {
                let p = CropPoint(
                    x: Double(rect.x) + Double(rect.width) * Double(i) / 8,
                    y: Double(rect.y) + Double(rect.height) * Double(j) / 8)
                least = min(least, map.stretch(at: p).smallest)
            }
        }
        guard least.isFinite, least >= 2 else { return 1 }
        return Int(min(least, 1_048_576).rounded(.down))
    }

    /// The same quadrilateral rectified at another size: a display-sized rendering of the same picture.
    public func resized(to newSize: PixelSize) -> Rectification { Rectification(quad: quad, size: newSize) }
}
