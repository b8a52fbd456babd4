// crop-bench: release-mode benchmarks of the crop model and of canvas frames during a drag.

@_spi(Benchmark) import Canvas
import CropKit
import EditorUI
import Foundation

// `crop-bench thumbnail …`, `crop-bench region …` and `crop-bench decoder-start` measure one display
// thumbnail, one sharp zoomed region, or the confined decoder's start-up (scripts/bench-export); no
// arguments: the benchmarks below.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "thumbnail" {
    exit(ThumbnailMode.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "decoder-start" {
    exit(DecoderStartMode.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "region" {
    exit(RegionMode.run(Array(CommandLine.arguments.dropFirst(2))))
}
// `crop-bench keys`: frames while a key repeats; `crop-bench page-down`: the next photo's first frame.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "keys" { exit(KeysMode.run()) }
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "page-down" { exit(PageDownMode.run()) }
// `crop-bench perspective`: frames while a perspective corner is dragged.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "perspective" {
    exit(MainActor.assumeIsolated { PerspectiveMode.run() })
}
// `crop-bench cut-out`: frames while the crop is dragged over a picture with bands cut out.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "cut-out" {
    exit(MainActor.assumeIsolated { CutOutMode.run() })
}
// `crop-bench frames`: frames while the active frame is dragged among several.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "frames" {
    exit(MainActor.assumeIsolated { FramesMode.run() })
}
// `crop-bench straighten`: only the straighten frames (also printed last by a plain run).
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "straighten" {
    MainActor.assumeIsolated { straightenBenchmark() }
    exit(0)
}

/// A tiny deterministic generator so every run measures the same inputs.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Runs `body` `count` times and prints operations per second.
func measure(_ name: String, count: Int, _ body: (inout Random) -> Double) {
    var random = Random(state: 42)
    var sink = 0.0
    let elapsed = ContinuousClock().measure {
        for _ in 0..<count { sink += body(&random) }
    }
    let perSecond = Double(count) / seconds(elapsed)
    let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    // Printing the sink keeps the optimizer from discarding the measured work.
    print(padded + String(format: " %12.0f ops/s", perSecond) + (sink.isNaN ? " (nan)" : ""))
}

func randomCrop(_ r: inout Random) -> CropRect {
    let x = r.unit() * 0.7, y = r.unit() * 0.7
    return CropRect(x: x, y: y, width: 0.15 + r.unit() * (0.85 - x), height: 0.15 + r.unit() * (0.85 - y)).sanitized
}

print("Model (CropKit), release build:")
let n = 2_000_000
measure("handle.adjusting (random handle, delta)", count: n) { r in
    let handle = CropHandle.allCases[Int(r.next() % 9)]
    return handle.adjusting(randomCrop(&r), by: CropSize(width: r.unit() - 0.5, height: r.unit() - 0.5)).width
}
let viewport = Viewport(imageWidth: 6000, imageHeight: 4000, viewSize: CropSize(width: 1280, height: 800))
measure("hit-test a point around the frame", count: n) { r in
    let frame = viewport.viewRect(randomCrop(&r))
    let p = CropPoint(x: r.unit() * 1280, y: r.unit() * 800)
    return CropHandle.hitTest(p, frame: frame) == nil ? 0 : 1
}
var session = CropSession(crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
session.begin(at: viewport.viewPoint(CropPoint(x: 0.9, y: 0.9)), in: viewport)
measure("drag update + shown (one pointer event)", count: n) { r in
    session.update(translation: CropSize(width: r.unit() * 200 - 100, height: r.unit() * 200 - 100))
    return session.shown.width
}
measure("normalized → pixel → normalized", count: n) { r in
    let w = 1 + Int(r.next() % 100_000), h = 1 + Int(r.next() % 100_000)
    let p = randomCrop(&r).pixelRect(imageWidth: w, imageHeight: h)
    return CropRect(pixelRect: p, imageWidth: w, imageHeight: h).width
}
measure("percentages (the spoken value's numbers)", count: n) { r in
    Double(randomCrop(&r).percentages.width)
}

/// Times frames for the 1000×800 and 12000×8000 sources with `timings` and prints each median,
/// what the first frame did (`first`) and their ratio.
@MainActor
func printMedians(first: String, _ timings: (Int, Int) -> FrameTimings?) {
    var medians: [Double] = []
    for (w, h) in [(1000, 800), (12000, 8000)] {
        guard let timings = timings(w, h) else {
            print("  \(w)×\(h): could not allocate surfaces"); continue
        }
        medians.append(timings.median)
        print(
            String(
                format: "  source %5d×%-5d  median %.2f ms  (first frame, %@: %.1f ms; cache builds: %d)",
                w, h, timings.median * 1000, first, timings.firstFrame * 1000, timings.cacheBuilds))
    }
    if medians.count == 2 {
        print(String(format: "  ratio 12000×8000 / 1000×800: %.2f", medians[1] / medians[0]))
    }
}

/// Times drag frames for both sources and prints each median and their ratio.
@MainActor
func frameBenchmark(bands: Int, repaintAll: Bool) {
    let how = repaintAll ? "every pixel repainted" : "repainting what changed (the canvas)"
    print("\nCanvas frame during a drag, offscreen 3840×2160, Cairo (image + overlay), \(bands) band(s), \(how):")
    printMedians(first: "builds cache") { w, h in
        FrameBenchmark.dragFrames(sourceWidth: w, sourceHeight: h, bands: bands, repaintAll: repaintAll)
    }
}

/// Times frames while the straighten angle changes, and drag frames at an angle against level.
@MainActor
func straightenBenchmark() {
    print("\nCanvas frame while the straighten angle changes (0.1° a frame), offscreen 3840×2160, quick turned copy + fine grid:")
    printMedians(first: "allocates its surfaces") { w, h in FrameBenchmark.angleFrames(sourceWidth: w, sourceHeight: h) }
    if let level = FrameBenchmark.dragFrames(sourceWidth: 1000, sourceHeight: 800, repaintAll: true) {
        print(
            String(
                format: "  for comparison, a level frame with every pixel repainted (1000×800): median %.2f ms",
                level.median * 1000))
    }
    print("\nCanvas frame during a drag, straightened 5° against level, as the canvas paints it:")
    for (w, h) in [(1000, 800), (12000, 8000)] {
        guard let level = FrameBenchmark.dragFrames(sourceWidth: w, sourceHeight: h),
            let turned = FrameBenchmark.dragFrames(sourceWidth: w, sourceHeight: h, angle: StraightenAngle(degrees: 5))
        else {
            print("  \(w)×\(h): could not allocate surfaces"); continue
        }
        print(
            String(
                format: "  source %5d×%-5d  median at 0°: %.2f ms, at 5°: %.2f ms  (cache builds at 5°: %d)",
                w, h, level.median * 1000, turned.median * 1000, turned.cacheBuilds))
    }
}

MainActor.assumeIsolated {
    // The canvas's own path first, then every pixel in bands, then every pixel on one thread.
    frameBenchmark(bands: FrameBenchmark.defaultBands, repaintAll: false)
    frameBenchmark(bands: FrameBenchmark.defaultBands, repaintAll: true)
    if FrameBenchmark.defaultBands != 1 { frameBenchmark(bands: 1, repaintAll: true) }
    straightenBenchmark()
}
