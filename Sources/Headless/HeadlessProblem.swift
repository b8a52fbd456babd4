// The command line's own causes (its mistakes, the pipes, trimming, a batch's refusals), typed until `words` says them.

import CropKit
import Glibc
import ImagingCore

/// A mistake in the command line, or a failure of its own (not the imaging module's), as a case with
/// its data; worded once, here. The caller never holds a message until the error line is printed.
public enum HeadlessProblem: Equatable, Sendable {
    /// The line's syntax, or its shape as one image or a batch (exit 2).
    case syntax(Syntax)
    /// One option's value, read alone (exit 2).
    case value(Value)
    /// A rule between options, or between an option and what it names (exit 2).
    case conflict(Conflict)
    /// A good command line that failed with this image (exit 1).
    case failure(Failure)

    public enum Syntax: Error, Equatable, Sendable {
        case unknownOption(String)
        case givenTwice(String)
        case needsValue(String, synopsis: String)
        case takesNoValue(String)
        case noImage
        /// `--format` with `--output=FILE`: the name's extension says the format.
        case formatWithOutput
        case outputWithSeveralImages(count: Int)
        case outputAndOutputDirectory
        case sidecarAndOutputDirectory
        case severalImagesNeedDirectory
        case formatWithSidecar
        /// `-` among several IMAGEs or with `--output-dir`.
        case standardInputInBatch
    }

    public enum Value: Error, Equatable, Sendable {
        /// Not one of the option's values (`HeadlessOption.expects` says what is).
        case bad(HeadlessOption, String)
        case crop(CropGeometryError)
        case straighten(StraightenAngleError)
        case cut(CutGeometryError)
        /// More `--cut`s than `JoinedPicture.maximumCuts`.
        case tooManyCuts(Int)
        /// `--size`: not N nor WxH (`exact`: it looked like WxH), or over `largest` (the output format's).
        case size(String, exact: Bool, largest: Int, format: OutputFormat?)
        /// `--print-size` at `ppi` needs more pixels a side than `largest`.
        case printTooLarge(String, ppi: Int, pixels: PixelSize, largest: Int, format: OutputFormat?)
        /// `--output`'s name has no extension, or one that names no format we write.
        case unknownFormat(output: String)
    }

    public enum Conflict: Error, Equatable, Sendable {
        case standardInputWithSidecar
        case trimToleranceWithoutTrim
        case aspectWithoutAutomaticCrop
        case trimWithStraighten
        case autoCropNeedsAspect
        case autoCropWithStraighten
        case uprightWithPerspective
        case perspectiveWithStraighten(HeadlessOption)
        case perspectiveWithAutomaticCrop(HeadlessOption)
        case sizeAndPrintSize
        case sidecarWithOutput
        case sidecarNeedsCrop
        /// An option that shapes the written pixels, with `--sidecar`.
        case notForSidecar(HeadlessOption)
        case noOutput
        /// `--output=-` without `--format`.
        case standardOutputNeedsFormat
        case circleNeedsTransparency
        case losslessCircle
        case losslessSize
        case losslessStraighten
        case losslessPerspective(HeadlessOption)
        /// `--cut` with an option it is not made with (`--straighten`, `--perspective`, `--upright`,
        /// `--crop=auto` or `trim`, `--sidecar`, `--lossless`), as written.
        case cutWith(String)
        /// `--crop=photos` with an option it is not made with (`--straighten`, `--perspective`, `--upright`,
        /// `--cut`, `--aspect`, `--sidecar`, `--lossless`, `--output=-`), as written.
        case photosWith(String)
        /// The output is the source file itself (links and other spellings included).
        case outputIsSource
        case cropOutsideStraightened(PixelRect, box: PixelSize, angle: StraightenAngle)
        /// `-` with nothing piped in: standard input is the terminal.
        case standardInputIsTerminal
        /// A list of `count` entries (one result each) with `--sidecar` or `--output=-` (`to`), which take one.
        case severalResults(HeadlessOption, count: Int, to: HeadlessOption)
        /// Two lists of different lengths.
        case listLengths(HeadlessOption, Int, HeadlessOption, Int)
        case tooManyResults(HeadlessOption, count: Int)
        /// Two entries that name their results alike.
        case resultNamedTwice(HeadlessOption, String)
        /// The crop kept for the picture has `count` frames, one result each, and `--output=-` takes one.
        case keptFramesToStandardOutput(count: Int)
        /// A list without `--crop` on a picture whose kept crop has several frames or bands cut out.
        case keptFramesWithList
    }

