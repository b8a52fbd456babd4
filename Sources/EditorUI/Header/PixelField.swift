// The four entries of the pixel popover (X, Y, width, height), in Tab order, with their labels.

import CGtk
import CropKit
import GtkSupport

/// The four entries of the pixel popover, in Tab order.
enum PixelField: Int, CaseIterable {
    case x, y, width, height

    var label: String {
        switch self {
        case .x: return N_("_X")
        case .y: return N_("_Y")
        case .width: return N_("_Width")
        case .height: return N_("_Height")
        }
    }
}
