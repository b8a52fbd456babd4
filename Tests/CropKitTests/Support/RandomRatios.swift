// Random aspect ratios, picture sizes and ratio-locked crops for the ratio property tests.
import CropKit

extension SplitMix64 {
    /// A picture side of 16 to 20,000 pixels, spread over orders of magnitude so thin strips come up.
    mutating func sensibleSide() -> Int { int(16...[64, 1_000, 20_000][int(0...2)]) }

    /// Any ratio but Free: a preset or a custom W:H (whole or not, from 1:30 to 30:1), either way round.
    mutating func lockedRatio() -> AspectRatio {
        let ratio: AspectRatio
        switch int(0...3) {
        case 0, 1: ratio = AspectRatio.presets[int(1...(AspectRatio.presets.count - 1))]
        case 2: ratio = AspectRatio.custom(width: Double(int(1...30)), height: Double(int(1...30)))!
        default: ratio = AspectRatio.custom(width: double(1...30), height: double(1...30))!
        }
        return chance(0.5) ? ratio.swapped : ratio
    }

    /// A crop of normalized ratio `ratio` inside the unit square whose sides meet `side` as far as
    /// the ratio allows; restates the rule independently of CropKit: height from
    /// `min(side × max(1, 1/ratio), min(1, 1/ratio))` to `min(1, 1/ratio)`.
    mutating func crop(ratio: Double, meeting side: Double) -> CropRect {
        let maxHeight = min(1, 1 / ratio)
        let height = double(min(side * max(1, 1 / ratio), maxHeight)...maxHeight)
        let width = min(ratio * height, 1)
        return CropRect(x: double(0...(1 - width)), y: double(0...(1 - height)), width: width, height: height)
    }
}
