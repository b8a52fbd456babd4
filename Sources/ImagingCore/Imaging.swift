// The imaging namespace as every process knows it, libvips or not: the pixel limit, the loaders' names, the command line's clean-up on a stop signal.

import CInterrupt

/// The imaging facts and checks a process that reads no pixels needs (the window, the command
/// line); the `Imaging` module adds the pixel work to the same namespace, in the decoder only.
public enum Imaging {
    /// Images over this many pixels are refused from their header alone, before any decoding:
    /// 2³⁰ ≈ 1.07 gigapixels (a 32768×32768 image), far beyond any camera, well below what would
    /// exhaust memory on a desktop.
    public static let pixelLimit = 1 << 30

    /// The libvips loader classes of the formats whose headers say more (`ImageInfo.loader`).
    package static let jpegLoader = "VipsForeignLoadJpegFile"
    package static let tiffLoader = "VipsForeignLoadTiffFile"

    /// For a process that writes one file at a time (the command line): SIGTERM, SIGINT or SIGHUP
    /// during a write removes its hidden temporary file before the signal ends the process, so an
    /// interrupted export leaves the folder as it was. (The window does not install it: its saves
    /// run beside each other, and GApplication ends the process its own way.)
    public static func removeTemporariesOnInterrupt() { ci_install_interrupt_cleanup() }
}
