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
    /// not account for every frame asked, or for every byte it sent, fails them all. Frames whose
    /// results together pass `pixelsPerJob` go to more than one job, each within a job's processor time.
    public func export(
        _ info: ImageInfo, from source: DecoderSource, frames: [FrameExport], temporaryName: String? = nil
    ) -> [Result<ExportResult, ImagingError>] {
        var outcomes = [Result<ExportResult, ImagingError>](repeating: .failure(.decoderStopped), count: frames.count)
        var jobs: [[(index: Int, size: (width: Int, height: Int))]] = [[]]
        var pixels = 0
        for (index, frame) in frames.enumerated() {
            do {
                let (_, size) = try ExportCheck.check(info, crop: frame.crop, output: frame.output, options: frame.options)
                _ = try AtomicFile(target: frame.output, name: temporaryName)
                pixels += size.width * size.height
                if pixels > Self.pixelsPerJob, !jobs[jobs.count - 1].isEmpty {
                    jobs.append([])
                    pixels = size.width * size.height
                }
                jobs[jobs.count - 1].append((index, size))
            } catch {
                outcomes[index] = .failure(error)
            }
        }
        for job in jobs where !job.isEmpty {
            let made =
                job.count == 1
                ? nil
                : Result { () throws(ImagingError) in
                    try encodeFrames(info, from: source, frames: job.map { (frames[$0.index], $0.size) })
                }
            for (place, (index, _)) in job.enumerated() {
                let frame = frames[index]
                outcomes[index] = Result { () throws(ImagingError) in
                    guard let made else {
                        return try export(
                            info, from: source, crop: frame.crop, output: frame.output, options: frame.options,
                            temporaryName: temporaryName)
                    }
                    return try written(try made.get(), place, to: frame.output, temporaryName: temporaryName)
                }
            }
        }
        return outcomes
    }

    /// The most result pixels one `exportFrames` job makes: the exports of a scan's prints in one job,
    /// and a job's processor time (`DecoderLimits.cpuSecondsPerJob`) enough for them however large the picture.
    static let pixelsPerJob = 1 << 28

    /// The `place`th frame's result of `made` (an `exportFrames` job's) written to `output`, or its failure.
    private func written(
        _ made: (outcomes: [Result<(ExportResult, Int), ImagingError>], bytes: OwnedDescriptor), _ place: Int,
        to output: String, temporaryName: String?
    ) throws(ImagingError) -> ExportResult {
        let (exported, count) = try made.outcomes[place].get()
        // Its bytes follow those of the results before it.
        let offset = made.outcomes[..<place].reduce(0) { $0 + ((try? $1.get())?.1 ?? 0) }
        let file = try AtomicFile(target: output, name: temporaryName)
        try made.bytes.withFD { (fd: Int32) throws(ImagingError) in
            try file.create { AtomicFile.copyAll(from: fd, at: offset, count: count, to: $0) }
        }
        try file.commit()
        return ExportResult(
            outputPath: file.target, width: exported.width, height: exported.height, lossless: exported.lossless,
            leftOut: exported.leftOut)
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
