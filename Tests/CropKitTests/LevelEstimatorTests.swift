// "Level automatically" on synthetic scenes turned by known angles: within 0.3° nearly always, nothing for scenes without lines.
import CropKit
import Foundation
import Testing

@Suite struct LevelEstimatorTests {
    typealias Scenes = LevelScenes

    struct Case {
        var name: String
        var pixels: [UInt8]
        /// How far the scene was turned clockwise; the right suggestion is its negative.
        var turned: Double
    }

    /// How many scenes with lines, and from which seed: 42 from a fixed seed, or as many as
    /// `LEVEL_SCENES` says from `LEVEL_SEED` (a longer run for the figures in docs/BENCHMARKS.md).
    static var sceneCount: Int { ProcessInfo.processInfo.environment["LEVEL_SCENES"].flatMap(Int.init) ?? 42 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["LEVEL_SEED"].flatMap(UInt64.init) ?? 0x1E7E_1000_0000_0001 }

    /// Scene `index` of a run: a horizon, a street or a page in turn, turned by an angle in
    /// −10…10° (both ends and 0 among the first nine), with noise of 1, 2 or 5 % added. Each
    /// scene has a generator of its own, so scenes can be drawn at once on every core.
    static func linedScene(_ index: Int, seed: UInt64) -> Case {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let turned = index < 9 ? [-10.0, 10, 0][index / 3] : (random.double(-10...10) * 100).rounded() / 100
        let noise = [0.01, 0.02, 0.05][(index / 3) % 3]
        let scene: Scene, name: String
        switch index % 3 {
        case 0: scene = Scenes.horizon(offset: random.double(-40...40), random: &random); name = "horizon"
        case 1: scene = Scenes.buildings(random: &random); name = "street"
        default: scene = Scenes.text(random: &random); name = "page"
        }
        return Case(
            name: "\(name) \(index) turned \(turned)° noise \(noise)",
            pixels: Scenes.render(scene, turnedBy: turned, noise: noise, random: &random), turned: turned)
    }

    @Test func levelsTurnedScenesWithinAThirdOfADegree() async {
        let count = Self.sceneCount, seed = Self.seed
        // Each scene's name, error and sharpening, or nil when nothing was suggested.
        let results = await withTaskGroup(of: (String, Double?, Double?).self) { group in
            for index in 0..<count {
                group.addTask {
                    let scene = Self.linedScene(index, seed: seed)
                    let estimate = LevelEstimator.estimate(width: Scenes.width, height: Scenes.height, luminance: scene.pixels)
                    return (scene.name, estimate.map { abs($0.correction.degrees + scene.turned) }, estimate?.sharpening)
                }
            }
            var all: [(String, Double?, Double?)] = []
            for await result in group { all.append(result) }
            return all
        }
        let errors = results.compactMap(\.1)
        let misses = results.filter { ($0.1 ?? .infinity) > 0.3 }
            .map { "\($0.0): \($0.1.map { "error \($0)°" } ?? "nothing suggested")" }
        let hits = errors.filter { $0 <= 0.3 }.count
        let rate = Double(hits) / Double(count)
        let mean = errors.reduce(0, +) / Double(max(errors.count, 1)), worst = errors.max() ?? .infinity
        // The figures docs/BENCHMARKS.md quotes.
        let leastSharpening = results.compactMap(\.2).min() ?? 0
        print(
            "LEVEL \(hits)/\(count) within 0.3° (\(rate)), mean error \(mean)°, max error \(worst)°, "
                + "\(count - errors.count) without a suggestion, least sharpening \(leastSharpening); misses: \(misses.sorted())")
        #expect(count >= 30)
        #expect(rate >= 0.9, "misses: \(misses)")
    }

    @Test func suggestsNothingForPicturesWithoutLines() {
        var random = SplitMix64(seed: 0x1E7E_1000_0000_0002)
        var scenes: [(String, [UInt8])] = []
        let uniform = (0..<(Scenes.width * Scenes.height)).map { _ in UInt8(random.int(0...255)) }
        scenes.append(("uniform noise", uniform))
        scenes.append(("grey noise", Scenes.render({ _, _ in 0.5 }, turnedBy: 0, noise: 0.15, random: &random)))
        for degrees in [0.0, 3, 90, 45] {
            scenes.append(
                (
                    "gradient at \(degrees)°",
                    Scenes.render(Scenes.gradient(degrees: degrees), turnedBy: 0, noise: 0.01, random: &random)
                ))
        }
        scenes.append(("vignette", Scenes.render(Scenes.radial(), turnedBy: 0, noise: 0.02, random: &random)))
        for count in [1, 12, 40, 250] {
            scenes.append(
                (
                    "\(count) discs",
                    Scenes.render(Scenes.blobs(count: count, random: &random), turnedBy: 0, noise: 0.02, random: &random)
                ))
        }
        scenes.append(("clouds", Scenes.render(Scenes.clouds(random: &random), turnedBy: 0, noise: 0.02, random: &random)))
        scenes.append(("turned clouds", Scenes.render(Scenes.clouds(random: &random), turnedBy: 7, noise: 0.02, random: &random)))
        scenes.append(("flat", [UInt8](repeating: 128, count: Scenes.width * Scenes.height)))
        for (name, pixels) in scenes {
            let estimate = LevelEstimator.estimate(width: Scenes.width, height: Scenes.height, luminance: pixels)
            #expect(estimate == nil, "\(name)")
        }
    }

