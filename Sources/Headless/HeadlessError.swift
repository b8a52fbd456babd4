// A headless failure as the one stderr line the contract promises: `crop-editor: IMAGE: reason` or `crop-editor: reason`.

import Batch
import Foundation
import ImagingCore
import Wording

/// Why the headless command failed, and which image it was about (nil before an image is known).
/// Two errors are equal when they say the same: the same line and the same exit status.
public struct HeadlessError: Error, Equatable, Sendable {
    public let image: String?
    /// The cause, typed until `reason` words it: the imaging module's error as it happened, or the
    /// command line's own problem.
    public let cause: Cause
    /// Command-line mistakes exit 2 (as getopt tools do), failures with a good command line exit 1.
    public let exitStatus: Int32

    public enum Cause: Equatable, Sendable {
        case imaging(ImagingError)
        /// The command line's own causes, typed (`HeadlessProblem`).
        case problem(HeadlessProblem)
        /// Words given by the caller (a test's expectation, or another program's line).
        case words(String)
    }

    public init(image: String?, reason: String, exitStatus: Int32 = HeadlessError.badImageStatus) {
        self.init(image: image, cause: .words(reason), exitStatus: exitStatus)
    }

    /// `image` failed in the imaging module (or its decoder) for `error`.
    public init(image: String?, _ error: ImagingError) {
        self.init(image: image, cause: .imaging(error), exitStatus: HeadlessError.badImageStatus)
    }

    /// `image` (nil: none known yet) failed for `problem`; a usage mistake exits 2.
    public init(image: String?, _ problem: HeadlessProblem) {
        self.init(
            image: image, cause: .problem(problem),
            exitStatus: problem.isUsage ? HeadlessError.badCommandLineStatus : HeadlessError.badImageStatus)
    }

    init(image: String?, cause: Cause, exitStatus: Int32) {
        self.image = image
        self.cause = cause
        self.exitStatus = exitStatus
    }

    /// The same cause said of `image` with `exitStatus` (a batch's check on a stand-in image made the
    /// command line's, or a planned image's own).
    func said(of image: String?, exitStatus: Int32) -> HeadlessError {
        HeadlessError(image: image, cause: cause, exitStatus: exitStatus)
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

    public static let badImageStatus: Int32 = 1
    public static let badCommandLineStatus: Int32 = 2

    /// The single stderr line. Paths and library messages may hold line breaks or other control
    /// characters; they become spaces so the failure stays one line that scripts can read.
    public var line: String { oneLine(image.map { "crop-editor: \($0): \(reason)" } ?? "crop-editor: \(reason)") }

    public static func == (a: HeadlessError, b: HeadlessError) -> Bool {
        a.image == b.image && a.exitStatus == b.exitStatus && a.reason == b.reason
    }
}
