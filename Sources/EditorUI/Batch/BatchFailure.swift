// A photo Apply to All could not even start on, as one line for people.

import Batch
import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import Imaging

/// A photo Apply to All could not even start on, as one line for people.
struct BatchFailure: Error {
    let line: String
}
