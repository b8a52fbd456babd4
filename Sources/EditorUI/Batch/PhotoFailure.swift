// A photo Apply to All did not save, with its cause kept typed until the summary words it.

import Foundation
import ImagingCore
import Wording

/// A photo Apply to All did not save: its file's name and why, worded only in `line`.
struct PhotoFailure: Error, Equatable {
    /// The photo's file name (not its folder: the batch's photos share one).
    let name: String
    let cause: Cause

    enum Cause: Equatable {
        /// The imaging module's own error, from the window's probe or a worker's decoder.
        case imaging(ImagingError)
        /// What a worker said in words alone: a failure outside the imaging module (a worker that
        /// died or could not start), the worker's line without its `crop-editor: PATH: ` prefix.
        case worker(String)
    }

    init(path: String, cause: Cause) {
        name = (path as NSString).lastPathComponent
        self.cause = cause
    }

    /// A worker's failure for `path`: the imaging error it encoded when it sent one (decoded, not
    /// trusted further than its type), else its first line.
    init(path: String, workerLines: [String], encodedCause: Data?) {
        if let encodedCause, let error = try? JSONDecoder().decode(ImagingError.self, from: encodedCause) {
            self.init(path: path, cause: .imaging(error))
            return
        }
        let reason = workerLines.first ?? tr("it could not be saved")
        // The worker's line is the command line's: "crop-editor: PATH: reason".
        let prefix = "crop-editor: \(path): "
        self.init(path: path, cause: .worker(reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason))
    }

    /// "NAME: reason", in the user's language where the cause is the imaging module's.
    var line: String {
        switch cause {
        case .imaging(let error): return "\(name): \(error.message)"
        case .worker(let words): return "\(name): \(words)"
        }
    }
}
