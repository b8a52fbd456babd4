// How Apply to All puts the crop onto each photo, as its dialog offers it.

import Batch
import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// How the crop goes onto each photo, as the dialog offers it.
enum ApplyMode: Int, CaseIterable {
    case sameRectangle, sameSize, suggestion

    var label: String {
        switch self {
        case .sameRectangle: return N_("The same part of each photo")
        case .sameSize: return N_("The same size in pixels, centred")
        case .suggestion: return N_("A smart suggestion for each photo, of the same proportions")
        }
    }
}
