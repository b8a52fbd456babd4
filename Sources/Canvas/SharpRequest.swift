// One region of the upright picture at a resolution: what a sharp render is asked for.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// One region of the upright picture at a number of device pixels per picture pixel: what a
/// sharp render makes.
struct SharpRequest: Equatable, Sendable {
    let region: CropRect
    let scale: Double
}
