// The straightened picture: W×H turned about its centre inside a bounding box of whole pixels, and which crops fit in it.

/// A picture of `width × height` pixels (as shown: after the EXIF orientation and the user's turns
/// and flips) turned by `angle` about its centre, centred in its bounding box of whole pixels. The
/// crop is normalized on that box; at no angle the box is the picture and every rule is the unit square's.
///
/// Coordinates, all continuous with y down: *box pixels* run over `0…boundingSize` with the picture's
/// centre at the box's centre; *picture pixels* run over `0…width × 0…height` of the unturned picture
/// (pixel (i, j) covers i…i+1, j…j+1). A box point p shows the picture point
/// `centre + R(−angle)·(p − boxCentre)`, where R(a) turns by a clockwise on screen: the export must
/// place pixels by exactly this map (`boxPoint(fromPicture:)` is its inverse).
public struct TurnedPicture: Hashable, Sendable {
    /// The picture's size before turning, in pixels (at least 1×1).
    public let width: Int
    public let height: Int
    public let angle: StraightenAngle
    /// The bounding box in whole pixels: the exact box rounded up, so the whole turned picture lies inside it.
    public let boundingSize: PixelSize
    let sin: Double
    let cos: Double

    /// How far (in pixels) a rectangle may overhang the turned picture from floating-point error alone.
    public static let tolerance = 1e-6

