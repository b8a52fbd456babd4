// A flag that makes a region render stop early: a newer view of the same window has made it stale.

import CRenderFlag

/// Set once from any thread. A render checks it when its turn at the libvips lock comes, between its
/// stages and between strips, and then throws `ImagingError.renderCancelled`: a stale render never
/// holds up a newer render, a load or a save queued behind the same lock.
public final class RenderCancellation: @unchecked Sendable {
    // One int the C strip loop reads atomically; written only through `crf_cancel`.
    private let flag: UnsafeMutablePointer<Int32>
    private let owned: Bool

    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
        owned = true
    }

    /// A flag in memory another process shares (a memfd both map): the editor cancels, the
    /// decoding process's render stops. The memory stays the caller's.
    public init(sharing memory: UnsafeMutablePointer<Int32>) {
        flag = memory
        owned = false
    }

    deinit { if owned { flag.deallocate() } }

    /// Stops the render at its next check.
    public func cancel() { crf_cancel(flag) }

    public var isCancelled: Bool { crf_cancelled(flag) != 0 }

    /// Throws when cancelled.
    public func check() throws(ImagingError) {
        if isCancelled { throw .renderCancelled }
    }

    /// For the C strip loop.
    package var pointer: UnsafePointer<Int32> { UnsafePointer(flag) }
}
