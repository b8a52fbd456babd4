// A headless request made typed: the image, the output, the crop geometry, shape and size, the export options, or why they are unusable.

import CropKit
import ImagingCore

/// What the command line asks for.
public enum HeadlessRequest: Equatable, Sendable {
    case help
    case crop(HeadlessOptions)
    /// `--output-dir`, or `--sidecar` with several images.
    case batch(HeadlessBatch)
}

/// A complete, syntactically valid crop request. Whether it fits the image is only known after probing it.
public struct HeadlessOptions: Equatable, Sendable {
    public var image: String
    /// Where the pixels go; nil when the crop is only kept in the sidecar.
    public var output: String?
    /// The crop asked for; nil means the one kept in the image's sidecar (or its own XMP), or the suggestion.
    public var crop: CropGeometry?
    /// `--crop=auto --aspect=W:H`: the crop libvips' attention measure places (`SmartCrop.suggest`).
    public var suggestion: SmartCropTarget?
    /// Everything but the shape and the size, which may come from the kept crop (`exportOptions(kept:)`).
    public var export: ExportOptions
    /// `--shape`; nil when not given: the kept crop's shape when the crop is the kept one, else a rectangle.
    public var shape: CropShape?
    /// `--size` (a longer side or exactly W×H) or `--print-size`; nil when not given: the kept crop's,
    /// else the crop's own size.
    public var outputSize: OutputSize?
    /// `--straighten`; nil when not given: the kept crop's angle when the crop is the kept one, else none.
    public var straighten: StraightenRequest?
    /// `--crop=trim`: the picture inside its border (`DecoderPool.trimBorders`).
    public var trim: TrimRequest?
    /// `--format` with `--output=-`: what standard output gets.
    public var standardOutputFormat: OutputFormat?

    /// `-`, as IMAGE (standard input) or as `--output` (standard output).
    public static let standardStream = "-"
    /// What errors call standard input's picture.
    public static let standardInputName = "standard input"

    /// IMAGE is `-`: the picture comes from standard input.
    public var readsStandardInput: Bool { image == Self.standardStream }
    /// `--output=-`: the result goes to standard output.
    public var writesStandardOutput: Bool { output == Self.standardStream }
    /// The image as errors name it.
    public var imageName: String { readsStandardInput ? Self.standardInputName : image }
    /// The result's format: `--format` for standard output, else the output's extension.
    public var outputFormat: OutputFormat? { standardOutputFormat ?? output.flatMap { OutputFormat(path: $0) } }

    public init(
        image: String, output: String?, crop: CropGeometry?, export: ExportOptions = ExportOptions(),
        shape: CropShape? = nil, outputSize: OutputSize? = nil, straighten: StraightenRequest? = nil,
        suggestion: SmartCropTarget? = nil
    ) {
        self.image = image
        self.output = output
        self.crop = crop
        self.suggestion = suggestion
        self.export = export
        self.shape = shape
        self.outputSize = outputSize
        self.straighten = straighten
    }

    /// The export asked for: the command line's shape and size win, then those kept with the crop
    /// (`kept`, when the crop is the kept one), then a rectangle at the crop's own size.
    public func exportOptions(kept: StoredCrop?) -> ExportOptions {
        var options = export
        options.shape = shape ?? kept?.shape ?? .rectangle
        options.outputSize = outputSize ?? kept?.outputSize ?? .original
        return options
    }

    /// `--sidecar`: keep the crop beside the image, write no pixels.
    public var keepsInSidecar: Bool { output == nil }

    /// Interprets `arguments` (without the program name). Mistakes found before the IMAGE is known
    /// are reported without it; after that every message names it.
    public static func parse(_ arguments: [String]) throws(HeadlessError) -> HeadlessRequest {
        if CommandLineTokens.asksForHelp(arguments) { return .help }
        let tokens = try CommandLineTokens(arguments)
        guard let image = tokens.operands.first else { throw .usage("no IMAGE given (see crop-editor --help)") }
        if HeadlessBatch.isBatch(tokens) {
            guard !tokens.operands.contains(standardStream) else { throw HeadlessError(image: nil, .standardInputInBatch) }
            return .batch(try HeadlessBatch(tokens))
        }
        _ = try HeadlessBatch.jobs(tokens)
        if tokens.values[.format] != nil, tokens.values[.output] != standardStream {
            throw .usage("--format applies to --output-dir; with --output the name's extension says it")
        }
        return .crop(try parse(tokens, image: image))
    }

