// The documents the scenes photograph (pages, whiteboards, screens) and the clutter of the photos without one.

import CropKit
import Foundation

extension DocumentScenes {
    /// A page of `width × height` pixels as ImageMagick arguments (one image on the stack), and its kind.
    static func page(_ random: inout SceneRandom, width: Int, height: Int) -> (String, [String]) {
        let paper = random.pick(["#f4f3ee", "#fbfbf8", "#efe9dc", "#e9eef4"])
        switch random.int(0...4) {
        case 0:
            return (
                "text page",
                ["-size", "\(width)x\(height)", "xc:\(paper)"] + text(&random, width: width, height: height, top: 0.08)
            )
        case 1:
            return (
                "photo print",
                [
                    random.pick(pictures), "-resize", "\(width)x\(height)^", "-gravity", "center", "-extent",
                    "\(width)x\(height)", "-gravity", "northwest",
                ]
            )
        case 2:
            let picture = random.pick(pictures), side = Int(Double(width) * random.double(0.5...0.8))
            return (
                "page with a picture",
                ["-size", "\(width)x\(height)", "xc:\(paper)"] + text(&random, width: width, height: height, top: 0.55) + [
                    "(", picture, "-resize", "\(side)x\(Int(Double(height) * 0.4))", ")", "-geometry",
                    "+\(Int(Double(width) * 0.1))+\(Int(Double(height) * 0.08))", "-composite",
                ]
            )
        case 3: return ("whiteboard", whiteboard(&random, width: width, height: height))
        default:
            // A slide on a monitor or a television: a light page with a title bar (below a margin, as
            // slides have: a dark bar against a dark bezel would leave the lit area no edge to see), a
            // picture and a few lines, in a dark or silver bezel.
            let bezel = max(width, height) / 30, inner = (width - 2 * bezel, height - 2 * bezel)
            let slide = random.pick(["#f6f6f2", "#e8eef8", "#fdf6e3"]), bar = random.pick(["#1f4e8c", "#8c1f2e", "#2e6b30"])
            let side = Int(Double(inner.0) * random.double(0.35...0.55))
            return (
                "screen",
                [
                    "-size", "\(inner.0)x\(inner.1)", "xc:\(slide)", "-fill", bar, "-draw",
                    "rectangle 0,\(inner.1 / 20) \(inner.0),\(inner.1 / 6)",
                ]
                    + text(&random, width: inner.0, height: inner.1, top: 0.25) + [
                        "(", random.pick(pictures), "-resize", "\(side)x\(side)", ")", "-gravity", "east", "-geometry",
                        "+\(inner.0 / 12)+0", "-composite", "-gravity", "northwest", "-bordercolor",
                        random.pick(["#121212", "#2a2a2e", "#c8c8c8"]), "-border", "\(bezel)",
                    ]
            )
        }
    }

    /// Lines of random words in DejaVu Sans from `top` (a fraction of the height) down, within margins.
    static func text(_ random: inout SceneRandom, width: Int, height: Int, top: Double) -> [String] {
        let size = Double(width) / random.double(28...45)
        let perLine = Int(Double(width) * 0.8 / (size * 0.6))
        var lines: [String] = []
        for _ in 0..<Int(Double(height) * (1 - top - 0.08) / (size * 1.5)) {
            var line = ""
            while line.count < perLine - 8 { line += random.pick(words) + " " }
            lines.append(random.chance(0.15) ? "" : line)
        }
        return [
            "-font", "DejaVu-Sans", "-pointsize", PrintSize.length(size), "-fill",
            random.pick(["#202020", "#202a60", "#303030"]),
            "-annotate", "+\(width / 10)+\(Int(Double(height) * top + size))", lines.joined(separator: "\n"),
        ]
    }

