// The frame times a simulated drag measured, for crop-bench.

import CGtk
import CropKit
import GtkSupport

struct FrameTimings: Sendable {
    /// The first frame, which builds the display cache (seconds).
    let firstFrame: Double
    /// Every later frame of the drag (seconds).
    let dragFrames: [Double]
    /// How often the display cache was built over the whole run (1 means never during the drag).
    let cacheBuilds: Int

    var median: Double {
        let sorted = dragFrames.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
