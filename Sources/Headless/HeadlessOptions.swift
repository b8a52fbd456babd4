// A headless request made typed: the image, the output, the crop, shape and size, the export options, or why they are unusable.

import CropKit
import ImagingCore

/// What the command line asks for.
public enum HeadlessRequest: Equatable, Sendable {
    case help
    case crop(HeadlessOptions)
    /// `--aspect`, `--size` or `--print-size` lists: one result an entry, each its own request.
    case frames([HeadlessFrame])
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
    /// `--perspective`: the quadrilateral the picture is rectified by, or nil.
    public var perspective: PerspectiveRequest?
    /// With `--perspective`, `--aspect`'s width ÷ height for the rectified picture; nil: estimated.
    public var aspect: Double?
    /// `--crop=trim`: the picture inside its border (`DecoderPool.trimBorders`).
    public var trim: TrimRequest?
    /// `--crop=photos`: one result per print found on the scan, each straightened by its own tilt.
    public var findsPhotos = false
    /// `--format` with `--output=-`: what standard output gets.
    public var standardOutputFormat: OutputFormat?
    /// One frame of the crop kept for the picture, made as the window's Save makes it; its shape and
    /// size yield to `--shape` and `--size` (`HeadlessCommand+KeptFrames.swift`).
    public var keptFrame: FrameOutput?

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
    /// (`kept`, when the crop is the kept one, or the kept frame's), then a rectangle at the crop's own size.
    public func exportOptions(kept: StoredCrop?) -> ExportOptions {
        var options = keptFrame.map(export.making) ?? export
        options.shape = shape ?? kept?.shape ?? keptFrame?.shape ?? .rectangle
        options.outputSize = outputSize ?? kept?.outputSize ?? keptFrame?.outputSize ?? .original
        return options
    }

    /// `--sidecar`: keep the crop beside the image, write no pixels.
    public var keepsInSidecar: Bool { output == nil }

    /// Interprets `arguments` (without the program name). Mistakes found before the IMAGE is known
    /// are reported without it; after that every message names it.
    public static func parse(_ arguments: [String]) throws(HeadlessError) -> HeadlessRequest {
        if CommandLineTokens.asksForHelp(arguments) { return .help }
        let tokens = try CommandLineTokens(arguments)
        guard let image = tokens.operands.first else { throw HeadlessError(image: nil, .syntax(.noImage)) }
        if HeadlessBatch.isBatch(tokens) {
            guard !tokens.operands.contains(standardStream) else {
                throw HeadlessError(image: nil, .syntax(.standardInputInBatch))
            }
            return .batch(try HeadlessBatch(tokens))
        }
        _ = try HeadlessBatch.jobs(tokens)
        if tokens.has(.format), tokens.values[.output] != standardStream {
            throw HeadlessError(image: nil, .syntax(.formatWithOutput))
        }
        return try request(tokens, image: image)
    }

    /// One image's request from tokens holding that one IMAGE: one result, or one a listed entry
    /// (`FrameList`), each checked as a command line of its own would be.
    static func request(_ tokens: CommandLineTokens, image: String) throws(HeadlessError) -> HeadlessRequest {
        let split: [(label: String, tokens: CommandLineTokens)]?
        do { split = try FrameList.split(tokens) } catch {
            throw HeadlessError(image: image == standardStream ? standardInputName : image, .conflict(error))
        }
        guard let split else { return .crop(try parse(tokens, image: image)) }
        var frames: [HeadlessFrame] = []
        for (label, single) in split { frames.append(HeadlessFrame(label: label, options: try parse(single, image: image))) }
        return .frames(frames)
    }

    /// One image's request, from tokens holding that one IMAGE: every value read alone, then the
    /// rules between them checked (`validate`), as swift-argument-parser's `validate()` does.
    static func parse(_ tokens: CommandLineTokens, image: String) throws(HeadlessError) -> HeadlessOptions {
        let named = image == standardStream ? standardInputName : image
        let values: OptionValues
        do { values = try OptionValues(tokens, image: image) } catch { throw HeadlessError(image: named, .value(error)) }
        do { try validate(values) } catch { throw HeadlessError(image: named, .conflict(error)) }
        return HeadlessOptions(values)
    }

    /// The request `values` make, once they passed the rules.
    private init(_ values: OptionValues) {
        var geometry: CropGeometry?
        if case .geometry(let given) = values.crop { geometry = given }
        self.init(
            image: values.image, output: values.output, crop: geometry, export: Self.export(values), shape: values.shape,
            outputSize: values.outputSize, straighten: values.straighten,
            suggestion: values.crop == .auto ? values.ratio.map(SmartCropTarget.ratio) : nil)
        if values.crop == .trim {
            trim = TrimRequest(tolerance: values.trimTolerance ?? TrimBorders.defaultTolerance, ratio: values.ratio)
        }
        findsPhotos = values.crop == .photos
        if values.writesStandardOutput { standardOutputFormat = values.format }
        perspective = values.perspective
        if values.perspective != nil { aspect = values.aspect }
    }

    /// The export options the values give; none for the sidecar, which writes no pixels.
    private static func export(_ values: OptionValues) -> ExportOptions {
        var export = ExportOptions()
        guard values.output != nil else { return export }
        export.quality = values.quality
        export.lossless = values.lossless
        // The window's choice for its batches: lossless where the cut allows it, re-encoded elsewhere.
        export.preferLossless = values.has(.preferLossless)
        if let strip = values.strip { export.strip = strip }
        export.transform = values.transform
        export.cuts = values.cuts
        // Alone, the resolution is only written: the pixels stay as they are.
        if values.printSize == nil { export.resolution = values.resolution }
        return export
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
