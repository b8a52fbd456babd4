// Times canvas frames during a simulated drag, offscreen, so crop-bench can show drag cost is independent of image size.

import CGtk
@_spi(Benchmark) import Canvas
import CropKit
import GtkSupport

enum FrameBenchmark {
    /// The bands the canvas paints a frame in on this machine.
    static var defaultBands: Int { FramePlan.bandCount }

    /// Paints `frames` drag frames of a `sourceWidth`×`sourceHeight` image offscreen at
    /// `viewWidth`×`viewHeight`, moving the bottom-right corner one point a frame, as the canvas's
    /// snapshot does: in `bands` horizontal bands at once (the canvas uses one per core), on two
    /// frame surfaces in turn (the one shown stays untouched), each repainting only what changed
    /// since it was last painted. `repaintAll` paints every pixel of every frame instead. With an
    /// `angle` the picture is straightened by it (the crop on its box). Nil when the surfaces
    /// cannot be allocated.
    @MainActor
    static func dragFrames(
        sourceWidth: Int, sourceHeight: Int, viewWidth: Int = 3840, viewHeight: Int = 2160,
        frames: Int = 120, bands: Int = defaultBands, repaintAll: Bool = false, angle: StraightenAngle = .zero
    ) -> FrameTimings? {
        guard let image = LoadedImage.gradient(width: sourceWidth, height: sourceHeight) else { return nil }
        let viewSize = CropSize(width: Double(viewWidth), height: Double(viewHeight))
        let box = TurnedPicture(width: sourceWidth, height: sourceHeight, angle: angle).boundingSize
        let viewport = Viewport(imageWidth: box.width, imageHeight: box.height, viewSize: viewSize)
        var session = CropSession(crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        let corner = viewport.viewPoint(CropPoint(x: 0.9, y: 0.9))
        session.begin(at: corner, in: viewport)
        return timedFrames(frames, width: viewWidth, height: viewHeight, bands: bands) { frame, painter, target in
            session.update(translation: CropSize(width: -Double(frame), height: -Double(frame)))
            if repaintAll { target.holds = nil }
            return painter.plan(
                image: image, crop: session.shown, width: viewSize.width, height: viewSize.height,
                scale: 1, angle: angle)
        }
    }

    /// Paints `frames` frames of the straighten angle changing (a drag of the ruler: 0.1° a frame
    /// from 0°, the crop carried and shrunk by `CropEditor.changeAngle`) of a `sourceWidth`×
    /// `sourceHeight` image offscreen at `viewWidth`×`viewHeight`, as the canvas does: the quick
    /// lower-resolution turn with the fine grid, in bands, on two frame surfaces in turn, from the
    /// small upright copy the canvas makes off the main thread when the angle starts changing.
    @MainActor
    static func angleFrames(
        sourceWidth: Int, sourceHeight: Int, viewWidth: Int = 3840, viewHeight: Int = 2160,
        frames: Int = 120, bands: Int = defaultBands
    ) -> FrameTimings? {
        guard let image = LoadedImage.gradient(width: sourceWidth, height: sourceHeight) else { return nil }
        var editor = CropEditor()
        editor.load(
            uprightWidth: sourceWidth, uprightHeight: sourceHeight, crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        var state = PaintState()
        state.fineGrid = true
        return timedFrames(
            frames, width: viewWidth, height: viewHeight, bands: bands, setUp: { $0.prepareQuickCopyHere(for: image) }
        ) { frame, painter, _ in
            editor.changeAngle(to: StraightenAngle(hundredths: 10 * frame))
            return painter.plan(
                image: image, crop: editor.crop, width: Double(viewWidth), height: Double(viewHeight),
                scale: 1, state: state, angle: editor.angle, quick: true)
        }
    }

    /// Times frames 0…`frames` on two frame surfaces in turn (the one shown stays untouched, as
    /// GTK holds it): `prepare` changes what frame N shows and plans it, then it is painted in
    /// `bands`, both timed. The first frame is reported apart (it builds what later frames reuse).
    @MainActor
    static func timedFrames(
        _ frames: Int, width: Int, height: Int, bands: Int, setUp: (CanvasPainter) -> Void = { _ in },
        untimed: (Int, CanvasPainter) -> Void = { _, _ in }, prepare: (Int, CanvasPainter, FrameSurface) -> FramePlan
    ) -> FrameTimings? {
        let surfaces = FrameSurfaces()
        let painter = CanvasPainter()
        setUp(painter)
        var cacheBuilds = 0
        painter.onCacheBuild = { cacheBuilds += 1 }
        let clock = ContinuousClock()
        var times: [Double] = []
        var first = 0.0
        var shown: FrameSurface?
        for frame in 0...frames {
            guard let target = surfaces.take(width: width, height: height) else { return nil }
            untimed(frame, painter)
            let elapsed = clock.measure { prepare(frame, painter, target).render(into: target, bands: bands) }
            // The previous frame leaves the screen: GTK would drop its texture now.
            if let shown { surfaces.giveBack(shown) }
            shown = target
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if frame == 0 { first = seconds } else { times.append(seconds) }
        }
        return FrameTimings(firstFrame: first, dragFrames: times, cacheBuilds: cacheBuilds)
    }
}
