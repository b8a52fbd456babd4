// One image's work in a batch and what came of it: the values the engine, its runners and the worker process exchange.

import Foundation

/// One image's crop, said as crop-editor's single-image command line (without the program name),
/// e.g. `["--crop=800x600+10+10", "--output=out/a.jpg", "--", "a.jpg"]`: every option that works
/// for one image works in a batch, and a runner needs nothing else to do it.
public struct BatchJob: Codable, Hashable, Sendable {
    /// The source, for progress and failure lines.
    public var image: String
    public var arguments: [String]
    /// The hidden name the worker writes its result under before renaming it into place, chosen by
    /// the batch (see `ProcessRunner`): the batch removes only files it named itself.
    public var temporaryName: String?

    public init(image: String, arguments: [String]) {
        self.image = image
        self.arguments = arguments
    }

    /// The `--output=` the arguments give, before `--`.
    public var output: String? {
        arguments.prefix { $0 != "--" }.last { $0.hasPrefix("--output=") }.map { String($0.dropFirst("--output=".count)) }
    }
}

/// How one job ended.
public struct BatchOutcome: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Hashable, Sendable {
        /// Written (possibly with warnings in `lines`).
        case succeeded
        /// Not written; `lines` says why.
        case failed
        /// Not finished: the batch was cancelled before or while it ran (nothing of it is left).
        case cancelled
    }

    public var status: Status
    /// For people, each one line `crop-editor: IMAGE: …`: the failure, or a success's warnings.
    public var lines: [String]
    /// A failure's cause as the worker's program encoded it, for a caller that words causes itself
    /// (crop-editor's workers: an `ImagingError` as JSON); nil when the failure is only words. The
    /// batch passes it on unread.
    public var cause: Data?

    public init(status: Status, lines: [String] = [], cause: Data? = nil) {
        self.status = status
        self.lines = lines
        self.cause = cause
    }
}

/// What a worker process says back for a job: its outcome, nothing else (no path, which the batch
/// would have to trust).
enum WorkerMessage: Codable {
    case outcome(BatchOutcome)
}