    /// One image's request, from tokens holding that one IMAGE.
    static func parse(_ tokens: CommandLineTokens, image: String) throws(HeadlessError) -> HeadlessOptions {
        let named = image == standardStream ? standardInputName : image
        func fail(_ reason: String) -> HeadlessError { .usage(reason, image: named) }

        let sidecar = tokens.values[.sidecar] != nil
        if sidecar, image == standardStream { throw HeadlessError(image: named, .standardInputWithSidecar) }
        var crop: CropGeometry?
        let (suggestion, trim) = try Self.automaticCrop(tokens, image: named)
        if let cropText = tokens.values[.crop], suggestion == nil, trim == nil {
            do { crop = try CropGeometry(parsing: cropText) } catch { throw fail(error.description) }
        }
        var shape: CropShape?
        if let text = tokens.values[.shape] {
            guard let value = CropShape(rawValue: text) else { throw fail("--shape must be circle or rectangle, not “\(text)”") }
            shape = value
        }
        let size = try Self.sizeText(tokens, image: image)
        var straighten: StraightenRequest?
        if let text = tokens.values[.straighten] {
            if text == "auto" {
                straighten = .auto
            } else {
                do { straighten = .angle(try StraightenAngle(parsing: text)) } catch {
                    throw fail("--straighten: " + error.description)
                }
            }
        }
        if sidecar {
            guard tokens.values[.output] == nil else {
                throw fail("--sidecar writes no pixels: give --sidecar or --output, not both")
            }
            guard crop != nil || straighten != nil || suggestion != nil || trim != nil else {
                throw fail("--sidecar needs the --crop to keep")
            }
            for option in [HeadlessOption.quality, .lossless, .preferLossless, .strip, .rotate, .flip]
            where tokens.values[option] != nil {
                throw fail("--\(option.rawValue) applies to --output, not to --sidecar")
            }
            // Kept for any later output, so bounded by the format that holds the most.
            var kept: OutputSize?
            if let size { kept = try Self.outputSize(size, format: nil, image: named) }
            var options = HeadlessOptions(
                image: image, output: nil, crop: crop, shape: shape, outputSize: kept, straighten: straighten,
                suggestion: suggestion)
            options.trim = trim
            return options
        }
        guard let output = tokens.values[.output] else { throw fail("no --output given (or --sidecar)") }

        var export = ExportOptions()
        if let text = tokens.values[.quality] {
            guard let quality = Int(text), (1...100).contains(quality) else {
                throw fail("--quality must be a whole number from 1 to 100, not “\(text)”")
            }
            export.quality = quality
        }
        export.lossless = tokens.values[.lossless] != nil
        // The window's choice for its batches: lossless where the cut allows it, re-encoded elsewhere.
        export.preferLossless = tokens.values[.preferLossless] != nil
        if let text = tokens.values[.strip] {
            // `none` is the default and deliberately not spelled on the command line.
            guard let strip = StripMode(rawValue: text), strip != .none else {
                throw fail("--strip must be gps or all, not “\(text)”")
            }
            export.strip = strip
        }
        do { export.transform = try transform(rotate: tokens.values[.rotate], flip: tokens.values[.flip]) } catch {
            throw fail(error.reason)
        }
        var standardOutputFormat: OutputFormat?
        if output == standardStream {
            guard let text = tokens.values[.format] else { throw HeadlessError(image: named, .standardOutputNeedsFormat) }
            guard ["png", "jpg", "webp", "tif"].contains(text), let chosen = OutputFormat(path: "result." + text) else {
                throw fail("--format must be png, jpg, webp or tif, not “\(text)”")
            }
            standardOutputFormat = chosen
        }
        guard let format = standardOutputFormat ?? OutputFormat(path: output) else { throw fail(unknownFormat(output)) }
        var outputSize: OutputSize?
        if let size { outputSize = try Self.outputSize(size, format: format, image: named) }
        if case .print = outputSize {
        } else if let text = tokens.values[.resolution] {
            // Alone, the resolution is only written: the pixels stay as they are.
            export.resolution = try Self.resolution(text, image: named)
        }
        if shape == .circle, !format.holdsCircle {
            throw fail("--shape=circle needs a .png or .webp --output for its transparent corners")
        }
        if export.lossless, shape == .circle {
            throw fail("--lossless cannot cut a circle: its transparent corners are new pixels")
        }
        if export.lossless, let outputSize, !outputSize.isOriginal {
            throw fail("--lossless cannot scale to --size: a lossless cut keeps the crop's own pixels")
        }
        if export.lossless, straighten != nil {
            throw fail("--lossless cannot straighten: a turned picture is new pixels, so it must be re-encoded")
        }
        var options = HeadlessOptions(
            image: image, output: output, crop: crop, export: export, shape: shape,
            outputSize: outputSize, straighten: straighten, suggestion: suggestion)
        options.trim = trim
        options.standardOutputFormat = standardOutputFormat
        return options
    }

