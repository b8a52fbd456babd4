// A headless failure as the one stderr line the contract promises: `crop-editor: IMAGE: reason` or `crop-editor: reason`.

import Batch
import Foundation
import ImagingCore
import Wording

/// Why the headless command failed, and which image it was about (nil before an image is known).
public struct HeadlessError: Error, Equatable, Sendable {
    public let image: String?
    /// The cause: the imaging module's error as it happened (worded only in `reason`), or the
    /// command line's own words for a mistake in it.
    public let cause: Cause
    /// Command-line mistakes exit 2 (as getopt tools do), failures with a good command line exit 1.
    public let exitStatus: Int32

    public enum Cause: Equatable, Sendable {
        case imaging(ImagingError)
        /// The pipes' and `--crop=trim`'s causes, typed.
        case problem(HeadlessProblem)
        case words(String)
    }

    public init(image: String?, reason: String, exitStatus: Int32 = HeadlessError.badImageStatus) {
        self.image = image
        cause = .words(reason)
        self.exitStatus = exitStatus
    }

    /// `image` failed in the imaging module (or its decoder) for `error`.
    public init(image: String?, _ error: ImagingError) {
        self.image = image
        cause = .imaging(error)
        exitStatus = HeadlessError.badImageStatus
    }

    /// `image` (nil: none known yet) failed for `problem`; a usage mistake exits 2.
    public init(image: String?, _ problem: HeadlessProblem) {
        self.image = image
        cause = .problem(problem)
        exitStatus = problem.isUsage ? HeadlessError.badCommandLineStatus : HeadlessError.badImageStatus
    }

    /// The cause in words (the user's language where a catalogue has them).
    public var reason: String {
        switch cause {
        case .imaging(let error): return error.message
        case .problem(let problem): return problem.words
        case .words(let words): return words
        }
    }

    /// The imaging module's error as JSON, for a batch's window to word itself (nil for the command
    /// line's own words, which only the line carries).
    var encodedCause: Data? {
        guard case .imaging(let error) = cause else { return nil }
        return try? JSONEncoder().encode(error)
    }

    /// A mistake in the command line itself.
    static func usage(_ reason: String, image: String? = nil) -> HeadlessError {
        HeadlessError(image: image, reason: reason, exitStatus: badCommandLineStatus)
    }

    public static let badImageStatus: Int32 = 1
    public static let badCommandLineStatus: Int32 = 2

    /// The single stderr line. Paths and library messages may hold line breaks or other control
    /// characters; they become spaces so the failure stays one line that scripts can read.
    public var line: String { oneLine(image.map { "crop-editor: \($0): \(reason)" } ?? "crop-editor: \(reason)") }
}
