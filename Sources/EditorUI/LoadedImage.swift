// What the editor shows for one picture: its name, its real size and a surface to draw it from.

import GtkSupport

/// A picture ready for the canvas. `surface` may be smaller than the real image (shrunk on load);
/// crops are always expressed against `pixelWidth` × `pixelHeight`.
struct LoadedImage: Sendable {
    let title: String
    /// The file it came from; nil for the built-in demo.
    let path: String?
    let surface: ImageSurface
    let pixelWidth: Int
    let pixelHeight: Int
}
