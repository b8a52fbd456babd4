// How an Apply to All ended: what was saved and what was not (for the window's log and tests).

import Batch
import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// How an Apply to All ended (for the window's log and tests).
struct BatchSummary: Equatable {
    var saved: Int
    /// Each photo not saved, in the order of the batch (those that could not start first).
    var failures: [PhotoFailure]
    var cancelled: Bool
    /// How many of the saved were cut losslessly (JPEGs whose crop is on the block grid).
    var lossless: Int = 0
}
