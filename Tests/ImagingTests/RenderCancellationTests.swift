// A cancelled region render stops early with `renderCancelled`: before its turn at the lock, and while it streams strips.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct RenderCancellationTests {
    @Test func aRenderCancelledBeforeItStartsRendersNothing() throws {
        let dir = TempFolder("cancel1")
        defer { dir.remove() }
        let src = dir.file("noise.png")
        try RegionRenderTests.makeNoise(src)
        let info = try ImageProbe.probe(path: src)
        let cancellation = RenderCancellation()
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        #expect(throws: ImagingError.renderCancelled) {
            try RegionRender.render(
                info, region: CropRect(x: 0, y: 0, width: 1, height: 1), scale: 1,
                cancellation: cancellation)
        }
        // The same request without a cancellation renders.
        #expect(try RegionRender.render(info, region: CropRect(x: 0, y: 0, width: 1, height: 1), scale: 1).pixels.width == 600)
    }

    /// A region at the foot of a tall PNG streams every strip above it: cancelled as it starts,
    /// it stops with `renderCancelled` wherever it was (the lock, a strip, the scaling).
    @Test func aRenderCancelledWhileItRunsStopsEarly() throws {
        let dir = TempFolder("cancel2")
        defer { dir.remove() }
        let src = dir.file("tall.png")
        try RegionRenderTests.makeNoise(src, size: "1000x8000")
        let info = try ImageProbe.probe(path: src)
        let cancellation = RenderCancellation()
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try RegionRender.render(
                    info, region: CropRect(x: 0, y: 0.9, width: 1, height: 0.1), scale: 1,
                    cancellation: cancellation)
                outcome.set("rendered")
            } catch { outcome.set("\(error)") }
            done.signal()
        }
        cancellation.cancel()
        #expect(done.wait(timeout: .now() + 60) == .success, "the render never ended")
        #expect(outcome.value == "\(ImagingError.renderCancelled)")
    }

    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        func set(_ value: String) { lock.withLock { text = value } }
        var value: String? { lock.withLock { text } }
    }
}
