// A descriptor with one owner that closes it on every path: what a decoder sends, and what the editor opens for one.

import Glibc

/// One open descriptor, closed when its owner lets go of it (a reply checked and dropped, an error
/// thrown halfway), unless `take()` handed the number on. A decoder's reply that is refused, of the
/// wrong kind or not decodable at all can therefore leave nothing open in the editor.
package final class OwnedDescriptor: @unchecked Sendable {
    private var number: Int32

    package init(_ number: Int32) { self.number = number }

    /// The number, for a system call; it stays this owner's to close.
    package var fd: Int32 { number }

    /// What `body` makes of the number, this owner (and so the descriptor) alive until it returns.
    package func withFD<Value, Failure: Error>(_ body: (Int32) throws(Failure) -> Value) throws(Failure) -> Value {
        try body(number)
    }

    /// The number, no longer this owner's: the caller closes it.
    package func take() -> Int32 {
        defer { number = -1 }
        return number
    }

    deinit { if number >= 0 { close(number) } }
}
