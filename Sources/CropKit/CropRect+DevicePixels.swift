// Rectangles in view points moved onto the device pixel grid, so a screen draws their edges and lines crisp.

extension CropRect {
    /// This rectangle with each edge on the nearest whole device pixel, at `scale` device pixels a point
    /// (each edge moves by at most half a device pixel; a scale below 1 counts as 1): where a picture
    /// is copied without resampling.
    public func snappedToDevicePixels(scale: Double) -> CropRect {
        let s = Swift.max(scale, 1)
        return CropRect(
            left: (minX * s).rounded() / s, top: (minY * s).rounded() / s,
            right: (maxX * s).rounded() / s, bottom: (maxY * s).rounded() / s)
    }

    /// This rectangle with each edge moved, by at most half a device pixel, to where a line `lineWidth`
    /// points wide centred on it covers whole device pixels: on a pixel boundary when the line is an even
    /// number of device pixels wide, in the middle of a pixel when odd (a 1.5-pixel line then has one
    /// whole pixel). Unmoved, a line's edges fall wherever the fit puts the picture, and a 4-point
    /// bracket blurs over an extra row of pixels at most view sizes.
    public func centredForCrispLines(width lineWidth: Double, scale: Double) -> CropRect {
        let s = Swift.max(scale, 1)
        let offset = Int((lineWidth * s).rounded(.down)) % 2 == 1 ? 0.5 : 0
        func centre(_ value: Double) -> Double { ((value * s - offset).rounded() + offset) / s }
        return CropRect(left: centre(minX), top: centre(minY), right: centre(maxX), bottom: centre(maxY))
    }
}
