// What the decoder's suggestions are asked for: smart crop's target, Trim Borders' tolerance when none is given.

import CropKit

/// What a suggestion keeps: the largest rectangle of a ratio, or a rectangle of a given size.
public enum SmartCropTarget: Hashable, Sendable, Codable {
    /// Width ÷ height in pixels (4:5 is 0.8).
    case ratio(Double)
    /// Pixels of the picture as shown; larger than the picture is shrunk to it.
    case size(PixelSize)
}

/// Trim Borders' settings shared by the window, the command line and the decoder.
public enum TrimBorders {
    /// Trim Borders' tolerance when none is given, in percent (0–100) of the full range: a pixel whose
    /// root-mean-square difference from the border's colour over red, green and blue (with alpha, as
    /// ImageMagick's `-fuzz` measures) is at most this much is border. 10 % is 25 levels of 255: a
    /// JPEG's noise on a flat border (a few levels at the usual qualities, up to about 15 in its
    /// ringing beside sharp edges) and the faint outer half of a window's soft shadow stay border,
    /// while a window's frame, text and photos differ by far more.
    public static let defaultTolerance = 10
}
