// `crop-bench region PATH X Y W H SCALE`: one sharp region for a zoomed view (upright pixels), for scripts/bench-export.

import BenchSupport
import CropKit
import Foundation
import Imaging

enum RegionMode {
    /// Renders the pixel rectangle X,Y,W,H of `PATH` at SCALE through `RegionRender.render`, as the
    /// window does when zoomed past its thumbnail, and prints the size and the call's own time.
    static func run(_ arguments: [String]) -> Int32 {
        let numbers = arguments.dropFirst().compactMap(Double.init)
        let path = arguments.first ?? ""
        let valid = arguments.count == 6 && numbers.count == 5 && numbers[2] > 0 && numbers[3] > 0 && numbers[4] > 0
        return TimedMode.run(valid: valid, usage: "crop-bench region PATH X Y W H SCALE", path: path) {
            let info = try ImageProbe.probe(path: path)
            let region = CropRect(
                x: numbers[0] / Double(info.width), y: numbers[1] / Double(info.height),
                width: numbers[2] / Double(info.width), height: numbers[3] / Double(info.height))
            let rendered = try RegionRender.render(info, region: region, scale: numbers[4])
            return "region \(rendered.pixels.width)×\(rendered.pixels.height) RGBA"
        }
    }
}
