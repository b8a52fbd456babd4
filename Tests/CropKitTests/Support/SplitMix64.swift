// A tiny seeded generator so property tests are reproducible: the same seed gives the same cases every run.

struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range`.
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }

    /// A component of a hostile rectangle: ordinary, out of range, huge, tiny, zero or non-finite.
    mutating func hostile() -> Double {
        switch int(0...9) {
        case 0: return [Double.nan, .infinity, -.infinity, .signalingNaN][int(0...3)]
        case 1: return [0, -0.0, 1, -1][int(0...3)]
        case 2: return double(-1e300...1e300)
        case 3: return double(-1e-300...1e-300)
        case 4: return double(-5...5)
        default: return double(-0.5...1.5)
        }
    }

    /// An image size from 1 to `limit`, spread over orders of magnitude so tiny and huge images both come up.
    mutating func pixels(upTo limit: Int) -> Int {
        let decade = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000][int(0...6)]
        return int(1...max(min(decade, limit), 1))
    }
}
