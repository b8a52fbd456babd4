// The options the headless command line knows, one entry each: its name, its value's placeholder and checks, its help.

import CropKit
import ImagingCore

/// Every option of the headless mode. The parser, the value checks and `--help` all read this list, so an
/// option cannot exist without being documented. Adding one: a case here and its entry in `entries`, its value read in
/// `OptionValues`, and what it means in `HeadlessOptions`.
public enum HeadlessOption: String, CaseIterable, Sendable {
    case crop, aspect
    case trimTolerance = "trim-tolerance"
    case rotate, flip, cut, straighten, perspective, upright, shape, size
    case printSize = "print-size", resolution, output, sidecar, quality, lossless
    case preferLossless = "prefer-lossless", strip
    case outputDir = "output-dir", format, jobs, help

    /// One option as help and the value checks show it.
    struct Entry {
        /// The placeholder shown in help (`--crop=GEOMETRY`), or nil for a flag.
        var valueName: String? = nil
        /// What a good value is, for the message about one that is not ("--quality must be …, not “x”").
        var expects: String? = nil
        /// What the option does: one paragraph, which `HelpText` wraps to the terminal.
        var help: String

        init(_ valueName: String? = nil, expects: String? = nil, help: String) {
            self.valueName = valueName
            self.expects = expects
            self.help = help
        }
    }

