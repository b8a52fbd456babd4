// Upright on generated photos of buildings through the decoder's thumbnail: true verticals plumb after, nothing without lines.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct UprightSceneTests {
    /// How many street photos, and from which seed: 30, or `UPRIGHT_SCENES` from `UPRIGHT_SEED`.
    static var count: Int { ProcessInfo.processInfo.environment["UPRIGHT_SCENES"].flatMap(Int.init) ?? 30 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["UPRIGHT_SEED"].flatMap(UInt64.init) ?? 0x0F12_0001 }

    @Test func makesLeaningVerticalsPlumb() async throws {
        let dir = TempFolder("upright")
        defer { dir.remove() }
        let count = Self.count, seed = Self.seed
        // Each scene's name and its verticals' worst lean after the correction, in degrees (nil: none made).
        let results = try await withThrowingTaskGroup(of: (String, Double?, Double).self) { group in
            for index in 0..<count {
                group.addTask {
                    let scene = try UprightScenes.scene(index, seed: seed, in: dir)
                    let result = try PerspectiveSuggestions.upright(path: scene.path)
                    try? FileManager.default.removeItem(atPath: scene.path)
                    let before = scene.verticals.map { Self.lean($0.0, $0.1) }.max() ?? 0
                    guard case .corrected(let correction) = result else { return (scene.name, nil, before) }
                    #expect(correction.rectification.quad.problem(in: scene.size) == nil, "\(scene.name)")
                    #expect(abs(correction.crop.width / correction.crop.height - 4.0 / 3) < 1e-6)
                    let after = scene.verticals.map {
                        Self.lean(correction.homography.applied(to: $0.0), correction.homography.applied(to: $0.1))
                    }
                    return (scene.name, after.max() ?? 0, before)
                }
            }
            var all: [(String, Double?, Double)] = []
            for try await result in group { all.append(result) }
            return all
        }
        let plumb = results.filter { ($0.1 ?? .infinity) <= 0.5 }
        let leans = results.compactMap(\.1)
        let misses = results.filter { ($0.1 ?? .infinity) > 0.5 }
            .map { "\($0.0): \($0.1.map { "leaning \($0)°" } ?? "not corrected") (before \($0.2)°)" }
        print(
            "PERSPECTIVE upright: \(plumb.count)/\(results.count) street photos with every vertical within 0.5° of plumb, "
                + "mean worst lean \(leans.reduce(0, +) / Double(max(leans.count, 1)))° (before: "
                + "\(results.map(\.2).reduce(0, +) / Double(max(results.count, 1)))°), worst \(leans.max() ?? .nan)°; misses: \(misses.sorted())"
        )
        #expect(Double(plumb.count) >= 0.9 * Double(results.count), "misses: \(misses)")
    }

    /// How far the line from a to b leans from plumb, in degrees.
    static func lean(_ a: CropPoint, _ b: CropPoint) -> Double {
        atan2(abs(b.x - a.x), abs(b.y - a.y)) * 180 / .pi
    }

    @Test func aPictureWithNoLinesIsLeftAsItIs() throws {
        let dir = TempFolder("upright-none")
        defer { dir.remove() }
        for (index, recipe) in [
            ["-seed", "4", "plasma:fractal", "-blur", "0x4"], ["xc:gray50", "-seed", "5", "+noise", "Random", "-blur", "0x2"],
            ["radial-gradient:white-navy"],
        ].enumerated() {
            let path = dir.file("plain\(index).png")
            try Tool.run([Tool.convert, "-size", "640x480"] + recipe + [path])
            #expect(try PerspectiveSuggestions.upright(path: path) == .noLines, "\(recipe)")
        }
    }

    /// Two lines drawn along a building's leaning sides make them plumb, whatever else the photo holds.
    @Test func twoDrawnLinesBecomeVertical() throws {
        let dir = TempFolder("upright-guided")
        defer { dir.remove() }
        let scene = try UprightScenes.scene(7, seed: Self.seed, in: dir)
        let picked = [scene.verticals.first!, scene.verticals.last!]
        guard case .corrected(let correction) = Upright.guided(picked[0], picked[1], picture: scene.size) else {
            Issue.record("no correction from two lines")
            return
        }
        #expect(correction.kind == .guided)
        for (a, b) in scene.verticals {
            #expect(Self.lean(correction.homography.applied(to: a), correction.homography.applied(to: b)) < 0.01)
        }
    }
}
