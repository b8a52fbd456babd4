// `crop-bench region PATH X Y W H SCALE`: one sharp region for a zoomed view (pixels of the upright picture), for scripts/bench-export.

import CropKit
import Foundation
import Imaging

enum RegionMode {
    /// Renders the pixel rectangle X,Y,W,H of `PATH` at SCALE through `Imaging.renderRegion`, as the
    /// window does when zoomed past its thumbnail; prints the size and the call's own time.
    static func run(_ arguments: [String]) -> Int32 {
        let numbers = arguments.dropFirst().compactMap(Double.init)
        guard arguments.count == 6, numbers.count == 5, numbers[2] > 0, numbers[3] > 0, numbers[4] > 0 else {
            FileHandle.standardError.write(Data("usage: crop-bench region PATH X Y W H SCALE\n".utf8))
            return 2
        }
        let path = arguments[0]
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let info = try Imaging.probe(path: path)
            let region = CropRect(x: numbers[0] / Double(info.width), y: numbers[1] / Double(info.height),
                                  width: numbers[2] / Double(info.width), height: numbers[3] / Double(info.height))
            let rendered = try Imaging.renderRegion(info, region: region, scale: numbers[4])
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "region %d×%d RGBA in %.1f ms (in process)", rendered.pixels.width, rendered.pixels.height, ms))
            return 0
        } catch {
            FileHandle.standardError.write(Data("crop-bench: \(path): \(error)\n".utf8))
            return 1
        }
    }
}
