// The visible picture scaled once to its on-screen size, plain and dimmed, so a drag frame only copies it.

import CGtk
import CropKit
import GtkSupport

/// The visible part of the image scaled once to its on-screen size in device pixels, plain and
/// under the 55 % dim. Zoomed in, it holds only what the view shows, so its size is bounded by
/// the view's, never by the image's.
struct DisplayCache: Sendable {
    // Its surfaces are written while it is built, then only read: frame bands read them at once.
    let width: Int
    let height: Int
    /// The surface it was scaled from, held so its identity cannot be reused by a new one.
    let source: ImageSurface
    /// The turn and flip it was drawn with.
    let transform: ImageOrientation
    /// The straighten angle it was drawn with: it holds the turned picture's bounding box.
    let angle: StraightenAngle
    /// Device pixels per cache pixel: 1, or more for the lower-resolution copy drawn while the angle changes.
    let reduction: Int
    /// The normalized part of the picture (as shown) it holds.
    let region: CropRect
    /// The sharp region drawn into it, if any.
    let sharp: SharpTile?
    let surface: ImageSurface
    /// The same pixels with the dim already applied: a drag frame copies instead of blending.
    let dimmed: ImageSurface
}
