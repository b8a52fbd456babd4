// `crop-bench frames`: canvas frames while the active frame is dragged among 8 and 32 frames, for a small and a huge picture.

@_spi(Benchmark) import Canvas
import CropKit

enum FramesMode {
    /// How many frames the picture has in each run: a few formats, and the most it may hold.
    static let counts = [8, FrameState.maximumCount]

    @MainActor
    static func run() -> Int32 {
        for count in counts {
            print("\nCanvas frame during a drag of the active frame among \(count) frames, offscreen 3840×2160:")
            printMedians(first: "builds cache") { w, h in frames(count, sourceWidth: w, sourceHeight: h) }
        }
        return 0
    }

    /// Paints `frames` drag frames of a `sourceWidth`×`sourceHeight` picture holding `count` frames,
    /// as the canvas does: the active frame's bottom-right corner dragged one point a frame, the
    /// others outlined, numbered and left undimmed (the dim outside all of them), in bands, on two
    /// frame surfaces in turn, each repainting only what changed since it was last painted.
    @MainActor
    static func frames(
        _ count: Int, sourceWidth: Int, sourceHeight: Int, viewWidth: Int = 3840, viewHeight: Int = 2160, frames: Int = 120
    ) -> FrameTimings? {
        guard let image = LoadedImage.gradient(width: sourceWidth, height: sourceHeight) else { return nil }
        let viewSize = CropSize(width: Double(viewWidth), height: Double(viewHeight))
        let viewport = Viewport(imageWidth: sourceWidth, imageHeight: sourceHeight, viewSize: viewSize)
        // The other frames on a grid over the picture, overlapping their neighbours and the active one.
        let columns = Int(Double(count - 1).squareRoot().rounded(.up))
        let rows = (count - 1 + columns - 1) / columns
        let others = (0..<(count - 1)).map { index -> CropRect in
            let (column, row) = (Double(index % columns), Double(index / columns))
            let (width, height) = (1.2 / Double(columns + 1), 1.2 / Double(rows + 1))
            let crop = CropRect(
                x: 0.05 + column * 0.9 / Double(columns), y: 0.05 + row * 0.9 / Double(rows), width: width, height: height)
            return viewport.viewRect(crop.sanitized)
        }
        var state = PaintState()
        state.otherFrames = OtherFramesDrawing(upright: others)
        var session = CropSession(crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        session.begin(at: viewport.viewPoint(CropPoint(x: 0.9, y: 0.9)), in: viewport)
        return FrameBenchmark.timedFrames(frames, width: viewWidth, height: viewHeight, bands: FrameBenchmark.defaultBands) {
            frame, painter, _ in
            session.update(translation: CropSize(width: -Double(frame), height: -Double(frame)))
            return painter.plan(
                image: image, crop: session.shown, width: viewSize.width, height: viewSize.height, scale: 1, state: state)
        }
    }
}
