// Several results of one picture (`--aspect=1:1,4:5`): every target checked first, the picture read once, each result made.

import Batch
import Decoding
import Foundation
import Glibc
import ImagingCore

extension HeadlessCommand {
    /// What making several results of a picture came to: the lines to print (a failed result's, named
    /// by its output, and warnings), the exit status (the worst failure's, 0 when all were written),
    /// and whether one was cut losslessly.
    struct FramesOutcome {
        var lines: [String] = []
        var status: Int32 = 0
        var lossless = false

        /// The same as a batch worker's outcome.
        var batchOutcome: BatchOutcome {
            BatchOutcome(status: status == 0 ? .succeeded : .failed, lines: lines, lossless: lossless)
        }

        /// A result written: its warning's line, if any, said.
        mutating func add(_ done: (warning: HeadlessWarning?, lossless: Bool)) {
            if let warning = done.warning { lines.append(warning.line) }
            lossless = lossless || done.lossless
        }

        /// A result that failed, named by its output, and the worst status so far.
        mutating func add(_ error: HeadlessError, of frame: HeadlessFrame) {
            let named = "\(frame.options.imageName) (\(frame.options.output ?? frame.label))"
            lines.append(error.said(of: named, exitStatus: error.exitStatus).line)
            status = max(status, error.exitStatus)
        }
    }

    /// Makes every frame's result. No target may exist beforehand (several results never replace a file):
    /// the first that does is the error, and nothing is written. The picture is read once (standard input
    /// can be read only once), then each result is made; one that fails leaves the others to be written.
    /// `source`: the picture already read (`--crop=photos` read it to find the prints), else read here;
    /// `probed`: its facts, when asked for already.
    static func cropFrames(
        _ frames: [HeadlessFrame], temporaryName: String? = nil, source given: DecoderSource? = nil, probed: ImageInfo? = nil
    ) throws(HeadlessError) -> FramesOutcome {
        guard let first = frames.first?.options else { return FramesOutcome() }
        for frame in frames {
            var info = stat()
            if let output = frame.options.output, lstat(output, &info) == 0 {
                throw HeadlessError(image: first.imageName, .failure(.resultExists(output: output)))
            }
        }
        let source: DecoderSource
        if let given { source = given } else { source = try StandardStreams.source(first) }
        if takesKeptCrop(first) { try refuseKeptFramesInList(first, source: source) }
        if frames.count > 1, frames.allSatisfy({ $0.options.output != nil && !$0.options.writesStandardOutput }) {
            return exportedTogether(frames, temporaryName: temporaryName, source: source, probed: probed)
        }
        var outcome = FramesOutcome()
        for frame in frames {
            do {
                outcome.add(try cropped(frame.options, temporaryName: temporaryName, source: source))
            } catch {
                outcome.add(error, of: frame)
            }
        }
        return outcome
    }

    /// Several results written to files, each measured and checked as `cropped` does it, then made
    /// in one decoder job (`DecoderPool.export(_:from:frames:temporaryName:)`: the picture decoded
    /// once for them all, not once each); what each came to said in the frames' order. With `probed`,
    /// no job reaches the decoder between Find Photos' and the exports' (it keeps the scan it decoded).
    private static func exportedTogether(
        _ frames: [HeadlessFrame], temporaryName: String?, source: DecoderSource, probed: ImageInfo?
    ) -> FramesOutcome {
        var done: [Result<(warning: HeadlessWarning?, lossless: Bool), HeadlessError>] = []
        var plans: [(index: Int, plan: CropPlan)] = []
        for (index, frame) in frames.enumerated() {
            do {
                plans.append((index, try planned(frame.options, source: source, probed: probed)))
                done.append(.success((nil, false)))
            } catch {
                done.append(.failure(error))
            }
        }
        if let info = plans.first?.plan.info {
            let exports = plans.map { index, plan in
                DecoderPool.FrameExport(crop: plan.rect, output: frames[index].options.output ?? "", options: plan.export)
            }
            let results = DecoderPool.shared.export(info, from: source, frames: exports, temporaryName: temporaryName)
            for ((index, _), result) in zip(plans, results) {
                let image = frames[index].options.imageName
                done[index] = result.map { made in
                    (
                        made.leftOut.isEmpty ? nil : HeadlessWarning(image: image, leftOut: made.leftOut.map(\.sentence)),
                        made.lossless
                    )
                }
                .mapError { HeadlessError(image: image, $0) }
            }
        }
        var outcome = FramesOutcome()
        for (frame, result) in zip(frames, done) {
            switch result {
            case .success(let made): outcome.add(made)
            case .failure(let error): outcome.add(error, of: frame)
            }
        }
        return outcome
    }

    /// A batch worker's job of several results: as the command line makes them, its lines the outcome's.
    static func frameJob(_ frames: [HeadlessFrame], temporaryName: String?) throws(HeadlessError) -> BatchOutcome {
        try cropFrames(frames, temporaryName: temporaryName).batchOutcome
    }
}
