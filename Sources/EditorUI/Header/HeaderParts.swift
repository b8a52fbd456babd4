// The widgets of the header bar and the pixel popover the window keeps, by builder id.

import CGtk
import GtkSupport

/// The widgets of the header the window keeps, by builder id.
struct HeaderParts {
    /// The builder that made them: it holds the loose ones until they are parented.
    let builder: GObjectRef
    let header, open, menu, save, undo, redo, reset, previews, pixels, lossless, straighten: UnsafeMutablePointer<GtkWidget>
    /// Perspective mode's toggle, beside Straighten's, and Cut Out mode's beside it.
    let perspective, cutOut: UnsafeMutablePointer<GtkWidget>
    /// The previous and next photo of the folder, beside Open.
    let previousPhoto, nextPhoto: UnsafeMutablePointer<GtkWidget>
    /// Suggest: a smart crop.
    let suggest: UnsafeMutablePointer<GtkWidget>
    /// X, Y, width and height, then Apply, in the pixel popover.
    let pixelEntries: [UnsafeMutablePointer<GtkWidget>]
    let applyPixels: UnsafeMutablePointer<GtkWidget>
    /// Where the Output Size menu button goes, in the pixel popover.
    let outputSizeSlot: UnsafeMutablePointer<GtkWidget>
}