    public init(width: Int, height: Int, angle: StraightenAngle) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.angle = angle
        (sin, cos) = angle.sineCosine
        let exact = TurnedPicture.exactBox(width: self.width, height: self.height, sin: sin, cos: cos)
        // A hair under a whole number is that number: 4000 × cos 0° must not become 4001.
        boundingSize = PixelSize(
            width: max(Int((exact.width - 1e-7).rounded(.up)), 1),
            height: max(Int((exact.height - 1e-7).rounded(.up)), 1))
    }

    /// The bounding box of the turned picture, unrounded: W·|cos| + H·|sin| by W·|sin| + H·|cos|.
    public var exactBoundingSize: CropSize {
        TurnedPicture.exactBox(width: width, height: height, sin: sin, cos: cos)
    }

    private static func exactBox(width: Int, height: Int, sin: Double, cos: Double) -> CropSize {
        let w = Double(width), h = Double(height), s = abs(sin), c = abs(cos)
        return CropSize(width: w * c + h * s, height: w * s + h * c)
    }

    // MARK: Mapping points

    var halfWidth: Double { Double(width) / 2 }
    var halfHeight: Double { Double(height) / 2 }
    private var boxCentre: CropPoint { CropPoint(x: Double(boundingSize.width) / 2, y: Double(boundingSize.height) / 2) }

    /// The picture point (in picture pixels) a box point shows; it may lie outside the picture.
    public func picturePoint(fromBox p: CropPoint) -> CropPoint {
        let (u, v) = frame(p)
        return CropPoint(x: u + halfWidth, y: v + halfHeight)
    }

    /// Where a picture point (in picture pixels) lands in the box.
    public func boxPoint(fromPicture p: CropPoint) -> CropPoint {
        box(u: p.x - halfWidth, v: p.y - halfHeight)
    }

    /// The turned picture's corners in box pixels, from the picture's top left, clockwise as seen:
    /// what the canvas outlines and dims around.
    public var corners: [CropPoint] {
        [
            CropPoint(x: 0, y: 0), CropPoint(x: Double(width), y: 0),
            CropPoint(x: Double(width), y: Double(height)), CropPoint(x: 0, y: Double(height)),
        ].map(boxPoint(fromPicture:))
    }

    /// A box point as an offset from the picture's centre along the picture's own axes.
    func frame(_ p: CropPoint) -> (u: Double, v: Double) {
        let dx = p.x - boxCentre.x, dy = p.y - boxCentre.y
        return (dx * cos + dy * sin, dy * cos - dx * sin)
    }

    /// The box point at an offset from the picture's centre along the picture's own axes.
    func box(u: Double, v: Double) -> CropPoint {
        CropPoint(x: boxCentre.x + u * cos - v * sin, y: boxCentre.y + u * sin + v * cos)
    }

    /// A normalized rectangle of the box in box pixels.
    func pixels(_ r: CropRect) -> CropRect {
        let w = Double(boundingSize.width), h = Double(boundingSize.height)
        return CropRect(x: r.x * w, y: r.y * h, width: r.width * w, height: r.height * h)
    }

    /// A rectangle in box pixels, normalized on the box.
    func normalized(_ r: CropRect) -> CropRect {
        let w = Double(boundingSize.width), h = Double(boundingSize.height)
        return CropRect(x: r.x / w, y: r.y / h, width: r.width / w, height: r.height / h)
    }

    // MARK: What lies inside

    /// Whether a box point lies inside the turned picture (its edges included).
    public func contains(_ point: CropPoint, tolerance: Double = TurnedPicture.tolerance) -> Bool {
        let (u, v) = frame(point)
        return abs(u) <= halfWidth + tolerance && abs(v) <= halfHeight + tolerance
    }

    /// Whether a rectangle in box pixels lies wholly inside the turned picture; `tolerance` is in pixels.
    public func contains(pixels rect: CropRect, tolerance: Double = TurnedPicture.tolerance) -> Bool {
        guard rect.isFinite else { return false }
        let r = rect.standardized
        let (u, v) = frame(CropPoint(x: r.midX, y: r.midY))
        let (a, b) = (r.width / 2, r.height / 2)
        // The corner furthest out along each of the picture's axes decides.
        return abs(u) + a * abs(cos) + b * abs(sin) <= halfWidth + tolerance
            && abs(v) + a * abs(sin) + b * abs(cos) <= halfHeight + tolerance
    }

    /// Whether a crop normalized on the box lies wholly inside the turned picture; `tolerance` is in pixels.
    public func contains(_ crop: CropRect, tolerance: Double = TurnedPicture.tolerance) -> Bool {
        contains(pixels: pixels(crop), tolerance: tolerance)
    }

    /// Whether a whole-pixel rectangle of the box lies wholly inside the turned picture (what a
    /// `--crop` in pixels must do).
    public func contains(_ rect: PixelRect) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        return contains(
            pixels: CropRect(
                x: Double(rect.x), y: Double(rect.y),
                width: Double(rect.width), height: Double(rect.height)))
    }

    // MARK: The largest rectangle and shrinking

    /// How many times the half-size (a, b) fits about the picture offset (u, v), or 0 when the
    /// centre is not strictly inside.
    private func scale(u: Double, v: Double, a: Double, b: Double) -> Double {
        let roomU = halfWidth - abs(u), roomV = halfHeight - abs(v)
        guard roomU > 0, roomV > 0 else { return 0 }
        let needU = a * abs(cos) + b * abs(sin), needV = a * abs(sin) + b * abs(cos)
        return min(needU > 0 ? roomU / needU : .infinity, needV > 0 ? roomV / needV : .infinity)
    }

    /// The largest rectangle of `aspect` (pixel width ÷ height) centred on a box point that lies
    /// inside the turned picture, in box pixels; nil when the centre is not inside or the aspect
    /// is not a positive finite number.
    public func largestRect(aspect: Double, centredAt centre: CropPoint) -> CropRect? {
        guard aspect.isFinite, aspect > 0, centre.x.isFinite, centre.y.isFinite else { return nil }
        let (u, v) = frame(centre)
        let k = scale(u: u, v: v, a: aspect / 2, b: 0.5)
        guard k > 0, k.isFinite else { return nil }
        let w = aspect * k, h = k
        return CropRect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)
    }

    /// `largestRect(aspect:centredAt:)` for a centre normalized on the box, normalized on the box.
    public func largestCrop(aspect: Double, centredAt centre: CropPoint) -> CropRect? {
        let w = Double(boundingSize.width), h = Double(boundingSize.height)
        return largestRect(aspect: aspect, centredAt: CropPoint(x: centre.x * w, y: centre.y * h)).map(normalized)
    }

    /// The largest rectangle with the picture's own proportions centred in the turned picture,
    /// normalized on the box: the crop `--straighten` takes without `--crop`, and what Reset gives
    /// for a whole-picture crop. At no angle it is exactly the whole box.
    public var largestUprightCrop: CropRect {
        guard !angle.isZero else { return .unit }
        let aspect = Double(width) / Double(height)
        // Sanitized like every committed crop, so committing it again gives exactly it.
        return largestCrop(aspect: aspect, centredAt: CropPoint(x: 0.5, y: 0.5))?.sanitized ?? .unit
    }

    /// The factor (0…1) by which a crop normalized on the box must shrink about its centre,
    /// keeping its proportions, to lie inside the turned picture: 1 when it already does, 0 when
    /// its centre is not inside at all.
    public func shrinkFactor(for crop: CropRect) -> Double {
        let r = pixels(crop.standardized)
        guard r.isFinite else { return 0 }
        let (u, v) = frame(CropPoint(x: r.midX, y: r.midY))
        return min(scale(u: u, v: v, a: r.width / 2, b: r.height / 2), 1)
    }

    /// A crop that lies inside the turned picture, whatever was passed in: a crop already inside
    /// as it is (sanitized, which only trims rounding error then); otherwise shrunk about its
    /// centre, keeping its proportions in pixels, only as much as it must (a crop reaching past
    /// the box too is shrunk, not clipped, so its proportions survive). A centre outside the
    /// picture (only hostile input has one) is first pulled in to the picture's middle 98 %, so
    /// something of the crop's shape remains; an empty or non-finite crop counts as the whole box.
    public func fitted(_ crop: CropRect) -> CropRect {
        let sanitized = crop.sanitized
        if contains(crop), contains(sanitized) { return sanitized }
        let p = pixels(crop.standardized)
        guard p.isFinite, p.width > 0, p.height > 0 else { return shrunk(pixels(sanitized)) }
        return shrunk(p)
    }

    /// A rectangle in box pixels shrunk about its (pulled-in) centre to lie inside, normalized.
    private func shrunk(_ p: CropRect) -> CropRect {
        var (u, v) = frame(CropPoint(x: p.midX, y: p.midY))
        let reachU = halfWidth * TurnedPicture.centreReach, reachV = halfHeight * TurnedPicture.centreReach
        u = min(max(u, -reachU), reachU)
        v = min(max(v, -reachV), reachV)
        let k = min(scale(u: u, v: v, a: p.width / 2, b: p.height / 2), 1)
        let centre = box(u: u, v: v)
        let w = p.width * k, h = p.height * k
        let result = normalized(CropRect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)).sanitized
        // Only a crop too thin to have an edge left (sanitized then gives the whole box) lands here.
        return contains(result) ? result : largestUprightCrop
    }

    /// How far from the picture's centre a fitted crop's centre may be, as a share of the half-size.
    static let centreReach = 0.98

    /// The crop on this picture carried over to the same picture turned to another angle: the
    /// picture point under its centre stays under its centre (the picture turns about the crop's
    /// centre, as in Lightroom), its size in pixels is kept, and it then shrinks about its centre,
    /// keeping its proportions, only as much as it must to lie inside (`fitted`).
    public func carried(_ crop: CropRect, to target: TurnedPicture) -> CropRect {
        guard target.width == width, target.height == height else { return target.fitted(crop) }
        let p = pixels(crop.sanitized)
        let (u, v) = frame(CropPoint(x: p.midX, y: p.midY))
        let centre = target.box(u: u, v: v)
        let moved = CropRect(x: centre.x - p.width / 2, y: centre.y - p.height / 2, width: p.width, height: p.height)
        return target.fitted(target.normalized(moved))
    }

    /// A ratio choice as a width ÷ height in units normalized on the box (what drags take), with
    /// Original meaning the picture's own proportions; nil for Free. At no angle it is exactly
    /// `AspectRatio.normalizedRatio` of the picture.
    public func normalizedRatio(_ ratio: AspectRatio) -> Double? {
        if angle.isZero { return ratio.normalizedRatio(imageWidth: width, imageHeight: height) }
        return ratio.pixelRatio(imageWidth: width, imageHeight: height)
            .map { $0 * Double(boundingSize.height) / Double(boundingSize.width) }
    }

    // MARK: Whole pixels

    /// The whole-pixel rectangle of the box for a crop, inside the turned picture: CropKit's one
    /// rounding rule (`CropRect.pixelRect`) when its result lies inside, otherwise each edge
    /// rounded inwards, which keeps it within the crop (and the crop is `fitted` first). Only a
    /// crop under two pixels wide or high, which may hold no whole pixel, can reach out by less than one.
    public func pixelRect(for crop: CropRect) -> PixelRect {
        let inside = fitted(crop)
        let rounded = inside.pixelRect(imageWidth: boundingSize.width, imageHeight: boundingSize.height)
        if contains(rounded) { return rounded }
        let p = pixels(inside)
        let slack = 1e-9
        let left = Int((p.minX - slack).rounded(.up)), right = Int((p.maxX + slack).rounded(.down))
        let top = Int((p.minY - slack).rounded(.up)), bottom = Int((p.maxY + slack).rounded(.down))
        guard right > left, bottom > top else { return rounded }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