    /// The W:H an exact `--size=WxH` or `--print-size` asks the crop to have, as `--aspect` spells it;
    /// nil for none (or a size the parser refuses later with its own words).
    static func exactRatio(_ tokens: CommandLineTokens) -> String? {
        let size: OutputSize?
        if let print = tokens.values[.printSize] {
            size = PrintSize(parsing: print, ppi: tokens.values[.resolution].flatMap(Int.init) ?? PrintSize.defaultPPI)
                .map(OutputSize.print)
        } else {
            let sides = (tokens.values[.size] ?? "").lowercased().split(separator: "x")
            size =
                sides.count == 2
                ? Int(sides[0]).flatMap { w in Int(sides[1]).map { .pixels(PixelSize(width: w, height: $0)) } } : nil
        }
        guard let pixels = size?.exactPixels, pixels.width > 0, pixels.height > 0 else { return nil }
        return "\(pixels.width):\(pixels.height)"
    }

    /// `--crop=auto` with `--aspect=W:H`: the suggestion's ratio; `--crop=trim`, with `--aspect` and
    /// `--trim-tolerance` when given: the trim; nil for any other `--crop`. `auto` needs an aspect;
    /// both are placed on the upright picture, so not with `--straighten`.
    private static func automaticCrop(
        _ tokens: CommandLineTokens, image: String
    ) throws(HeadlessError) -> (SmartCropTarget?, TrimRequest?) {
        let aspect = tokens.values[.aspect]
        let mode = tokens.values[.crop]
        if mode != "trim", tokens.values[.trimTolerance] != nil { throw HeadlessError(image: image, .trimToleranceWithoutTrim) }
        guard mode == "auto" || mode == "trim" else {
            if aspect != nil { throw .usage("--aspect applies to --crop=auto and --crop=trim only", image: image) }
            return (nil, nil)
        }
        // An exact size (or a print) is the ratio when --aspect is not given, for auto and trim alike.
        var ratio: Double?
        if let aspect = aspect ?? exactRatio(tokens) {
            guard let parsed = AspectRatio(parsing: aspect)?.pixelRatio(imageWidth: 1, imageHeight: 1) else {
                throw .usage("--aspect must be two positive numbers as W:H, e.g. 4:5, not “\(aspect)”", image: image)
            }
            ratio = parsed
        }
        if mode == "trim" {
            guard tokens.values[.straighten] == nil else { throw HeadlessError(image: image, .trimWithStraighten) }
            var tolerance = TrimBorders.defaultTolerance
            if let text = tokens.values[.trimTolerance] {
                guard let value = Int(text), (0...100).contains(value) else {
                    throw HeadlessError(image: image, .trimTolerance(text))
                }
                tolerance = value
            }
            return (nil, TrimRequest(tolerance: tolerance, ratio: ratio))
        }
        guard let ratio else {
            throw .usage("--crop=auto needs the crop's --aspect=W:H (or --size=WxH), e.g. --aspect=4:5", image: image)
        }
        guard tokens.values[.straighten] == nil else {
            throw .usage(
                "--crop=auto cannot be combined with --straighten: the suggestion is placed on the upright picture", image: image)
        }
        return (.ratio(ratio), nil)
    }

