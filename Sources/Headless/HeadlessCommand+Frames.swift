// Several results of one picture (`--aspect=1:1,4:5`): every target checked first, the picture read once, each result made.

import Batch
import Decoding
import Foundation
import Glibc

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
    }

    /// Makes every frame's result. No target may exist beforehand (several results never replace a file):
    /// the first that does is the error, and nothing is written. The picture is read once (standard input
    /// can be read only once), then each result is made; one that fails leaves the others to be written.
    /// `source`: the picture already read (`--crop=photos` read it to find the prints), else read here.
    static func cropFrames(
        _ frames: [HeadlessFrame], temporaryName: String? = nil, source given: DecoderSource? = nil
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
        var outcome = FramesOutcome()
        for frame in frames {
            do {
                let done = try cropped(frame.options, temporaryName: temporaryName, source: source)
                if let warning = done.warning { outcome.lines.append(warning.line) }
                outcome.lossless = outcome.lossless || done.lossless
            } catch {
                let named = "\(frame.options.imageName) (\(frame.options.output ?? frame.label))"
                outcome.lines.append(error.said(of: named, exitStatus: error.exitStatus).line)
                outcome.status = max(outcome.status, error.exitStatus)
            }
        }
        return outcome
    }

    /// A batch worker's job of several results: as the command line makes them, its lines the outcome's.
    static func frameJob(_ frames: [HeadlessFrame], temporaryName: String?) throws(HeadlessError) -> BatchOutcome {
        try cropFrames(frames, temporaryName: temporaryName).batchOutcome
    }
}
