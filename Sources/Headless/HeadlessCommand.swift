// The headless mode's entry: deciding that a command line is headless, running the crop, reporting the outcome.

import Batch
import CropKit
import Decoding
import Foundation
import ImagingCore
import Wording

public enum HeadlessCommand {
    /// Whether `arguments` (with the program name first) ask for the command line rather than the
    /// window. The window takes no options of its own, only `[IMAGE]`, so any option means the
    /// command line: `--output`, `--help`, and also a misspelt or unknown option, which then gets
    /// one clear line instead of GTK's start-up. GApplication's own `--gapplication-*` options
    /// (D-Bus activation) are left to the window.
    public static func isHeadless(_ arguments: [String]) -> Bool {
        arguments.dropFirst().prefix { $0 != "--" }.contains {
            CommandLineTokens.looksLikeOption($0) && !$0.hasPrefix("--gapplication-") && $0 != WindowLauncher.pasteOption
        }
    }

    /// Runs the headless command; returns the exit status. Prints the help on standard output, or
    /// one error line on standard error; nothing on success, except one warning line on standard
    /// error when some of the source's metadata could not be carried (still exit 0). GTK is never touched.
    public static func run(_ arguments: [String]) -> Int32 {
        // Imaging's reasons come worded in the user's language when a catalogue has them.
        Localization.startMessages()
        // The decoders are killed as we end: nothing of theirs runs after us, and the kernel takes
        // their memory down without the user waiting for it.
        defer { DecoderPool.shared.killForExit() }
        do {
            switch try HeadlessOptions.parse(Array(arguments.dropFirst())) {
            case .help:
                // The footer says which confinement the decoders get on this kernel (asked of one).
                let confinement =
                    DecoderPool.shared.confinement()?.summary
                    ?? "Decoders cannot start: \(DecoderPool.programName) is missing or failed"
                writeAll(HelpText.text + "\n" + confinement + "\n", to: STDOUT_FILENO)
            case .crop(let options) where options.findsPhotos || takesKeptCrop(options):
                prepareDecoder(for: options)
                let outcome = try options.findsPhotos ? cropPhotos(options) : cropKept(options)
                for line in outcome.lines { writeAll(line + "\n", to: STDERR_FILENO) }
                return outcome.status
            case .crop(let options):
                prepareDecoder(for: options)
                if let warning = try crop(options) { writeAll(warning.line + "\n", to: STDERR_FILENO) }
            case .frames(let frames):
                guard let first = frames.first else { return 0 }
                prepareDecoder(for: first.options)
                let outcome = try cropFrames(frames)
                for line in outcome.lines { writeAll(line + "\n", to: STDERR_FILENO) }
                return outcome.status
            case .batch(let batch):
                return batch.run()
            }
            return 0
        } catch {
            writeAll(error.line + "\n", to: STDERR_FILENO)
            return error.exitStatus
        }
    }

    /// Gets the decoder ready for one picture's crop (or its several results).
    private static func prepareDecoder(for options: HeadlessOptions) {
        // The decoder starts at once, so its start-up overlaps everything before the first
        // job (a usage error or a batch, whose workers decode, starts none here); on its
        // own, with no zygote to fork it, since one file is all this command decodes.
        DecoderPool.shared.decodesOneFile = true
        // A file whose first bytes say JPEG, PNG, GIF, TIFF or WebP is no HEIF: its decoder
        // skips the HEIF module, a large part of its start-up.
        DecoderPool.shared.loadsHEIF =
            options.readsStandardInput || !FileSignature.isCertainlyNotHEIF(path: options.image)
        // A JPEG cut plainly goes to the lean decoder first (it hands back what it does not make).
        DecoderPool.shared.tryLeanFirst = takesLeanDecoder(options)
        DecoderPool.shared.startAhead()
        // Interrupted mid-write (Ctrl+C, a script's timeout): no hidden temporary left behind.
        TemporaryFileSignal.removeTemporariesOnInterrupt()
    }

