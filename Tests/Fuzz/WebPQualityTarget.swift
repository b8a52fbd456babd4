// Fuzzing the lossy WebP quality estimate read from the VP8 frame header, and the chunk walk that finds the kind.

@testable import Imaging

enum WebPQualityTarget {
    static func run(_ bytes: [UInt8]) {
        if let quality = WebPQuality.estimate(bytes) {
            precondition((1...100).contains(quality), "quality \(quality) outside 1…100")
        }
        _ = WebPKind(bytes: bytes)
    }
}
