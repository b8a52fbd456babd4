// `crop-bench perspective`: canvas frames while a perspective corner is dragged, magnifier on, for a small and a huge picture.

@_spi(Benchmark) import Canvas
import CropKit

enum PerspectiveMode {
    @MainActor
    static func run() -> Int32 {
        print("\nCanvas frame during a perspective corner drag (magnifier on), offscreen 3840×2160:")
        printMedians(first: "builds cache") { w, h in frames(sourceWidth: w, sourceHeight: h) }
        return 0
    }

    /// Paints `frames` frames of perspective mode on a `sourceWidth`×`sourceHeight` picture while
    /// its bottom-right corner is dragged one point a frame, as the canvas does: the picture with
    /// no crop frame, the quadrilateral, its dim and grips, and the magnifier.
    @MainActor
    static func frames(
        sourceWidth: Int, sourceHeight: Int, viewWidth: Int = 3840, viewHeight: Int = 2160, frames: Int = 120
    ) -> FrameTimings? {
        guard let image = LoadedImage.gradient(width: sourceWidth, height: sourceHeight) else { return nil }
        let viewSize = CropSize(width: Double(viewWidth), height: Double(viewHeight))
        let viewport = Viewport(imageWidth: sourceWidth, imageHeight: sourceHeight, viewSize: viewSize)
        var editing = PerspectiveEditing(picture: PixelSize(width: sourceWidth, height: sourceHeight))
        editing.beginDrag(at: editing.viewPoint(of: .bottomRight, in: viewport), in: viewport)
        return FrameBenchmark.timedFrames(frames, width: viewWidth, height: viewHeight, bands: FrameBenchmark.defaultBands) {
            frame, painter, _ in
            editing.updateDrag(translation: CropSize(width: -Double(frame), height: -Double(frame)), in: viewport)
            let drawing = PerspectiveDrawing(editing, viewport: viewport, picture: image.surface, transform: .up)
            return painter.plan(
                image: image, crop: .unit, width: viewSize.width, height: viewSize.height, scale: 1,
                state: PaintState(overlay: drawing, noFrame: true))
        }
    }
}
