// `crop-bench cut-out`: canvas frames while the crop is dragged over a picture with bands cut out, a small and a huge picture.

@_spi(Benchmark) import Canvas
import CropKit

enum CutOutMode {
    @MainActor
    static func run() -> Int32 {
        print("\nCanvas frame during a crop drag over a joined picture (a band of rows and one of columns cut out),")
        print("offscreen 3840×2160:")
        printMedians(first: "joins the picture and builds the cache") { w, h in frames(sourceWidth: w, sourceHeight: h) }
        return 0
    }

    /// Paints `frames` frames of a crop drag, as `FrameBenchmark.dragFrames` does, over the picture
    /// with a fifth of its rows and a tenth of its columns cut out: the joined picture is made from the
    /// picture's surface on the first frame, as the crop area makes it once per set of cuts.
    @MainActor
    static func frames(
        sourceWidth: Int, sourceHeight: Int, viewWidth: Int = 3840, viewHeight: Int = 2160, frames: Int = 120
    ) -> FrameTimings? {
        guard let image = LoadedImage.gradient(width: sourceWidth, height: sourceHeight) else { return nil }
        let cuts = [
            PictureCut(axis: .rows, start: sourceHeight * 3 / 10, length: sourceHeight / 5),
            PictureCut(axis: .columns, start: sourceWidth * 4 / 10, length: sourceWidth / 10),
        ]
        guard let joined = try? JoinedPicture(PixelSize(width: sourceWidth, height: sourceHeight), cuts: cuts) else {
            return nil
        }
        let viewSize = CropSize(width: Double(viewWidth), height: Double(viewHeight))
        let size = joined.size
        let viewport = Viewport(imageWidth: size.width, imageHeight: size.height, viewSize: viewSize)
        var session = CropSession(crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        session.begin(at: viewport.viewPoint(CropPoint(x: 0.9, y: 0.9)), in: viewport)
        var shown: LoadedImage?
        return FrameBenchmark.timedFrames(frames, width: viewWidth, height: viewHeight, bands: FrameBenchmark.defaultBands) {
            frame, painter, _ in
            if shown == nil { shown = image.joined(joined) }
            session.update(translation: CropSize(width: -Double(frame), height: -Double(frame)))
            return painter.plan(image: shown, crop: session.shown, width: viewSize.width, height: viewSize.height, scale: 1)
        }
    }
}
