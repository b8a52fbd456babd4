// Each option's value read from its own text (`--quality=80` is 80), before the rules between options are checked.

import CropKit
import ImagingCore

/// What `--crop` asks for.
enum CropMode: Equatable, Sendable {
    case geometry(CropGeometry)
    /// `auto`: the smart crop's suggestion, of `--aspect`'s ratio.
    case auto
    /// `trim`: the picture inside its border.
    case trim
    /// `photos`: one result per print on a scan (`PhotoFinder`), each straightened by its own tilt.
    case photos

    /// Placed by the decoder on the upright picture, rather than given.
    var isAutomatic: Bool { self == .auto || self == .trim }
}

/// One image's command line with every value read and checked alone; nil (or false) for an option
/// not given. Whether the options go together is `HeadlessOptions.rules`' to say.
struct OptionValues {
    let given: Set<HeadlessOption>
    let image: String
    var crop: CropMode?
    /// `--aspect`'s width ÷ height in pixels.
    var aspect: Double?
    var trimTolerance: Int?
    var shape: CropShape?
    var straighten: StraightenRequest?
    var perspective: PerspectiveRequest?
    var quality: Int?
    var strip: StripMode?
    /// `--flip` then `--rotate`.
    var transform = ImageOrientation.up
    /// `--cut`, in the order given.
    var cuts: [PictureCut] = []
    var output: String?
    /// `--format`.
    var format: OutputFormat?
    /// The result's format: `--format` for standard output, else the output's extension; nil for no output.
    var outputFormat: OutputFormat?
    var resolution: Int?
    /// `--size`, bounded by what the output's format holds.
    var size: OutputSize?
    /// `--print-size` at `--resolution`, bounded likewise.
    var printSize: OutputSize?

    func has(_ option: HeadlessOption) -> Bool { given.contains(option) }
    /// The option that asked for a perspective correction (`--perspective` or `--upright`).
    var perspectiveOption: HeadlessOption { perspective?.option ?? .perspective }
    var sidecar: Bool { has(.sidecar) }
    var lossless: Bool { has(.lossless) }
    var writesStandardOutput: Bool { output == HeadlessOptions.standardStream }
    var readsStandardInput: Bool { image == HeadlessOptions.standardStream }
    /// The first option given that `--cut` is not made with, as written (nil: none).
    var cutCompanion: String? {
        let others: [HeadlessOption] = [.straighten, .perspective, .upright, .sidecar, .lossless]
        return others.first(where: has).map { "--\($0.rawValue)" }
    }
    /// The first option given that `--crop=photos` is not made with, as written (nil: none).
    var photosCompanion: String? {
        let others: [HeadlessOption] = [.straighten, .perspective, .upright, .cut, .aspect, .sidecar, .lossless]
        if let other = others.first(where: has) { return "--\(other.rawValue)" }
        return writesStandardOutput ? "--output=-" : nil
    }
    /// The size asked for, by `--size` or `--print-size`.
    var outputSize: OutputSize? { size ?? printSize }

    /// The ratio `--crop=auto` and `--crop=trim` keep: `--aspect`, else an exact size's or a print's.
    var ratio: Double? {
        if let aspect { return aspect }
        guard let pixels = (printSize ?? size)?.exactPixels, pixels.width > 0, pixels.height > 0 else { return nil }
        return AspectRatio.custom(width: Double(pixels.width), height: Double(pixels.height))?
            .pixelRatio(imageWidth: 1, imageHeight: 1)
    }

    /// Reads every value `tokens` give for `image`, in the order the options are listed in help.
    init(_ tokens: CommandLineTokens, image: String) throws(HeadlessProblem.Value) {
        given = Set(tokens.values.keys)
        self.image = image
        let text = { (option: HeadlessOption) in tokens.values[option] }
        crop = try text(.crop).map(Self.crop)
        aspect = try text(.aspect).map { (value) throws(HeadlessProblem.Value) in
            guard let ratio = AspectRatio(parsing: value)?.pixelRatio(imageWidth: 1, imageHeight: 1) else {
                throw .bad(.aspect, value)
            }
            return ratio
        }
        trimTolerance = try text(.trimTolerance).map { (value) throws(HeadlessProblem.Value) in
            try Self.number(value, .trimTolerance, 0...100)
        }
        shape = try text(.shape).map { (value) throws(HeadlessProblem.Value) in try Self.word(value, .shape, CropShape.init) }
        straighten = try text(.straighten).map(Self.straighten)
        perspective = try text(.perspective).map { (value) throws(HeadlessProblem.Value) in
            try Self.word(value, .perspective, PerspectiveRequest.init(parsing:))
        }
        if let value = text(.upright) {
            guard value == "auto" else { throw .bad(.upright, value) }
            // Both given is a conflict (the rules' to say); alone, Upright is the perspective asked for.
            if perspective == nil { perspective = .upright }
        }
        quality = try text(.quality).map { (value) throws(HeadlessProblem.Value) in try Self.number(value, .quality, 1...100) }
        // `none` is the default and deliberately not spelled on the command line.
        strip = try text(.strip).map { (value) throws(HeadlessProblem.Value) in
            try Self.word(value, .strip) { StripMode(rawValue: $0).flatMap { $0 == .none ? nil : $0 } }
        }
        transform = try Self.transform(flip: text(.flip), rotate: text(.rotate))
        cuts = try text(.cut).map(Self.cuts) ?? []
        format = try text(.format).map { (value) throws(HeadlessProblem.Value) in
            try Self.word(value, .format) {
                ["png", "jpg", "webp", "tif"].contains($0) ? OutputFormat(path: "result." + $0) : nil
            }
        }
        output = text(.output)
        if let output {
            outputFormat = output == HeadlessOptions.standardStream ? format : OutputFormat(path: output)
            guard outputFormat != nil || output == HeadlessOptions.standardStream else { throw .unknownFormat(output: output) }
        }
        resolution = try text(.resolution).map { (value) throws(HeadlessProblem.Value) in
            try Self.number(value, .resolution, 1...PrintSize.maximumPPI)
        }
        size = try text(.size).map { (value) throws(HeadlessProblem.Value) in try Self.size(value, format: outputFormat) }
        printSize = try text(.printSize).map { (value) throws(HeadlessProblem.Value) in
            try Self.printSize(value, ppi: resolution ?? PrintSize.defaultPPI, format: outputFormat)
        }
    }

