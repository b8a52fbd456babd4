// The crop overlay's look in view points: line widths, handle sizes, the dim and the guides' colours.

import CGtk
import CropKit
import GtkSupport

/// The overlay's look, all in view points, so lines and handles keep their size at any zoom.
public enum OverlayStyle {
    static let dim = RGBA(0, 0, 0, 0.55)
    static let guide = RGBA(1, 1, 1, 0.5)
    static let guideWidth = 0.5
    static let frameWidth = 1.5
    static let bracketWidth = 4.0
    /// Longest arm of a corner bracket; shorter on a frame under 44 points.
    static let bracketLength = 22.0
    /// A faint dark line under each white one keeps the frame visible on a white photo.
    static let halo = RGBA(0, 0, 0, 0.35)
    static let haloExtra = 2.0
    /// Behind the picture; dark in both styles so the photo's colours read true.
    static let background = RGBA(0.11, 0.11, 0.12)
    /// In the high-contrast style the halo is solid and the guides opaque.
    static let highContrastHalo = RGBA(0, 0, 0, 1)
    static let highContrastGuide = RGBA(1, 1, 1, 1)
    /// The keyboard focus ring: GNOME's accent blue, outside the picture so it never hides pixels.
    public static let focusRing = RGBA(0.21, 0.52, 0.89, 0.9)
    static let focusRingWidth = 2.0
    static let focusRingGap = 4.0
}