    public enum Failure: Error, Equatable, Sendable {
        /// A batch's result in a format we do not write (`kind`: its extension, empty for none).
        case resultFormat(kind: String)
        case resultReplacesSource(output: String)
        case imageGivenTwice(output: String)
        /// `output` would also be `other`'s (and `more` other images'); `sidecar`: it is a sidecar.
        case resultShared(output: String, other: String, more: Int, sidecar: Bool)
        case outputFolderUnmade(reason: String)
        case workerProgramMissing
        case notASingleImageJob
        /// The crop kept for the image is a circle, and the output's format has no transparency.
        case keptCircleNeedsTransparency
        /// `--straighten=auto` found no lines to level by.
        case noLevelLines
        /// `--perspective=auto` found no document.
        case noDocument
        /// `--upright=auto` found no lines to go by.
        case noUprightLines
        /// `--crop=photos` found no prints on the scan.
        case noPhotos
        /// No `--crop`, and none kept for the image.
        case noCrop
        /// The geometry does not fit this image.
        case cropDoesNotFit(CropGeometryError)
        /// `-`, and standard input ended before a byte came.
        case standardInputEmpty
        /// Standard output closed before the whole result was written (the reader went away: EPIPE).
        case standardOutputClosed
        /// Writing standard output failed otherwise.
        case standardOutputFailed(errno: Int32)
        /// No plain or transparent border around the picture at that tolerance.
        case nothingToTrim(tolerance: Int)
        /// The cuts do not fit this picture.
        case cutDoesNotFit(CutProblem)
        /// One of several results would replace a file.
        case resultExists(output: String)
    }

    /// A mistake in the command line itself (exit 2) rather than a failure with a good one (exit 1).
    var isUsage: Bool {
        if case .failure = self { return false }
        return true
    }

    /// The cause in words (the command line's, in English like its help).
    var words: String {
        switch self {
        case .syntax(let syntax): return syntax.words
        case .value(let value): return value.words
        case .conflict(let conflict): return conflict.words
        case .failure(let failure): return failure.words
        }
    }
}

extension HeadlessProblem.Syntax {
    var words: String {
        switch self {
        case .unknownOption(let word): return "unknown option \(word) (see crop-editor --help)"
        case .givenTwice(let name): return "--\(name) is given more than once"
        case .needsValue(let name, let synopsis): return "--\(name) needs a value: \(synopsis)"
        case .takesNoValue(let name): return "--\(name) takes no value"
        case .noImage: return "no IMAGE given (see crop-editor --help)"
        case .formatWithOutput: return "--format applies to --output-dir; with --output the name's extension says it"
        case .outputWithSeveralImages(let count):
            return "--output names one result, but \(count) IMAGEs were given; use --output-dir=DIR"
        case .outputAndOutputDirectory: return "give --output=FILE or --output-dir=DIR, not both"
        case .sidecarAndOutputDirectory: return "--sidecar writes beside each IMAGE: give --sidecar or --output-dir, not both"
        case .severalImagesNeedDirectory: return "several IMAGEs need --output-dir=DIR (or --sidecar)"
        case .formatWithSidecar: return "--format applies to --output-dir, not to --sidecar"
        case .standardInputInBatch:
            return "- (standard input) can be the only IMAGE, never one of several or of an --output-dir batch"
        }
    }
}