    /// The table: every option's entry, in the order help lists them.
    static let entries: [HeadlessOption: Entry] = [
        .crop: Entry(
            "GEOMETRY",
            help:
                """
                the crop, measured on the image as displayed (EXIF orientation, then --flip and --rotate applied): \
                WxH+X+Y in pixels, e.g. 800x600+100+50; W%xH%+X+Y, as in ImageMagick, a size in percent of the image at \
                offsets in pixels, e.g. 50%x50%+10+10; or W%xH%+X%+Y%, all in percent of the image, e.g. \
                50%x50%+25%+25%; without +X+Y, from the top left; auto, the largest --aspect rectangle placed on the \
                most interesting part of the picture (libvips' attention measure); trim, the picture inside its plain or \
                transparent border (the border's colour taken from the corners), grown to --aspect when given; photos, \
                each print on a scan of several (on a plain white or dark lid) a result of its own, FILE-1.EXT, \
                FILE-2.EXT, … in reading order, straightened by its own tilt; without --crop, the crop kept in \
                IMAGE.xmp is used
                """),
        .aspect: Entry(
            "W:H", expects: "two positive numbers as W:H, e.g. 4:5",
            help:
                """
                with --crop=auto or --crop=trim, the crop's width:height, e.g. 4:5, 1:1 or 1.91:1 (in pixels of the \
                image as displayed); trim takes the smallest such rectangle around the picture inside the border; with \
                --perspective, the rectified picture's width:height (A4 is 1:1.414); several, comma-separated, e.g. \
                1:1,4:5,16:9, make one result each, FILE-1x1.EXT, FILE-4x5.EXT, … (at most \(FrameList.maximum), never \
                over an existing file: then nothing is written)
                """),
        .trimTolerance: Entry(
            "N", expects: "a whole number from 0 to 100",
            help:
                """
                with --crop=trim, how far a pixel may differ from the border's colour and still be border, in percent, 0 \
                to 100 (default \(TrimBorders.defaultTolerance): a JPEG's noise and a soft shadow's faint edge stay \
                border; 0: only the exact colour)
                """),
        .rotate: Entry(
            "90|180|270", expects: "90, 180 or 270 (degrees clockwise)",
            help:
                """
                turn the image clockwise by that many degrees (after --flip when both are given)
                """),
        .flip: Entry(
            "horizontal|vertical", expects: "horizontal or vertical",
            help:
                """
                mirror: horizontal swaps left and right, vertical swaps top and bottom (done before --rotate)
                """),
        .cut: Entry(
            "GEOMETRY",
            help:
                """
                cut a band out of the picture as displayed and join the two parts, as ImageMagick's -chop: 0xH+0+Y \
                removes H rows from row Y, Wx0+X+0 W columns from column X, e.g. 0x220+0+120; repeat it (or give \
                several, comma-separated) to cut more, each measured on the picture the ones before it left; --crop, \
                --size and --print-size then measure the joined picture (without --crop, all of it); never with \
                --crop=auto or trim, --straighten, --perspective, --upright, --sidecar or --lossless
                """),
        .straighten: Entry(
            "A|auto",
            help:
                """
                turn the picture A degrees (decimal, -45 to 45, positive clockwise) about its centre, after --flip and \
                --rotate; --crop is then measured on the turned picture's bounding box and must lie inside the turned \
                picture; without --crop, the largest rectangle of the picture's proportions centred inside it; auto \
                levels by the picture's lines (within 15 degrees) and fails when it finds none; never with --lossless
                """),
        .perspective: Entry(
            "X1,Y1,…,X4,Y4|auto",
            expects: "eight numbers X1,Y1,X2,Y2,X3,Y3,X4,Y4 (pixels, or percent with %), or auto",
            help:
                """
                straighten a page, a whiteboard, a screen or a building seen at an angle: the four corners of the \
                quadrilateral on the image as displayed, clockwise from the one that becomes the top left, in pixels \
                (decimals allowed) or in percent with %, e.g. 120,80,1880,140,1900,1320,90,1260; auto finds the \
                document in the photo and fails when there is none; the result's proportions are estimated from the \
                quadrilateral (a pinhole camera), or --aspect=W:H's; --crop is then measured on the rectified picture \
                (without it, all of it), and --size and --print-size scale that; never with --straighten or --lossless
                """),
        .upright: Entry(
            "auto", expects: "auto",
            help:
                """
                auto makes a building's leaning verticals parallel and plumb and its horizon level, from the picture's \
                own lines (as Lightroom's Upright Vertical does), keeping the largest rectangle of the picture's \
                proportions inside; a picture with no lines to go by fails; --crop, --size and --print-size then work \
                on the corrected picture; never with --perspective, --straighten or --lossless
                """),
        .shape: Entry(
            "circle|rectangle", expects: "circle or rectangle",
            help:
                """
                circle keeps the ellipse inscribed in the crop (a circle for a square crop) with transparent, \
                smooth-edged corners, and needs a .png or .webp FILE; rectangle keeps the whole crop (default: \
                rectangle, or the shape kept with the crop in IMAGE.xmp)
                """),
        .size: Entry(
            "N|WxH",
            help:
                """
                scale the result, down or up, so its longer side is N pixels (a whole number from 1); the other side \
                keeps the crop's proportions; WxH makes it exactly W by H pixels, and the crop must have the ratio W:H \
                (to within a pixel of rounding: it is the ratio of --crop=auto) or that image fails (default: the crop's \
                own size, or the size kept with the crop in IMAGE.xmp); a comma-separated list, e.g. \
                1080x1080,1080x1350,1920x1080, makes one result each, as --aspect's list does (the same length as it)
                """),
        .printSize: Entry(
            "WxH{cm,in}|a4|a5|letter", expects: "WxH in cm or in, e.g. 15x10cm or 6x4in, or a4, a5 or letter",
            help:
                """
                exactly the pixels of a print this size at --resolution, e.g. 15x10cm or 6x4in, or a sheet of paper by \
                name (a4, a5, letter, upright), the resolution written into the file; the crop must have its ratio, as \
                with --size=WxH; with --perspective or --upright and no --crop or --aspect, the corrected picture is made \
                in its ratio; a comma-separated list makes one result each, as --size's does
                """),
        .resolution: Entry(
            "PPI", expects: "a whole number of pixels per inch from 1 to \(PrintSize.maximumPPI)",
            help:
                """
                pixels per inch of --print-size (default 300); without it, only written into the result (JFIF and EXIF, \
                PNG's pHYs, TIFF's tags), the pixels unchanged (default: the source's own)
                """),
        .output: Entry(
            "FILE",
            help:
                """
                write the result to FILE, never the source itself; the extension picks the format: .png, .jpg or .jpeg, \
                .webp, .tif or .tiff; - writes it to standard output (then --format is needed), only once it is whole
                """),
        .sidecar: Entry(
            help:
                """
                keep the --crop in IMAGE.xmp (Lightroom's crs: tags, other tags there kept), with --shape, --size and \
                --print-size if given, and write no pixels; the image itself is never touched
                """),
        .quality: Entry(
            "N", expects: "a whole number from 1 to 100",
            help:
                """
                JPEG and WebP quality, a whole number from 1 to 100 (default: the source JPEG's own, otherwise \
                \(ExportOptions.defaultQuality))
                """),
        .lossless: Entry(
            help:
                """
                JPEG to JPEG only: cut without re-encoding; an error when the crop's corner is not on the JPEG's block \
                grid, and with --shape=circle or --size (new pixels)
                """),
        .preferLossless: Entry(
            help:
                """
                JPEG to JPEG: cut without re-encoding when the crop's corner is on the block grid, re-encode otherwise \
                (as the window saves; never with --quality, a shape or a size, which make new pixels)
                """),
        .strip: Entry(
            "gps|all", expects: "gps or all",
            help:
                """
                leave out metadata: gps removes the location, all removes every tag (default: keep it, minus the stale \
                preview of the uncropped photo)
                """),
        .outputDir: Entry(
            "DIR",
            help:
                """
                crop every IMAGE (one or more) into DIR, created if missing: DIR/NAME, in the image's own format; a \
                result that would be a source, or two images with the same NAME, fail those images and the others go on
                """),
        .format: Entry(
            "png|jpg|webp|tif", expects: "png, jpg, webp or tif",
            help:
                """
                with --output-dir, write every result in this format (NAME's extension becomes .png, .jpg, .webp or \
                .tif); with --output=-, the format written to standard output
                """),
        .jobs: Entry(
            "N", expects: "a whole number from 1 to \(HeadlessBatch.maximumJobs)",
            help:
                """
                crop N images at once, each in a worker process of its own (default: the number of processor cores)
                """),
        .help: Entry(help: "show this help and exit"),
    ]

    /// The option's entry (OptionRulesTests checks that every option has one).
    var entry: Entry {
        guard let entry = Self.entries[self] else { fatalError("--\(rawValue) has no entry in HeadlessOption.entries") }
        return entry
    }

    var valueName: String? { entry.valueName }
    /// Whether the option may be given more than once (`--cut`): its values are kept in order, comma-separated.
    var repeats: Bool { self == .cut }
    var takesValue: Bool { valueName != nil }
    /// What a good value is (the option's name when the entry says nothing more).
    var expects: String { entry.expects ?? "a value of --\(rawValue)" }

    /// How the option is written in help: `--crop=GEOMETRY`, `-h, --help`.
    var synopsis: String {
        let long = valueName.map { "--\(rawValue)=\($0)" } ?? "--\(rawValue)"
        return self == .help ? "-h, \(long)" : long
    }
}