    /// A whiteboard in a grey frame with a few marker strokes and rings on it.
    static func whiteboard(_ random: inout SceneRandom, width: Int, height: Int) -> [String] {
        let frame = max(width, height) / 40
        let inner = (width - 2 * frame, height - 2 * frame)
        var arguments = ["-size", "\(inner.0)x\(inner.1)", "xc:#f8f8f6", "-fill", "none", "-strokewidth", "5"]
        for _ in 0..<random.int(3...6) {
            arguments += ["-stroke", random.pick(["#1a3aa0", "#b01a1a", "#1a1a1a", "#1a801a"])]
            let x = random.int(20...(inner.0 - 60)), y = random.int(20...(inner.1 - 60))
            if random.chance(0.5) {
                let points = (0..<4).map { _ in "\(x + random.int(-60...120)),\(y + random.int(-40...80))" }
                arguments += ["-draw", "polyline " + points.joined(separator: " ")]
            } else {
                arguments += ["-draw", "ellipse \(x),\(y) \(random.int(15...60)),\(random.int(10...40)) 0,360"]
            }
        }
        return arguments + ["-bordercolor", random.pick(["#9c9ea0", "#b8b8b4", "#5a5a5a"]), "-border", "\(frame)"]
    }

    /// Short strokes and rings at random: lines that never close a four-sided shape.
    static func clutter(_ random: inout SceneRandom, width: Int, height: Int) -> [String] {
        var arguments = ["-fill", "none"]
        for _ in 0..<random.int(6...14) {
            let x = random.int(0...width), y = random.int(0...height)
            let length = Double(min(width, height)) * random.double(0.05...0.3), angle = random.double(0...(2 * .pi))
            arguments += [
                "-stroke", random.pick(["#101010", "#f0f0f0", "#a04020", "#205080"]), "-strokewidth", "\(random.int(2...6))",
                "-draw", "line \(x),\(y) \(x + Int(length * cos(angle))),\(y + Int(length * sin(angle)))",
            ]
        }
        for _ in 0..<random.int(1...4) {
            arguments += [
                "-stroke", "#303030", "-strokewidth", "3", "-draw",
                "circle \(random.int(0...width)),\(random.int(0...height)) \(random.int(0...width)),\(random.int(0...height))",
            ]
        }
        return arguments
    }

    /// A horizon and a few poles standing on it or a cable across: long lines, but not four that close a shape.
    static func longLines(_ random: inout SceneRandom, width: Int, height: Int) -> [String] {
        let horizon = random.int((height / 3)...(2 * height / 3)), lean = random.int(-30...30)
        var arguments = [
            "-fill", "none", "-stroke", "#202020", "-strokewidth", "3", "-draw", "line 0,\(horizon) \(width),\(horizon + lean)",
        ]
        for _ in 0..<random.int(1...2) {
            let x = random.int(width / 8...(7 * width / 8))
            arguments += [
                "-strokewidth", "\(random.int(4...9))", "-draw",
                "line \(x),\(height) \(x + random.int(-20...20)),\(random.int(0...(horizon - 20)))",
            ]
        }
        return arguments
    }

    /// Floorboards: long parallel seams across the whole photo, all one way, and their ends staggered
    /// by short cross seams that never line up (lines of two directions, but no four closing a shape).
    static func planks(_ random: inout SceneRandom, width: Int, height: Int) -> [String] {
        let angle = random.double(-0.6...0.6), spacing = Double(min(width, height)) * random.double(0.12...0.25)
        let (c, s) = (cos(angle), sin(angle)), reach = Double(width + height)
        var arguments = ["-fill", "none", "-stroke", "#2a1a0a", "-strokewidth", "\(random.int(2...4))"]
        var offset = -reach
        while offset < reach {
            // The seam through (centre + offset × normal), along (c, s).
            let cx = Double(width) / 2 - s * offset, cy = Double(height) / 2 + c * offset
            arguments += [
                "-draw", "line \(Int(cx - c * reach)),\(Int(cy - s * reach)) \(Int(cx + c * reach)),\(Int(cy + s * reach))",
            ]
            // One short cross seam in this board, at a random place along it.
            let along = random.double(-reach / 3...reach / 3)
            let x0 = cx + c * along, y0 = cy + s * along
            arguments += ["-draw", "line \(Int(x0)),\(Int(y0)) \(Int(x0 - s * spacing)),\(Int(y0 + c * spacing))"]
            offset += spacing
        }
        return arguments
    }
}