    /// What `--size` or `--print-size` says, with `--resolution` for a print; nil when neither is given.
    private static func sizeText(_ tokens: CommandLineTokens, image: String) throws(HeadlessError) -> SizeText? {
        let size = tokens.values[.size], print = tokens.values[.printSize]
        switch (size, print) {
        case (let size?, nil): return .pixels(size)
        case (nil, let print?):
            let ppi = try tokens.values[.resolution].map { (text) throws(HeadlessError) in try resolution(text, image: image) }
            return .print(print, ppi: ppi ?? PrintSize.defaultPPI)
        case (nil, nil): return nil
        case (_?, _?): throw .usage("give --size or --print-size, not both", image: image)
        }
    }

    /// The text of the size options, read before the output's format is known.
    enum SizeText {
        case pixels(String)
        case print(String, ppi: Int)
    }

    /// The size asked for: `--size=N` (a whole number of pixels from 1 to what the output's format
    /// holds, or for no format yet what the format that holds the most does), `--size=WxH`, or
    /// `--print-size=WxH{cm,in}` at its resolution.
    private static func outputSize(
        _ text: SizeText, format: OutputFormat?, image: String
    ) throws(HeadlessError)
        -> OutputSize
    {
        let largest = format?.maximumSide ?? OutputFormat.allCases.map(\.maximumSide).max() ?? 1
        let bound = format.map { " for a .\($0.fileExtension) output" } ?? ""
        switch text {
        case .print(let text, let ppi):
            guard let print = PrintSize(parsing: text, ppi: ppi) else {
                throw .usage("--print-size must be WxH in cm or in, e.g. 15x10cm or 6x4in, not “\(text)”", image: image)
            }
            let pixels = print.pixels
            guard max(pixels.width, pixels.height) <= largest else {
                throw .usage(
                    "--print-size=\(text) at \(ppi) ppi is \(pixels.width)x\(pixels.height) pixels, over \(largest) a side\(bound)",
                    image: image)
            }
            return .print(print)
        case .pixels(let text):
            let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            // `64px` is a mistyped N, `10x` a mistyped W×H.
            if sides.count == 2, !sides[0].isEmpty, sides[0].allSatisfy(\.isNumber) {
                guard let width = Int(sides[0]), let height = Int(sides[1]), (1...largest).contains(width),
                    (1...largest).contains(height)
                else {
                    throw .usage(
                        "--size=WxH needs two whole numbers of pixels from 1 to \(largest)\(bound), not “\(text)”", image: image)
                }
                return .pixels(PixelSize(width: width, height: height))
            }
            guard let size = Int(text), (1...largest).contains(size) else {
                throw .usage(
                    "--size must be a whole number of pixels from 1 to \(largest)\(bound), or WxH, not “\(text)”", image: image)
            }
            return .longerSide(size)
        }
    }

    /// `--resolution`'s value: whole pixels per inch, 1 to `PrintSize.maximumPPI`.
    private static func resolution(_ text: String, image: String) throws(HeadlessError) -> Int {
        guard let ppi = Int(text), (1...PrintSize.maximumPPI).contains(ppi) else {
            throw .usage(
                "--resolution must be a whole number of pixels per inch from 1 to \(PrintSize.maximumPPI), not “\(text)”",
                image: image)
        }
        return ppi
    }

    private static func unknownFormat(_ output: String) -> String {
        let known = "use .png, .jpg, .jpeg, .webp, .tif or .tiff"
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
            return "the output name “\(output)” has no extension to choose the format: \(known)"
        }
        return "unknown output format “\(name[dot...])”: \(known)"
    }
}

/// `--crop=trim`'s request: how far from the border's colour is still border, and the ratio to keep.
public struct TrimRequest: Equatable, Sendable {
    /// Percent, 0–100.
    public var tolerance: Int
    /// Width ÷ height in pixels (`--aspect`), or nil for the content's own box.
    public var ratio: Double?

    public init(tolerance: Int = TrimBorders.defaultTolerance, ratio: Double? = nil) {
        self.tolerance = tolerance
        self.ratio = ratio
    }
}
