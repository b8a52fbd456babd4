// The options the headless command line knows: names, whether they take a value, and their help lines.

import Imaging

/// Every option of the headless mode. The parser and `--help` both read this list, so an option
/// cannot exist without being documented.
enum HeadlessOption: String, CaseIterable, Sendable {
    case crop, rotate, flip, output, sidecar, quality, lossless, strip, help

    /// The placeholder shown in help, or nil for a flag.
    var valueName: String? {
        switch self {
        case .crop: return "GEOMETRY"
        case .rotate: return "90|180|270"
        case .flip: return "horizontal|vertical"
        case .output: return "FILE"
        case .quality: return "N"
        case .strip: return "gps|all"
        case .lossless, .sidecar, .help: return nil
        }
    }

    var takesValue: Bool { valueName != nil }

    /// How the option is written in help: `--crop=GEOMETRY`, `-h, --help`.
    var synopsis: String {
        let long = valueName.map { "--\(rawValue)=\($0)" } ?? "--\(rawValue)"
        return self == .help ? "-h, \(long)" : long
    }

    /// What the option does, one entry per help line.
    var helpLines: [String] {
        switch self {
        case .crop:
            return ["the crop, measured on the image as displayed (EXIF",
                    "orientation, then --flip and --rotate applied): WxH+X+Y",
                    "in pixels, e.g. 800x600+100+50, or W%xH%+X%+Y% in",
                    "percent of the image, e.g. 50%x50%+25%+25%; without",
                    "+X+Y, from the top left; without --crop, the crop kept",
                    "in IMAGE.xmp is used"]
        case .rotate:
            return ["turn the image clockwise by that many degrees",
                    "(after --flip when both are given)"]
        case .flip:
            return ["mirror: horizontal swaps left and right, vertical",
                    "swaps top and bottom (done before --rotate)"]
        case .output:
            return ["write the result to FILE, never the source itself; the",
                    "extension picks the format: .png, .jpg or .jpeg, .webp,",
                    ".tif or .tiff"]
        case .sidecar:
            return ["keep the --crop in IMAGE.xmp (Lightroom's crs: tags,",
                    "other tags there kept) and write no pixels; the image",
                    "itself is never touched"]
        case .quality:
            return ["JPEG and WebP quality, a whole number from 1 to 100",
                    "(default: the source JPEG's own, otherwise \(ExportOptions.defaultQuality))"]
        case .lossless:
            return ["JPEG to JPEG only: cut without re-encoding; an error",
                    "when the crop's corner is not on the JPEG's block grid"]
        case .strip:
            return ["leave out metadata: gps removes the location, all",
                    "removes every tag (default: keep it, minus the stale",
                    "preview of the uncropped photo)"]
        case .help:
            return ["show this help and exit"]
        }
    }
}
