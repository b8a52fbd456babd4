// A committed perspective correction: the quadrilateral on the picture as shown and the proportions it is straightened to.

/// The perspective correction a picture is shown and saved with: the `quad` of the picture as shown
/// (after the turns and flips; `picture` is that picture's size, the quadrilateral in its pixels)
/// straightened into a rectangle of `ratio` (width ÷ height), or of the proportions estimated from
/// the quadrilateral when no ratio is locked. The crop frame then works on the rectified picture
/// (`rectification`).
public struct PerspectiveCorrection: Hashable, Sendable {
    public var quad: PerspectiveQuad
    public var picture: PixelSize
    /// The locked proportions of the result (A4, 1:1, …), or nil for the estimated ones.
    public var ratio: Double?

    public init(quad: PerspectiveQuad, picture: PixelSize, ratio: Double? = nil) {
        self.quad = quad
        self.picture = picture
        self.ratio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The rectified picture the crop is measured on, at the quadrilateral's own resolution; nil
    /// when the quadrilateral cannot be rectified or would need more than `pixelLimit` pixels.
    public func rectification(pixelLimit: Int = PerspectiveCorrection.pixelLimit) -> Rectification? {
        try? Rectification.make(quad: quad, picture: picture, ratio: ratio, pixelLimit: pixelLimit)
    }

    /// The proportions the result has: the locked ones, or those estimated from the quadrilateral.
    public var proportions: Double {
        if let ratio { return ratio }
        return PerspectiveProportions.estimate(quad, pictureSize: picture)?.ratio ?? 1
    }

    /// The correction after a turn or flip of the picture: the corners go with their pixels, and a
    /// quarter turn swaps the picture's sides and the locked proportions as it swaps the result's.
    public func mapped(by transform: PictureTransform) -> PerspectiveCorrection {
        let turned = transform.size(imageWidth: picture.width, imageHeight: picture.height)
        return PerspectiveCorrection(
            quad: quad.mapped(by: transform, pictureSize: picture),
            picture: PixelSize(width: turned.width, height: turned.height),
            ratio: ratio.map { transform.swapsAxes ? 1 / $0 : $0 })
    }

    /// The corners as fractions (0…1) of the upright picture, before the user's turns and flips
    /// (`orientation`): how a sidecar keeps them, since a picture always opens unturned.
    public func uprightCorners(orientation: ImageOrientation) -> [CropPoint] {
        let back = orientation.inverse
        let upright = back.displayedSize(storedWidth: picture.width, storedHeight: picture.height)
        return quad.mapped(by: back, pictureSize: picture).normalized(in: PixelSize(width: upright.width, height: upright.height))
    }

    /// The correction a sidecar keeps, on an upright `picture` opened unturned: corners as
    /// fractions of it; nil unless there are four finite ones inside it that can be rectified.
    public init?(uprightCorners corners: [CropPoint], picture: PixelSize, ratio: Double?) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
            let quad = PerspectiveQuad(normalized: corners, in: picture), quad.problem(in: picture) == nil
        else { return nil }
        self.init(quad: quad, picture: picture, ratio: ratio)
        guard rectification() != nil else { return nil }
    }

    /// The most pixels a rectified picture may have: the decoder's limit for any picture
    /// (ImagingCore's `SupportedImages.pixelLimit`, which the model cannot import; a test keeps them equal).
    public static let pixelLimit = 1 << 30
}
