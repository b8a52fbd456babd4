// The frame times a simulated drag measured, for crop-bench.

import CGtk
import CropKit
import GtkSupport

public struct FrameTimings: Sendable {
    /// The first frame, which builds the display cache (seconds).
    public let firstFrame: Double
    /// Every later frame of the drag (seconds).
    public let dragFrames: [Double]
    /// How often the display cache was built over the whole run (1 means never during the drag).
    public let cacheBuilds: Int

    public var median: Double {
        let sorted = dragFrames.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
