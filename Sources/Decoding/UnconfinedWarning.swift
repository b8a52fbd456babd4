// The one line a process prints when the opt-out let a decoder run that the kernel does not show confined.

import Foundation
import Glibc

enum UnconfinedWarning {
    /// What standard error says, once per process of ours.
    static let line =
        "crop-editor: warning: pictures are decoded without confinement "
        + "(\(DecoderPool.unconfinedOptOut.variable) is set and the decoder could not be confined)\n"

    private static let printed = NSLock()
    nonisolated(unsafe) private static var done = false

    /// Prints the line unless this process printed it before.
    static func once() {
        let first = printed.withLock { () -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        _ = Array(line.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
