// The rule that turns any rectangle a caller hands in into a usable normalized crop.

extension CropRect {
    /// A rectangle that fits inside the unit square, whatever was passed in: negative sizes are
    /// standardized, the result is intersected with the unit square, and an empty, NaN or
    /// infinite input gives the whole image.
    public var sanitized: CropRect {
        guard isFinite, let fitted = standardized.intersection(.unit) else { return .unit }
        return fitted
    }
}
