// Rectangles in view points moved onto whole device pixels, so a screen draws their edges crisp.

extension CropRect {
    /// This rectangle with each edge on the nearest whole device pixel, at `scale` device pixels a point
    /// (each edge moves by at most half a device pixel; a scale below 1 counts as 1). The picture and
    /// the crop frame drawn over it are both placed this way, so the frame's lines and the picture's
    /// edge fall on the same pixels whatever size the view has.
    public func snappedToDevicePixels(scale: Double) -> CropRect {
        let s = Swift.max(scale, 1)
        return CropRect(left: (minX * s).rounded() / s, top: (minY * s).rounded() / s,
                        right: (maxX * s).rounded() / s, bottom: (maxY * s).rounded() / s)
    }
}
