// `crop-bench page-down`: the next photo's first frame, with its display cache drawn ahead (as a session does) and without.

@_spi(Benchmark) import Canvas
import CropKit
import Foundation

enum PageDownMode {
    static let runs = 7

    static func run() -> Int32 {
        print("First frame of the next photo (a 24 MP photo's screen-sized thumbnail), offscreen, median of \(runs):")
        return MainActor.assumeIsolated {
            // The view, and the thumbnail the screen around it gets.
            for (view, thumbnail) in [((1280, 800), (1800, 1200)), ((3840, 2160), (3240, 2160))] {
                var prepared: [Double] = [], onTheSpot: [Double] = []
                for _ in 0..<runs {
                    guard let ahead = frame(view: view, thumbnail: thumbnail, prepared: true),
                        let built = frame(view: view, thumbnail: thumbnail, prepared: false)
                    else {
                        print("  could not allocate surfaces")
                        return 1
                    }
                    prepared.append(ahead)
                    onTheSpot.append(built)
                }
                print(
                    String(
                        format: "  view %4d×%-4d  prepared %.2f ms, cache drawn on the spot %.2f ms",
                        view.0, view.1, median(prepared) * 1000, median(onTheSpot) * 1000))
            }
            return 0
        }
    }

    /// Shows one photo, then times the frame that first shows the next (its cache drawn ahead or not).
    @MainActor
    static func frame(view: (Int, Int), thumbnail: (Int, Int), prepared: Bool) -> Double? {
        let photo = (width: 6000, height: 4000)
        guard let shown = LoadedImage.gradient(width: thumbnail.0, height: thumbnail.1, photo: photo),
            let next = LoadedImage.gradient(width: thumbnail.0, height: thumbnail.1, photo: photo)
        else { return nil }
        let painter = CanvasPainter(), surfaces = FrameSurfaces()
        let crop = CropRect(x: 0, y: 0, width: 1, height: 1)
        let (width, height) = (Double(view.0), Double(view.1))
        guard let first = surfaces.take(width: view.0, height: view.1) else { return nil }
        painter.plan(image: shown, crop: crop, width: width, height: height, scale: 1).render(into: first)
        if prepared { painter.prepareHere(next, width: width, height: height, scale: 1) }
        guard let target = surfaces.take(width: view.0, height: view.1) else { return nil }
        let elapsed = ContinuousClock().measure {
            painter.plan(image: next, crop: crop, width: width, height: height, scale: 1).render(into: target)
        }
        return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