    /// Whether the command is a plain re-encoded cut of a JPEG file (`LeanDecoder.covers`) with nothing
    /// measured or kept on the way.
    private static func takesLeanDecoder(_ options: HeadlessOptions) -> Bool {
        !options.readsStandardInput && options.output != nil && options.straighten == nil && options.perspective == nil
            && options.suggestion == nil && options.trim == nil && !options.findsPhotos && !takesKeptCrop(options)
            && LeanDecoder.covers(options.exportOptions(kept: nil), format: options.outputFormat)
            && FileSignature.isJPEG(path: options.image)
    }

    /// Whether crop-editor was started as one of a batch's worker processes (a hidden argument).
    public static func isBatchWorker(_ arguments: [String]) -> Bool { BatchWorker.isWorker(arguments) }

    /// A batch's worker process: does single-image jobs as they come, each as the command line
    /// would, its failure or warning as the line the command line would print. Returns the exit status.
    public static func serveBatchJobs() -> Int32 {
        Localization.startMessages()
        TemporaryFileSignal.removeTemporariesOnInterrupt()
        // One decoder for each picture, the next one started while this one works: the lean one until a
        // job says otherwise (a batch's pictures are most often JPEGs cut plainly; another job hands it over).
        DecoderPool.shared.tryLeanFirst = true
        DecoderPool.shared.sparesAhead = 1
        // The worker's decoders end with it, reaped: their time and memory count in the batch's.
        defer { DecoderPool.shared.shutdown() }
        return BatchWorker.serve { job in
            do throws(HeadlessError) {
                let request = try HeadlessOptions.parse(job.arguments)
                if case .frames(let frames) = request { return try frameJob(frames, temporaryName: job.temporaryName) }
                if case .crop(let options) = request, options.findsPhotos {
                    return try photosJob(options, temporaryName: job.temporaryName)
                }
                if case .crop(let options) = request, takesKeptCrop(options) {
                    return try keptJob(options, temporaryName: job.temporaryName)
                }
                guard case .crop(let options) = request else {
                    return BatchOutcome(
                        status: .failed, lines: [HeadlessError(image: job.image, .failure(.notASingleImageJob)).line])
                }
                // A plain JPEG cut goes to the lean decoder (and the spare started for the next picture is one).
                DecoderPool.shared.tryLeanFirst = takesLeanDecoder(options)
                let done = try cropped(options, temporaryName: job.temporaryName)
                return BatchOutcome(status: .succeeded, lines: done.warning.map { [$0.line] } ?? [], lossless: done.lossless)
            } catch {
                return BatchOutcome(status: .failed, lines: [error.line], cause: error.encodedCause)
            }
        }
    }

    /// Probes the image, fits the geometry (or the kept crop, with its shape and size) to its upright
    /// size, and exports it or keeps it in the sidecar. Returns what the export had to leave out.
    /// `temporaryName`: the name to write the result under before renaming it (a batch's choice).
    static func crop(_ options: HeadlessOptions, temporaryName: String? = nil) throws(HeadlessError) -> HeadlessWarning? {
        try cropped(options, temporaryName: temporaryName).warning
    }

    /// The same, saying too whether the result was cut losslessly (a batch's summary counts them).
    /// `source`: the picture already read (several results of one piped picture), else read here;
    /// `read`: its facts and kept crop already asked for (`cropKept`), else asked here.
    static func cropped(
        _ options: HeadlessOptions, temporaryName: String? = nil, source given: DecoderSource? = nil, read: KeptRead? = nil
    ) throws(HeadlessError) -> (
        warning: HeadlessWarning?, lossless: Bool
    ) {
        let image = options.imageName
        let plan = try planned(options, source: given, read: read)
        let (source, info, rect, export) = (plan.source, plan.info, plan.rect, plan.export)
        if options.writesStandardOutput, let format = options.outputFormat {
            // Made whole first: on any failure nothing reaches standard output.
            let made: (result: ExportResult, bytes: PixelMapping)
            do {
                made = try DecoderPool.shared.encodedExport(info, from: source, crop: rect, format: format, options: export)
            } catch {
                throw HeadlessError(image: image, error)
            }
            try StandardStreams.write(made.bytes, image: image)
            let warning =
                made.result.leftOut.isEmpty ? nil : HeadlessWarning(image: image, leftOut: made.result.leftOut.map(\.sentence))
            return (warning, made.result.lossless)
        }
        do {
            if let output = options.output {
                let result = try DecoderPool.shared.export(
                    info, from: source, crop: rect, output: output, options: export, temporaryName: temporaryName)
                let warning =
                    result.leftOut.isEmpty ? nil : HeadlessWarning(image: image, leftOut: result.leftOut.map(\.sentence))
                return (warning, result.lossless)
            }
            // The sidecar keeps the crop normalized on the turned upright picture's bounding box, or
            // on the rectified picture with the perspective.
            let shownAngle = export.straighten
            let box = TurnedPicture(width: info.width, height: info.height, angle: shownAngle).boundingSize
            var kept = StoredCrop(
                rect: CropRect(pixelRect: rect, imageWidth: box.width, imageHeight: box.height),
                shape: options.shape ?? .rectangle, outputSize: options.outputSize ?? .original, angle: shownAngle)
            if let rectification = export.perspective {
                keep(rectification, crop: rect, options: options, info: info, in: &kept)
            }
            try DecoderPool.shared.writeSidecar(kept, for: options.image)
            return (nil, false)
        } catch {
            throw HeadlessError(image: image, error)
        }
    }

