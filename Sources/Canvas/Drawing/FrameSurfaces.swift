// Recycles the surfaces canvas frames are painted into and lends each to GTK as a texture without copying it.

import CGtk
import GtkSupport
import Synchronization

/// A frame surface and the frame it holds.
@_spi(Benchmark) public final class FrameSurface: @unchecked Sendable {
    // Unchecked: `holds` is read and written on the main thread only (snapshots, benchmarks).
    let image: ImageSurface
    @_spi(Benchmark) public var holds: FrameContent?
    init(_ image: ImageSurface) { self.image = image }
}

/// The canvas paints each frame into an image surface of its own (in bands, on every core) and
/// shows it as a texture. Surfaces come back here when GTK lets their texture go: a new 4K
/// surface every frame would pay the kernel's page faults on all its pixels every frame, and a
/// returned one still holds its last frame, so the next frame repaints only what changed.
@_spi(Benchmark) public final class FrameSurfaces: Sendable {
    @_spi(Benchmark) public init() {}

    /// Two are in use in the steady state: the frame on screen and the one being painted.
    private static let keptIdle = 2
    private let idle = Mutex<[FrameSurface]>([])
    private let allocations = Mutex(0)

    /// A surface of `width`×`height` device pixels: a returned one when its size fits, else new.
    @_spi(Benchmark) public func take(width: Int, height: Int) -> FrameSurface? {
        let reused = idle.withLock { surfaces -> FrameSurface? in
            surfaces.removeAll { $0.image.width != width || $0.image.height != height }
            return surfaces.popLast()
        }
        if let reused { return reused }
        allocations.withLock { $0 += 1 }
        return ImageSurface(width: width, height: height, largePages: true).map(FrameSurface.init)
    }

    /// How many surfaces wait to be reused, and how many were ever made (tests watch the recycling).
    var idleCount: Int { idle.withLock { $0.count } }
    var made: Int { allocations.withLock { $0 } }

    /// A texture over `frame`'s pixels (no copy). The surface must not be drawn into again until
    /// GTK drops the texture, which gives it back here.
    func texture(showing frame: FrameSurface) -> Texture? {
        Texture(sharing: frame.image) { [self] in giveBack(frame) }
    }

    /// Takes back a surface no longer shown (GTK's texture went, or a benchmark's frame).
    @_spi(Benchmark) public func giveBack(_ frame: FrameSurface) {
        idle.withLock { surfaces in
            if surfaces.count < FrameSurfaces.keptIdle { surfaces.append(frame) }
        }
    }
}
