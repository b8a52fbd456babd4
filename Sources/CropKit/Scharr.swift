// Scharr's derivative of a luminance picture: the gradient the level estimator and the perspective searches read edges from.

/// The image gradient by Scharr's 3 × 3 kernel: the difference across a pixel weighted 3, 10, 3
/// along the edge, over 32, so that a ramp of slope s reads s. Its direction is truer than Sobel's
/// for edges between the axes, which the level estimator and Find Document both rely on.
enum Scharr {
    /// The gradient along x and along y at every pixel of a `width × height` picture (row by row);
    /// the one-pixel border, which has no full neighbourhood, is 0.
    static func gradients(_ p: [Float], width: Int, height: Int) -> (gx: [Float], gy: [Float]) {
        var gx = [Float](repeating: 0, count: p.count), gy = gx
        guard width >= 3, height >= 3, p.count == width * height else { return (gx, gy) }
        p.withUnsafeBufferPointer { p in
            gx.withUnsafeMutableBufferPointer { ox in
                gy.withUnsafeMutableBufferPointer { oy in
                    for y in 1..<(height - 1) {
                        for x in 1..<(width - 1) {
                            let i = y * width + x
                            let a = p[i - width - 1], b = p[i - width], c = p[i - width + 1]
                            let d = p[i - 1], f = p[i + 1]
                            let g = p[i + width - 1], k = p[i + width], l = p[i + width + 1]
                            ox[i] = (3 * (c - a) + 10 * (f - d) + 3 * (l - g)) / 32
                            oy[i] = (3 * (g - a) + 10 * (k - b) + 3 * (l - c)) / 32
                        }
                    }
                }
            }
        }
        return (gx, gy)
    }
}
