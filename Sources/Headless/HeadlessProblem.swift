// The command line's own causes for the pipes (`-` as IMAGE, `--output=-`) and for `--crop=trim`, typed until `words` says them.

import Glibc

/// A mistake in the command line, or a failure of the pipes or of trimming, as a case; worded once, here.
public enum HeadlessProblem: Equatable, Sendable {
    /// `-` among several IMAGEs or with `--output-dir`.
    case standardInputInBatch
    /// `-` with `--sidecar`: standard input has no file to keep a sidecar beside.
    case standardInputWithSidecar
    /// `-` with nothing piped in: standard input is the terminal.
    case standardInputIsTerminal
    /// `-`, and standard input ended before a byte came.
    case standardInputEmpty
    /// `--output=-` without `--format`.
    case standardOutputNeedsFormat
    /// Standard output closed before the whole result was written (the reader went away: EPIPE).
    case standardOutputClosed
    /// Writing standard output failed otherwise.
    case standardOutputFailed(errno: Int32)
    /// `--trim-tolerance` not a whole number from 0 to 100.
    case trimTolerance(String)
    /// `--trim-tolerance` without `--crop=trim`.
    case trimToleranceWithoutTrim
    /// `--crop=trim` with `--straighten`: the border is found on the upright picture.
    case trimWithStraighten
    /// No plain or transparent border around the picture at that tolerance.
    case nothingToTrim(tolerance: Int)

    /// A mistake in the command line itself (exit 2) rather than a failure with a good one (exit 1).
    var isUsage: Bool {
        switch self {
        case .standardInputInBatch, .standardInputWithSidecar, .standardInputIsTerminal, .standardOutputNeedsFormat,
            .trimTolerance, .trimToleranceWithoutTrim, .trimWithStraighten:
            return true
        case .standardInputEmpty, .standardOutputClosed, .standardOutputFailed, .nothingToTrim:
            return false
        }
    }

    /// The cause in words (the command line's, in English like its other usage lines).
    var words: String {
        switch self {
        case .standardInputInBatch:
            return "- (standard input) can be the only IMAGE, never one of several or of an --output-dir batch"
        case .standardInputWithSidecar:
            return "--sidecar keeps the crop beside the image's file, and standard input (-) has none"
        case .standardInputIsTerminal:
            return "- reads the picture from standard input, which is a terminal: pipe a picture in"
        case .standardInputEmpty:
            return "nothing came through standard input"
        case .standardOutputNeedsFormat:
            return "--output=- writes to standard output, which has no name to choose the format: give --format"
        case .standardOutputClosed:
            return "standard output was closed before the whole result was written"
        case .standardOutputFailed(let code):
            return "standard output could not be written (\(String(cString: strerror(code))))"
        case .trimTolerance(let text):
            return "--trim-tolerance must be a whole number from 0 to 100, not “\(text)”"
        case .trimToleranceWithoutTrim:
            return "--trim-tolerance applies to --crop=trim only"
        case .trimWithStraighten:
            return "--crop=trim cannot be combined with --straighten: the border is found on the upright picture"
        case .nothingToTrim(let tolerance):
            return "nothing to trim: no plain or transparent border around the picture (at --trim-tolerance=\(tolerance))"
        }
    }
}