    /// What `cropped` makes of one picture before it exports it: the picture read, its facts, the crop
    /// on the picture as shown and the export's options (its straighten angle and perspective too).
    struct CropPlan {
        let source: DecoderSource
        let info: ImageInfo
        let rect: PixelRect
        let export: ExportOptions
    }

    /// `cropped`'s work up to the export: every check and measure it makes, in its order. `probed`:
    /// the picture's facts already asked for (`--crop=photos`), else asked here.
    static func planned(
        _ options: HeadlessOptions, source given: DecoderSource? = nil, read: KeptRead? = nil, probed: ImageInfo? = nil
    ) throws(HeadlessError) -> CropPlan {
        let image = options.imageName
        try refuseOutputOntoSource(options)
        let source: DecoderSource
        if let given { source = given } else { source = try StandardStreams.source(options) }
        let info: ImageInfo
        if let known = read?.info ?? probed {
            info = known
        } else {
            do { info = try DecoderPool.shared.probe(source) } catch { throw HeadlessError(image: image, error) }
        }
        let angle = try straightenAngle(options, source: source)
        let asked = try rectification(options, source: source, info: info)
        let (rect, kept, shownAngle, rectification) =
            if let asked {
                (try measuredCrop(options, on: asked.size), StoredCrop?.none, StraightenAngle.zero, Rectification?.some(asked))
            } else if !options.export.cuts.isEmpty, options.suggestion == nil, options.trim == nil {
                (try joinedCrop(options, info: info), StoredCrop?.none, StraightenAngle.zero, Rectification?.none)
            } else {
                try pixelRect(options, source: source, info: info, angle: angle, read: read)
            }
        var export = options.exportOptions(kept: kept)
        export.straighten = shownAngle
        export.perspective = rectification
        if options.output != nil, options.shape == nil, export.shape == .circle,
            let format = options.outputFormat, !format.holdsCircle
        {
            // The circle was not asked for on this command line: say where it came from and how to override it.
            throw HeadlessError(image: image, .failure(.keptCircleNeedsTransparency))
        }
        return CropPlan(source: source, info: info, rect: rect, export: export)
    }

    /// `--straighten`'s angle on the picture as shown: the one given, or for `auto` the level
    /// estimator's suggestion (measured on the upright picture, so reversed when `--flip` mirrors
    /// it); nil when not given. `auto` on a picture without lines to go by is refused.
    private static func straightenAngle(
        _ options: HeadlessOptions, source: DecoderSource
    ) throws(HeadlessError)
        -> StraightenAngle?
    {
        switch options.straighten {
        case nil: return nil
        case .angle(let angle): return angle
        case .auto:
            let suggestion: StraightenAngle?
            do { suggestion = try DecoderPool.shared.levelSuggestion(source) } catch {
                throw HeadlessError(image: options.imageName, error)
            }
            guard let suggestion else {
                throw HeadlessError(image: options.imageName, .failure(.noLevelLines))
            }
            return options.export.transform.mirrors ? suggestion.reversed : suggestion
        }
    }