    @Test func floatLuminanceAndLargePicturesGiveTheSameSuggestion() {
        var random = SplitMix64(seed: 0x1E7E_1000_0000_0003)
        let pixels = Scenes.render(Scenes.text(random: &random), turnedBy: -3.4, noise: 0.02, random: &random)
        let fromBytes = LevelEstimator.suggestion(width: Scenes.width, height: Scenes.height, luminance: pixels)
        let fromFloats = LevelEstimator.suggestion(
            width: Scenes.width, height: Scenes.height,
            luminance: pixels.map { Float($0) / 255 })
        #expect(fromBytes == fromFloats)
        #expect(fromBytes.map { abs($0.degrees - 3.4) <= 0.3 } == true)
        // Three times the size (each pixel repeated): averaged down to 384 × 288 first, same lines.
        let scale = 3, width = Scenes.width * scale, height = Scenes.height * scale
        var large = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { large[y * width + x] = pixels[(y / scale) * Scenes.width + x / scale] }
        }
        let fromLarge = LevelEstimator.suggestion(width: width, height: height, luminance: large)
        #expect(fromLarge.map { abs($0.degrees - 3.4) <= 0.3 } == true)
    }

    @Test func theSuggestionLevelsThePictureInTheAnglesSense() {
        // A horizon running down to the right was turned clockwise; levelling turns it back, counterclockwise.
        var random = SplitMix64(seed: 0x1E7E_1000_0000_0004)
        let pixels = Scenes.render(Scenes.horizon(offset: 0, random: &random), turnedBy: 6, noise: 0.01, random: &random)
        let estimate = LevelEstimator.estimate(width: Scenes.width, height: Scenes.height, luminance: pixels)
        #expect(estimate?.correction.direction == .counterclockwise)
        #expect(estimate.map { $0.tilt > 0 && abs($0.tilt + $0.correction.degrees) < 0.006 } == true)
        // The picture straightened by the suggestion: the horizon through its centre, running
        // along (cos 6°, sin 6°), lands level in the turned picture's box.
        guard let estimate else { return }
        let picture = TurnedPicture(width: Scenes.width, height: Scenes.height, angle: estimate.correction)
        let along = CropPoint(x: 100 * cos(6 * Double.pi / 180), y: 100 * sin(6 * Double.pi / 180))
        let left = picture.boxPoint(fromPicture: CropPoint(x: 128 - along.x, y: 96 - along.y))
        let right = picture.boxPoint(fromPicture: CropPoint(x: 128 + along.x, y: 96 + along.y))
        #expect(abs(right.y - left.y) < 200 * 0.3 * Double.pi / 180)
    }

    @Test func badInputSuggestsNothingAndNeverTraps() {
        #expect(LevelEstimator.suggestion(width: 0, height: 0, luminance: [UInt8]()) == nil)
        #expect(LevelEstimator.suggestion(width: 2, height: 2, luminance: [UInt8](repeating: 9, count: 4)) == nil)
        #expect(LevelEstimator.suggestion(width: 10, height: 10, luminance: [UInt8](repeating: 9, count: 99)) == nil)
        #expect(LevelEstimator.suggestion(width: Int.max, height: 2, luminance: [UInt8]()) == nil)
        #expect(LevelEstimator.suggestion(width: -4, height: -4, luminance: [UInt8](repeating: 0, count: 16)) == nil)
        var floats = [Float](repeating: .nan, count: 64 * 64)
        #expect(LevelEstimator.suggestion(width: 64, height: 64, luminance: floats) == nil)
        floats = (0..<(64 * 64)).map { $0 % 7 == 0 ? .infinity : ($0 / 64 > 32 ? 1 : 0) }
        _ = LevelEstimator.suggestion(width: 64, height: 64, luminance: floats)
    }
}
