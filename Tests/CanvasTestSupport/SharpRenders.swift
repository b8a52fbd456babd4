// Counts a sharp-region loader's finished renders, and whether one ran on the main thread.

@_spi(Benchmark) @testable import Canvas

/// Counts the sharp renders a loader finishes, and whether any ran on the main thread.
@MainActor
final class SharpRenders {
    private(set) var count = 0
    private(set) var onMainThread = false
    init(_ loader: SharpRegionLoader) {
        loader.onRendered = { [unowned self] main in
            self.count += 1
            self.onMainThread = self.onMainThread || main
        }
    }
}
