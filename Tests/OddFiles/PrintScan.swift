// A small generated flatbed scan of three tilted prints, for the tests of Find Photos and of exporting the prints.

extension Tools {
    /// A 700 × 560 scan of three prints (two plasma pictures and a gradient), each tilted its own way,
    /// on a near-white lid with grain, written to `path` (its extension picks the format) with
    /// ImageMagick's `settings` (a bit depth, interlacing, an alpha band) before it.
    public static func printScan(_ path: String, settings: [String] = []) throws {
        try run(
            [
                "convert", "-seed", "9", "-size", "700x560", "xc:#f3f3f0", "-type", "TrueColor",
                "(", "-size", "220x160", "plasma:red-yellow", "-background", "none", "-rotate", "5", ")",
                "-geometry", "+40+50", "-composite",
                "(", "-size", "200x240", "plasma:navy-cyan", "-background", "none", "-rotate", "-7", ")",
                "-geometry", "+400+40", "-composite",
                "(", "-size", "260x170", "plasma:green-white", "-background", "none", "-rotate", "3", ")",
                "-geometry", "+120+340", "-composite", "-attenuate", "0.3", "+noise", "Gaussian",
            ] + settings + [path])
    }
}
