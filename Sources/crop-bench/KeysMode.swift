// `crop-bench keys`: the frames while a key repeats, on a 12000 × 8000 photo at 3840 × 2160, as the canvas draws them.

@_spi(Benchmark) import Canvas
import CropKit
import Foundation

enum KeysMode {
    /// GNOME's default key repeat: the first repeat after 500 ms, then one every 30 ms.
    static let repeatDelay = 500, repeatInterval = 30
    /// One frame at 60 Hz, in seconds.
    static let frameBudget = 1.0 / 60
    static let presses = 60
    static let view = (width: 3840, height: 2160)

    static func run() -> Int32 {
        // A 12000 × 8000 photo reaches the canvas as its thumbnail for a 3840 × 2160 screen.
        guard let image = LoadedImage.gradient(width: 3240, height: 2160, photo: (12000, 8000)) else {
            print("crop-bench: could not allocate the picture")
            return 1
        }
        print(
            "Frames while a key repeats (after \(repeatDelay) ms, then every \(repeatInterval) ms; \(presses) presses),"
                + " offscreen \(view.width)×\(view.height), a 12000×8000 photo through its 3240×2160 thumbnail:")
        let turn = StraightenAngle.fineStep
        // The arrows' step (Ctrl: one pixel); 60 of them fit beside the crop below.
        let onePercent = CropSize(width: 0.01, height: 0.01)
        MainActor.assumeIsolated {
            report("] held, as the canvas draws it", frames(of: image, quickWhileRepeating: true) { $0.turnAngle(by: turn) })
            report("] held, every frame sharp (before)", frames(of: image, quickWhileRepeating: false) { $0.turnAngle(by: turn) })
            // The arrows move the frame over the picture: their frames copy the sharp cache as a drag's do.
            report(
                "→ held (move the crop by 1 %)",
                frames(of: image, quickWhileRepeating: false) { $0.apply(.moveRight, step: onePercent) })
            report(
                "Shift+→ held (1 % wider)",
                frames(of: image, quickWhileRepeating: false) { $0.apply(.makeWider, step: onePercent) })
        }
        return 0
    }

    /// Frame times for `presses` presses at the repeat's times, each changing the editor by `press`,
    /// planned as the canvas plans them (quick while the key repeats, when `quickWhileRepeating`);
    /// the last entry is the sharp frame drawn once the key is let go.
    @MainActor
    static func frames(
        of image: LoadedImage, quickWhileRepeating: Bool, _ press: @escaping (inout CropEditor) -> CropEditor.Changes
    ) -> FrameTimings? {
        var editor = CropEditor()
        editor.load(uprightWidth: 12000, uprightHeight: 8000, crop: CropRect(x: 0.02, y: 0.1, width: 0.3, height: 0.6))
        var keys = KeyBurst()
        let start = ContinuousClock.now
        // Frames 0 and 1 come before any key, as the window has drawn some by then (each of the two
        // frame surfaces is made once); then the presses; then the frame once the key is let go.
        let before = 2
        return FrameBenchmark.timedFrames(
            before + presses, width: view.width, height: view.height, bands: FrameBenchmark.defaultBands,
            // The small copy the quick frames turn: the canvas makes it off the main thread from the
            // burst's first frame (100 ms), so the first frame samples the thumbnail itself and the
            // repeats, 500 ms later, the copy.
            untimed: { frame, painter in if frame - before == 1 { painter.prepareQuickCopyHere(for: image) } }
        ) { frame, painter, _ in
            var quick = false
            let n = frame - before
            if n >= 0, n < presses {
                // The press N: the first at 0, the repeats after the delay.
                let at = start + .milliseconds(n == 0 ? 0 : repeatDelay + repeatInterval * n)
                keys.settle(at: at)
                keys.press(at: at)
                _ = press(&editor)
                quick = quickWhileRepeating && keys.isActive
            } else if n >= presses {
                keys.settle(at: start + .milliseconds(repeatDelay + repeatInterval * n + 1000))
            }
            return painter.plan(
                image: image, crop: editor.crop, width: Double(view.width), height: Double(view.height), scale: 1,
                angle: editor.angle, quick: quick)
        }.map {
            FrameTimings(firstFrame: $0.dragFrames[1], dragFrames: Array($0.dragFrames.dropFirst(2)), cacheBuilds: $0.cacheBuilds)
        }
    }

    /// One line per held key: the repeats' median and slowest frame, how many missed a 60 Hz frame
    /// or the next repeat, and the first press's and the sharp frame's times.
    static func report(_ what: String, _ timings: FrameTimings?) {
        guard let timings, timings.dragFrames.count >= 2 else {
            print("  \(what): could not allocate surfaces")
            return
        }
        let repeats = Array(timings.dragFrames.dropLast()), sharp = timings.dragFrames.last ?? 0
        let sorted = repeats.sorted()
        let overFrame = repeats.filter { $0 > frameBudget }.count
        let overRepeat = repeats.filter { $0 * 1000 > Double(repeatInterval) }.count
        print(
            String(
                format: "  %@: repeats median %.2f ms, slowest %.2f ms, over 16.7 ms %d of %d, over %d ms %d;"
                    + " first press %.1f ms, sharp frame after the last %.1f ms",
                what.padding(toLength: 36, withPad: " ", startingAt: 0), sorted[sorted.count / 2] * 1000,
                (sorted.last ?? 0) * 1000, overFrame, repeats.count, repeatInterval, overRepeat,
                timings.firstFrame * 1000, sharp * 1000))
    }
}
