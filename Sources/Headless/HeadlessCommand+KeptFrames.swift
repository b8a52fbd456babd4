// The crop kept for a picture, every frame and cut of it: one result a frame, named and made as the window's Save makes them.

import Batch
import CropKit
import Decoding
import ImagingCore

extension HeadlessCommand {
    /// A picture read for the crop kept for it: its facts, and that crop (nil when none is kept).
    struct KeptRead {
        let info: ImageInfo
        let crop: StoredCrop?
    }

    /// Whether the command line takes the crop kept for the picture: pixels to write and no crop,
    /// measure, angle, perspective, cut or print search of its own.
    static func takesKeptCrop(_ options: HeadlessOptions) -> Bool {
        options.output != nil && options.crop == nil && options.suggestion == nil && options.trim == nil
            && options.straighten == nil && options.perspective == nil && options.export.cuts.isEmpty && !options.findsPhotos
    }

    /// Makes the crop kept for the picture. One frame without cuts (or none kept) is one result, made
    /// as ever; several frames are one result each, `FILE-1.EXT`, `FILE-1x1.EXT`, … as the window's
    /// Save names them (`FrameNaming`), made as several results are (`cropFrames`: every target
    /// checked first, one failing named while the others are written), each with its own angle,
    /// shape and size and the kept cuts made. Several frames to standard output are refused.
    static func cropKept(_ options: HeadlessOptions, temporaryName: String? = nil) throws(HeadlessError) -> FramesOutcome {
        let image = options.imageName
        try refuseOutputOntoSource(options)
        let source = try StandardStreams.source(options)
        let read: KeptRead
        do {
            let info = try DecoderPool.shared.probe(source)
            read = KeptRead(info: info, crop: try DecoderPool.shared.storedCrop(source)?.crop)
        } catch { throw HeadlessError(image: image, error) }
        guard let kept = read.crop, let frames = keptFrames(kept, options: options, info: read.info) else {
            let done = try cropped(options, temporaryName: temporaryName, source: source, read: read)
            return FramesOutcome(lines: done.warning.map { [$0.line] } ?? [], lossless: done.lossless)
        }
        if options.writesStandardOutput, frames.count > 1 {
            throw HeadlessError(image: image, .conflict(.keptFramesToStandardOutput(count: frames.count)))
        }
        return try cropFrames(frames, temporaryName: temporaryName, source: source, probed: read.info)
    }

    /// One request a kept frame, on the picture as shown (`--flip` and `--rotate` turn the frames and
    /// cuts as the window's turns do), each output named by its frame's label when there are several;
    /// nil for one frame without cuts, which the kept crop alone says.
    static func keptFrames(_ kept: StoredCrop, options: HeadlessOptions, info: ImageInfo) -> [HeadlessFrame]? {
        guard kept.frames != nil || !kept.cuts.isEmpty else { return nil }
        var editor = CropEditor()
        editor.load(
            uprightWidth: info.width, uprightHeight: info.height, frames: kept.frameStates, active: kept.activeFrame,
            cuts: kept.cuts)
        editor.orient(options.export.transform)
        let made = editor.frameOutputs
        return made.map { frame in
            var single = options
            single.crop = .pixels(frame.crop)
            single.straighten = frame.angle.isZero ? nil : .angle(frame.angle)
            single.export.cuts = frame.cuts
            single.keptFrame = frame
            if made.count > 1 { single.output = options.output.map { FrameList.named($0, frame.label) } }
            return HeadlessFrame(label: frame.label, options: single)
        }
    }

    /// A list's results each take the kept crop: refused at once, nothing written, when it keeps
    /// several frames or cuts, which only a command line of one result makes.
    static func refuseKeptFramesInList(_ options: HeadlessOptions, source: DecoderSource) throws(HeadlessError) {
        let kept: StoredCrop?
        // An unreadable sidecar is left to each result, which says it as one result's command line would.
        do { kept = try DecoderPool.shared.storedCrop(source)?.crop } catch { return }
        if let kept, kept.frames != nil || !kept.cuts.isEmpty {
            throw HeadlessError(image: options.imageName, .conflict(.keptFramesWithList))
        }
    }

    /// Refused before the picture is read: the output is the source itself (links and other spellings
    /// included). Checked here and not only in Imaging: the source must be safe whatever Imaging does.
    static func refuseOutputOntoSource(_ options: HeadlessOptions) throws(HeadlessError) {
        if let output = options.output, !options.readsStandardInput, !options.writesStandardOutput,
            FileIdentity.same(options.image, output)
        {
            throw HeadlessError(image: options.imageName, .conflict(.outputIsSource))
        }
    }

    /// A batch worker's job of the kept crop: as the command line makes it, its lines the outcome's.
    static func keptJob(_ options: HeadlessOptions, temporaryName: String?) throws(HeadlessError) -> BatchOutcome {
        try cropKept(options, temporaryName: temporaryName).batchOutcome
    }
}
