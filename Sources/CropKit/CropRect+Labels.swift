// The words and numbers people see and hear for a crop: the size label and the screen-reader value text.

extension CropRect {
    /// A fraction as a whole percent, rounded (halves away from zero), as the seed shows it.
    /// Out-of-range input (never in a sanitized crop) is clamped rather than trapping.
    static func percent(_ fraction: Double) -> Int {
        guard !fraction.isNaN else { return 0 }
        return Int((min(max(fraction, -1e6), 1e6) * 100).rounded())
    }

    /// The value text a screen reader speaks:
    /// `left 10 percent, top 10 percent, width 80 percent, height 80 percent`.
    public var accessibilityValue: String {
        let parts = [("left", minX), ("top", minY), ("width", width), ("height", height)]
        return parts.map { "\($0.0) \(CropRect.percent($0.1)) percent" }.joined(separator: ", ")
    }

    /// The header bar's size label, e.g. `80% × 80%`.
    public var sizeLabel: String { "\(CropRect.percent(width))% × \(CropRect.percent(height))%" }

    /// The crop's size in whole pixels of a W×H picture, e.g. `1920 × 1080 px`.
    public func pixelSizeLabel(imageWidth: Int, imageHeight: Int) -> String {
        let p = pixelRect(imageWidth: imageWidth, imageHeight: imageHeight)
        return "\(p.width) × \(p.height) px"
    }
}
