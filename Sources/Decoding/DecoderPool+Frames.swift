// Several exports of one picture in one decoder job (the picture decoded once), every result checked and written here.

import CDecoderSupport
import CropKit
import Foundation
import Glibc
import ImagingCore

extension DecoderPool {
    /// One crop of several made of a picture at once, and the file it is written to.
    public struct FrameExport: Sendable {
        public var crop: PixelRect
        public var output: String
        public var options: ExportOptions

        public init(crop: PixelRect, output: String, options: ExportOptions = ExportOptions()) {
            self.crop = crop
            self.output = output
            self.options = options
        }
    }

    /// Exports every frame as `export` exports it, each its own result or failure, in order: one
    /// that fails leaves the others to be written. Each is checked here first, as `export` checks
    /// it; the rest go to one decoder job, which decodes the picture once for them all (a scan's
    /// prints: a PNG cannot be decoded in part) and hands back every result's bytes in one sealed
    /// memfd, each written here (`AtomicFile`) to the file this process named. A reply that does
    /// not account for every frame asked, or for every byte it sent, fails them all.
    public func export(
        _ info: ImageInfo, from source: DecoderSource, frames: [FrameExport], temporaryName: String? = nil
    ) -> [Result<ExportResult, ImagingError>] {
        var outcomes = [Result<ExportResult, ImagingError>](repeating: .failure(.decoderStopped), count: frames.count)
        var asked: [(index: Int, size: (width: Int, height: Int))] = []
        for (index, frame) in frames.enumerated() {
            do {
                let (_, size) = try ExportCheck.check(info, crop: frame.crop, output: frame.output, options: frame.options)
                _ = try AtomicFile(target: frame.output, name: temporaryName)
                asked.append((index, size))
            } catch {
                outcomes[index] = .failure(error)
            }
        }
        guard asked.count > 1 else {
            for (index, _) in asked {
                let frame = frames[index]
                outcomes[index] = Result { () throws(ImagingError) in
                    try export(
                        info, from: source, crop: frame.crop, output: frame.output, options: frame.options,
                        temporaryName: temporaryName)
                }
            }
            return outcomes
        }
        do {
            let made = try encodeFrames(info, from: source, frames: asked.map { (frames[$0.index], $0.size) })
            var offset = 0
            for ((index, _), outcome) in zip(asked, made.outcomes) {
                let frame = frames[index]
                outcomes[index] = outcome.flatMap { (reply: (ExportResult, Int)) in
                    let (exported, count) = reply
                    defer { offset += count }
                    return Result { () throws(ImagingError) in
                        let file = try AtomicFile(target: frame.output, name: temporaryName)
                        try made.bytes.withFD { (fd: Int32) throws(ImagingError) in
                            try file.create { AtomicFile.copyAll(from: fd, at: offset, count: count, to: $0) }
                        }
                        try file.commit()
                        return ExportResult(
                            outputPath: file.target, width: exported.width, height: exported.height,
                            lossless: exported.lossless, leftOut: exported.leftOut)
                    }
                }
            }
        } catch {
            for (index, _) in asked { outcomes[index] = .failure(error) }
        }
        return outcomes
    }

    /// The decoder's `exportFrames` job on `frames` (each with the size its result is to have):
    /// each frame's result and its byte count in the sealed memfd that comes back, or its failure;
    /// every number checked against what was asked.
    private func encodeFrames(
        _ info: ImageInfo, from source: DecoderSource, frames: [(frame: FrameExport, size: (width: Int, height: Int))]
    ) throws(ImagingError) -> (outcomes: [Result<(ExportResult, Int), ImagingError>], bytes: OwnedDescriptor) {
        let (input, _) = try source.openForDecoder(withSidecar: false)
        let requests = frames.map { frame, _ in
            var options = frame.options
            // Decided here: the decoder sees only its own names for the files.
            options.allowOverwritingSource = true
            return FrameRequest(crop: frame.crop, outputExtension: (frame.output as NSString).pathExtension, options: options)
        }
        let request = DecoderRequest.exportFrames(info: info.named(source.decoderName), frames: requests)
        let (reply, received) = try run(request, file: source.poolKey, descriptors: [input])
        guard case .exportedFrames(let made) = reply, made.count == frames.count, received.count == 1 else {
            throw .decoderStopped
        }
        var outcomes: [Result<(ExportResult, Int), ImagingError>] = []
        var total = 0
        for (outcome, (_, size)) in zip(made, frames) {
            switch outcome {
            case .failed(let error): outcomes.append(.failure(ReplyChecks.checked(error)))
            case .exported(let exported, let count):
                let limit = DecoderLimits.resultLimit(width: size.width, height: size.height)
                guard ReplyChecks.isSize(exported.width, exported.height), exported.width <= max(size.width, 1) + 1,
                    exported.height <= max(size.height, 1) + 1, (1...limit).contains(count)
                else { throw .decoderStopped }
                total += count
                outcomes.append(.success((exported, count)))
            }
        }
        // Every byte sent is some frame's: the memfd is sealed at exactly their sum.
        guard received[0].withFD({ SealedPixels.sealedSize($0, limit: total) }) == total else { throw .decoderStopped }
        return (outcomes, received[0])
    }
}
