// What images the app takes, as every process knows it, libvips or not: the pixel limit and the loaders' names.

/// The facts about the images the app opens that a process reading no pixels needs too (the window,
/// the command line): the decoder's `Imaging` module checks its files against them.
public enum SupportedImages {
    /// Images over this many pixels are refused from their header alone, before any decoding:
    /// 2³⁰ ≈ 1.07 gigapixels (a 32768×32768 image), far beyond any camera, well below what would
    /// exhaust memory on a desktop.
    public static let pixelLimit = 1 << 30

    /// The libvips loader classes of the formats whose headers say more (`ImageInfo.loader`).
    package static let jpegLoader = "VipsForeignLoadJpegFile"
    package static let tiffLoader = "VipsForeignLoadTiffFile"
    package static let webpLoader = "VipsForeignLoadWebpFile"

    /// The loaders the decoder opens (the libvips class names `vips_foreign_find_load` returns).
    /// Anything else — PDF, SVG, ImageMagick's loaders — is refused: decoders are attack surface, and
    /// these are the formats the app supports.
    package static let allowedLoaders: Set<String> = [
        jpegLoader, "VipsForeignLoadPngFile", "VipsForeignLoadSpngFile", webpLoader,
        tiffLoader, "VipsForeignLoadNsgifFile", "VipsForeignLoadGifFile", "VipsForeignLoadHeifFile",
    ]
}
