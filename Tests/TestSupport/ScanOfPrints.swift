// A generated flatbed scan of three tilted prints for Find Photos' tests: ImageMagick draws it, each print's face kept.

import Foundation

/// A 640 × 720 scan of three plasma prints on a light grey lid with grain, in reading order: two in a
/// row, one below. Each print's face is kept as its own file, the oracle a result is compared with.
enum ScanOfPrints {
    /// The prints drawn (size, tilt clockwise in degrees, centre), in reading order.
    static let prints: [(width: Int, height: Int, tilt: Double, x: Double, y: Double)] = [
        (240, 180, 6, 170, 160), (200, 260, -9, 470, 180), (320, 200, 2.5, 320, 520),
    ]

    /// Draws the scan at `path`, print N's face at `face(N)` (from 1).
    static func make(_ path: String, face: (Int) -> String) throws {
        var arguments = ["-size", "640x720", "xc:#e4e4e4", "-type", "TrueColor"]
        for (number, print) in prints.enumerated() {
            let file = face(number + 1)
            try Tool.run(
                "convert", ["-seed", "\(40 + number)", "-size", "\(print.width)x\(print.height)", "plasma:fractal", file])
            arguments += [
                "(", file, "-alpha", "set", "-virtual-pixel", "transparent", "-define", "distort:viewport=640x720+0+0",
                "-distort", "SRT", "\(print.width / 2),\(print.height / 2) 1 \(print.tilt) \(print.x),\(print.y)", ")",
                "-geometry", "+0+0", "-compose", "over", "-composite",
            ]
        }
        try Tool.run("convert", arguments + ["-attenuate", "0.3", "+noise", "Gaussian", path])
    }

    /// ImageMagick's normalised correlation of two pictures, `b` scaled to `a`'s size first (in `scratch`).
    static func likeness(_ a: String, _ b: String, scratch: String) throws -> Double {
        let size = try Tool.run("identify", ["-format", "%wx%h", a])
        try Tool.run("convert", [b, "-resize", "\(size)!", scratch])
        let outcome = try Tool.outcome("compare", ["-metric", "NCC", a, scratch, "null:"])
        return Double(outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
