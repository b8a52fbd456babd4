// Fuzzing the JPEG quality estimate read from the DQT segment.

import Foundation

@testable import Imaging

enum JPEGQualityTarget {
    static func run(_ bytes: [UInt8]) {
        if let quality = JPEGQuality.estimate(Data(bytes)) {
            precondition((1...100).contains(quality), "quality \(quality) outside 1…100")
        }
    }
}