extension HeadlessProblem.Value {
    var words: String {
        switch self {
        case .bad(let option, let text): return "--\(option.rawValue) must be \(option.expects), not “\(text)”"
        case .crop(let error): return error.description
        case .straighten(let error): return "--straighten: " + error.description
        case .cut(let error): return "--cut: " + error.description
        case .tooManyCuts(let count): return "--cut is given \(count) times: at most \(JoinedPicture.maximumCuts) cuts a picture"
        case .size(let text, let exact, let largest, let format):
            let bound = "from 1 to \(largest)\(Self.bound(format))"
            return exact
                ? "--size=WxH needs two whole numbers of pixels \(bound), not “\(text)”"
                : "--size must be a whole number of pixels \(bound), or WxH, not “\(text)”"
        case .printTooLarge(let text, let ppi, let pixels, let largest, let format):
            return "--print-size=\(text) at \(ppi) ppi is \(pixels.width)x\(pixels.height) pixels, "
                + "over \(largest) a side\(Self.bound(format))"
        case .unknownFormat(let output):
            let known = "use .png, .jpg, .jpeg, .webp, .tif or .tiff"
            let name = output.split(separator: "/").last.map(String.init) ?? output
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
                return "the output name “\(output)” has no extension to choose the format: \(known)"
            }
            return "unknown output format “\(name[dot...])”: \(known)"
        }
    }

    /// " for a .jpg output", or nothing when no output's format bounds the size.
    private static func bound(_ format: OutputFormat?) -> String { format.map { " for a .\($0.fileExtension) output" } ?? "" }
}

extension HeadlessProblem.Conflict {
    var words: String {
        switch self {
        case .standardInputWithSidecar: return "--sidecar keeps the crop beside the image's file, and standard input (-) has none"
        case .trimToleranceWithoutTrim: return "--trim-tolerance applies to --crop=trim only"
        case .aspectWithoutAutomaticCrop: return "--aspect applies to --crop=auto and --crop=trim only"
        case .trimWithStraighten:
            return "--crop=trim cannot be combined with --straighten: the border is found on the upright picture"
        case .autoCropNeedsAspect: return "--crop=auto needs the crop's --aspect=W:H (or --size=WxH), e.g. --aspect=4:5"
        case .autoCropWithStraighten:
            return "--crop=auto cannot be combined with --straighten: the suggestion is placed on the upright picture"
        case .uprightWithPerspective: return "give --upright or --perspective, not both: each corrects the perspective"
        case .perspectiveWithStraighten(let option):
            return "--\(option.rawValue) cannot be combined with --straighten: the correction levels the picture itself"
        case .perspectiveWithAutomaticCrop(let option):
            return
                "--\(option.rawValue) cannot be combined with --crop=auto or --crop=trim: give the crop on the corrected picture"
        case .sizeAndPrintSize: return "give --size or --print-size, not both"
        case .sidecarWithOutput: return "--sidecar writes no pixels: give --sidecar or --output, not both"
        case .sidecarNeedsCrop: return "--sidecar needs the --crop to keep"
        case .notForSidecar(let option): return "--\(option.rawValue) applies to --output, not to --sidecar"
        case .noOutput: return "no --output given (or --sidecar)"
        case .standardOutputNeedsFormat:
            return "--output=- writes to standard output, which has no name to choose the format: give --format"
        case .circleNeedsTransparency: return "--shape=circle needs a .png or .webp --output for its transparent corners"
        case .losslessCircle: return "--lossless cannot cut a circle: its transparent corners are new pixels"
        case .losslessSize: return "--lossless cannot scale to --size: a lossless cut keeps the crop's own pixels"
        case .losslessStraighten: return "--lossless cannot straighten: a turned picture is new pixels, so it must be re-encoded"
        case .losslessPerspective(let option):
            return
                "--lossless cannot be combined with --\(option.rawValue): the corrected picture is new pixels, so it must be re-encoded"
        case .cutWith(let other):
            let why =
                switch other {
                case "--sidecar": "a sidecar keeps no cuts yet: give --output"
                case "--lossless": "the joined picture is new pixels, so it must be re-encoded"
                default: "bands are cut from the picture as displayed, not from a straightened or corrected one"
                }
            return "--cut cannot be combined with \(other): \(why)"
        case .photosWith(let other):
            let why =
                switch other {
                case "--straighten": "each print is straightened by its own angle"
                case "--perspective", "--upright": "each print is cut out as a rectangle straightened by its own angle"
                case "--cut": "bands are cut from a picture as displayed, and each print is turned by its own angle"
                case "--aspect", "a --aspect list": "each print keeps its own proportions"
                case "a --size list", "a --print-size list": "the prints are the results, so give one size for them all"
                case "--lossless": "a print straightened is new pixels, so it must be re-encoded"
                default: "each print is a result of its own, FILE-1.EXT, FILE-2.EXT, …: give --output=FILE"
                }
            return "--crop=photos cannot be combined with \(other): \(why)"
        case .outputIsSource: return "the output is the source file itself; choose another --output"
        case .cropOutsideStraightened(let rect, let box, let angle):
            return
                "the crop reaches outside the straightened picture: \(rect) on its \(box.width)x\(box.height) box, turned \(angle)"
        case .severalResults(let option, let count, let to):
            return to == .sidecar
                ? "--\(option.rawValue) lists \(count) entries, one result each, and --sidecar keeps one crop: give --output=FILE"
                : "--\(option.rawValue) lists \(count) entries, one result each, and --output=- takes one: give --output=FILE"
        case .listLengths(let first, let count, let other, let otherCount):
            return "--\(first.rawValue) lists \(count) entries and --\(other.rawValue) \(otherCount): "
                + "give lists of the same length, or one value for all"
        case .tooManyResults(let option, let count):
            return "--\(option.rawValue) lists \(count) entries: at most \(FrameList.maximum) results of one picture"
        case .resultNamedTwice(let option, let entry):
            return "--\(option.rawValue) gives \(entry) twice: each result is named by its entry, so give each once"
        case .standardInputIsTerminal: return "- reads the picture from standard input, which is a terminal: pipe a picture in"
        case .keptFramesToStandardOutput(let count):
            return "the crop kept for it has \(count) frames, one result each, FILE-1.EXT, FILE-2.EXT, …, "
                + "and --output=- takes one: give --output=FILE"
        case .keptFramesWithList:
            return "the crop kept for it has several frames or bands cut out, and a list makes one result an entry: "
                + "give --crop with the list"
        }
    }
}