    /// The crop in pixels of the picture as shown (upright, then `--flip` and `--rotate`), on the
    /// straightened picture's bounding box when there is an angle, with that angle: the geometry
    /// given; with `--straighten` and no `--crop`, the largest upright crop; or the crop kept for
    /// the image (kept on the upright picture, so it is turned too, its angle reversed by a
    /// mirror; on its rectified picture when it keeps a perspective, which comes back too), which
    /// then comes back as well for its shape and output size. Several kept frames or kept cuts are
    /// `cropKept`'s to make; a list reaching them is refused.
    private static func pixelRect(
        _ options: HeadlessOptions, source: DecoderSource, info: ImageInfo, angle: StraightenAngle?, read: KeptRead?
    )
        throws(HeadlessError) -> (rect: PixelRect, kept: StoredCrop?, angle: StraightenAngle, perspective: Rectification?)
    {
        let image = options.imageName
        let transform = options.export.transform
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        // The measures read the picture the cuts leave: the cuts are checked first, worded as for a crop.
        if !options.export.cuts.isEmpty { _ = try joinedSize(options, info: info) }
        if let target = options.suggestion {
            do {
                let rect = try DecoderPool.shared.smartCrop(
                    source, transform: transform, cuts: options.export.cuts, target: target)
                return (rect, nil, .zero, nil)
            } catch { throw HeadlessError(image: image, error) }
        }
        if let trim = options.trim {
            let outcome: BorderTrim.Outcome
            do {
                outcome = try DecoderPool.shared.trimBorders(
                    info, from: source, transform: transform, cuts: options.export.cuts, tolerance: trim.tolerance,
                    ratio: trim.ratio)
            } catch { throw HeadlessError(image: image, error) }
            guard case .crop(let rect) = outcome else {
                throw HeadlessError(image: image, .failure(.nothingToTrim(tolerance: trim.tolerance)))
            }
            return (rect, nil, .zero, nil)
        }
        guard let geometry = options.crop else {
            if let angle {
                let turned = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
                return (turned.pixelRect(for: turned.largestUprightCrop), nil, angle, nil)
            }
            let kept: StoredCrop?
            if let read {
                kept = read.crop
            } else {
                do { kept = try DecoderPool.shared.storedCrop(source)?.crop } catch { throw HeadlessError(image: image, error) }
            }
            guard let kept else { throw HeadlessError(image: image, .failure(.noCrop)) }
            guard kept.frames == nil, kept.cuts.isEmpty else { throw HeadlessError(image: image, .conflict(.keptFramesWithList)) }
            if let corrected = keptPerspective(kept, info: info, transform: transform) {
                return (corrected.rect, kept, .zero, corrected.rectification)
            }
            guard !kept.angle.isZero else {
                let upright = kept.rect.pixelRect(imageWidth: info.width, imageHeight: info.height)
                let rect = transform.displayedPixelRect(fromStored: upright, storedWidth: info.width, storedHeight: info.height)
                return (rect, kept, .zero, nil)
            }
            // The turned box turns and mirrors with the picture: the same map carries the normalized crop.
            let keptAngle = transform.mirrors ? kept.angle.reversed : kept.angle
            let turned = TurnedPicture(width: shown.width, height: shown.height, angle: keptAngle)
            return (turned.pixelRect(for: transform.displayedRect(fromStored: kept.rect)), kept, keptAngle, nil)
        }
        let angle = angle ?? .zero
        let turned = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
        let box = turned.boundingSize
        let rect: PixelRect
        do { rect = try geometry.checkedPixelRect(imageWidth: box.width, imageHeight: box.height) } catch {
            throw HeadlessError(image: image, .failure(.cropDoesNotFit(error)))
        }
        guard turned.contains(rect) else {
            throw HeadlessError(
                image: image,
                .conflict(.cropOutsideStraightened(rect, box: PixelSize(width: box.width, height: box.height), angle: angle)))
        }
        return (rect, nil, angle, nil)
    }

    /// Writes straight to the descriptor: no buffer to lose at `exit`, no shared C `FILE` globals.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
    }
}