    private static func crop(_ text: String) throws(HeadlessProblem.Value) -> CropMode {
        switch text {
        case "auto": return .auto
        case "trim": return .trim
        case "photos": return .photos
        default:
            do { return .geometry(try CropGeometry(parsing: text)) } catch { throw .crop(error) }
        }
    }

    /// `--cut`'s geometries, comma-separated when it was given more than once.
    private static func cuts(_ text: String) throws(HeadlessProblem.Value) -> [PictureCut] {
        var cuts: [PictureCut] = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= JoinedPicture.maximumCuts else { throw .tooManyCuts(parts.count) }
        for part in parts {
            do { cuts.append(try PictureCut(parsing: String(part))) } catch { throw .cut(error) }
        }
        return cuts
    }

    private static func straighten(_ text: String) throws(HeadlessProblem.Value) -> StraightenRequest {
        guard text != "auto" else { return .auto }
        do { return .angle(try StraightenAngle(parsing: text)) } catch { throw .straighten(error) }
    }

    /// A whole number in `range`.
    private static func number(
        _ text: String, _ option: HeadlessOption, _ range: ClosedRange<Int>
    ) throws(HeadlessProblem.Value) -> Int {
        guard let value = Int(text), range.contains(value) else { throw .bad(option, text) }
        return value
    }

    /// One of the option's words, as `read` makes it.
    private static func word<T>(
        _ text: String, _ option: HeadlessOption, _ read: (String) -> T?
    ) throws(HeadlessProblem.Value) -> T {
        guard let value = read(text) else { throw .bad(option, text) }
        return value
    }

    /// The user's orientation on top of the upright picture. The order is fixed (flip, then rotate,
    /// as ImageMagick does for `-flop -rotate 90`) whatever order the options were written in.
    private static func transform(flip: String?, rotate: String?) throws(HeadlessProblem.Value) -> ImageOrientation {
        let flips: [String: ImageOrientation] = ["horizontal": .upMirrored, "vertical": .downMirrored]
        let turns: [String: ImageOrientation] = ["90": .right, "180": .down, "270": .left]
        let flipped = try flip.map { (text) throws(HeadlessProblem.Value) in try word(text, .flip) { flips[$0] } } ?? .up
        let turn = try rotate.map { (text) throws(HeadlessProblem.Value) in try word(text, .rotate) { turns[$0] } } ?? .up
        return flipped.followed(by: turn)
    }

    /// `--size=N` (a whole number of pixels from 1 to what the output's format holds, or for no
    /// format what the format that holds the most does) or `--size=WxH`.
    private static func size(_ text: String, format: OutputFormat?) throws(HeadlessProblem.Value) -> OutputSize {
        let largest = largestSide(format)
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        // `64px` is a mistyped N, `10x` a mistyped W×H.
        if sides.count == 2, !sides[0].isEmpty, sides[0].allSatisfy(\.isNumber) {
            guard let width = Int(sides[0]), let height = Int(sides[1]), (1...largest).contains(width),
                (1...largest).contains(height)
            else { throw .size(text, exact: true, largest: largest, format: format) }
            return .pixels(PixelSize(width: width, height: height))
        }
        guard let side = Int(text), (1...largest).contains(side) else {
            throw .size(text, exact: false, largest: largest, format: format)
        }
        return .longerSide(side)
    }

    /// `--print-size=WxH{cm,in}` at `ppi`, its pixels within what the output's format holds.
    private static func printSize(_ text: String, ppi: Int, format: OutputFormat?) throws(HeadlessProblem.Value) -> OutputSize {
        guard let print = PrintSize(parsing: text, ppi: ppi) ?? PaperSize(name: text)?.printSize(ppi: ppi) else {
            throw .bad(.printSize, text)
        }
        let largest = largestSide(format)
        guard max(print.pixels.width, print.pixels.height) <= largest else {
            throw .printTooLarge(text, ppi: ppi, pixels: print.pixels, largest: largest, format: format)
        }
        return .print(print)
    }

    private static func largestSide(_ format: OutputFormat?) -> Int {
        format?.maximumSide ?? OutputFormat.allCases.map(\.maximumSide).max() ?? 1
    }
}