extension HeadlessProblem.Failure {
    var words: String {
        switch self {
        case .resultFormat(let kind):
            return "\(kind.isEmpty ? "a result without an extension" : "a .\(kind) result") cannot be written; "
                + "give --format=png, jpg, webp or tif"
        case .resultReplacesSource(let output):
            return "its result \(output) would replace a source image; choose another --output-dir"
        case .imageGivenTwice(let output): return "given twice; its result \(output) would be written twice"
        case .resultShared(let output, let other, let more, let sidecar):
            let what = sidecar ? "its crop would be kept in \(output)" : "its result \(output)"
            return "\(what) would also be \(other)'s" + (more > 0 ? " (and \(more) more)" : "") + "; crop them separately"
        case .outputFolderUnmade(let reason): return "the output folder cannot be made: \(reason)"
        case .workerProgramMissing: return "cannot find the crop-editor program for the worker processes"
        case .notASingleImageJob: return "not a single-image job"
        case .keptCircleNeedsTransparency:
            return "the crop kept for it is a circle, which needs a .png or .webp output for its transparent corners "
                + "(or give --shape=rectangle)"
        case .noLevelLines:
            return "--straighten=auto found no level or plumb lines to go by; give the angle, e.g. --straighten=1.5"
        case .noDocument:
            return
                "--perspective=auto found no document, whiteboard or screen; give its corners, e.g. --perspective=10%,10%,90%,10%,90%,90%,10%,90%"
        case .noUprightLines:
            return "--upright=auto found no vertical or level lines to go by; give the corners with --perspective"
        case .noPhotos:
            return "no photos found in it: --crop=photos splits a scan of prints lying on a plain white or dark lid"
        case .noCrop: return "no --crop given (and no stored crop)"
        case .cropDoesNotFit(let error): return error.description
        case .standardInputEmpty: return "nothing came through standard input"
        case .standardOutputClosed: return "standard output was closed before the whole result was written"
        case .standardOutputFailed(let code): return "standard output could not be written (\(String(cString: strerror(code))))"
        case .cutDoesNotFit(let problem): return problem.description
        case .resultExists(let output):
            return "its result \(output) exists already, and several results never replace a file: "
                + "move it or choose another --output"
        case .nothingToTrim(let tolerance):
            return "nothing to trim: no plain or transparent border around the picture (at --trim-tolerance=\(tolerance))"
        }
    }
}
