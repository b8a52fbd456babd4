// Rectangles of whole device pixels: the pieces a frame is repainted in, made disjoint so threads never share a pixel.

/// A rectangle of whole device pixels.
struct DeviceRect: Equatable {
    let x: Int, y: Int, width: Int, height: Int
    var area: Int { width * height }

    /// The pixels covered by any of `rects`, as rects that do not overlap (pieces painted at
    /// once must not share a pixel): cut into runs of rows at every rect's top and bottom, the
    /// spans in each run merged, and runs with the same spans joined again.
    static func disjointUnion(_ rects: [DeviceRect]) -> [DeviceRect] {
        let cuts = Set(rects.flatMap { [$0.y, $0.y + $0.height] }).sorted()
        var result: [DeviceRect] = []
        var open: [SIMD2<Int>: Int] = [:]  // a span's left and right → its rect in `result`, ending at this run
        for (top, bottom) in zip(cuts, cuts.dropFirst()) {
            let spans = rects.filter { $0.y <= top && $0.y + $0.height >= bottom }
                .map { ($0.x, $0.x + $0.width) }.sorted { $0.0 < $1.0 }
            var merged: [(Int, Int)] = []
            for span in spans {
                if let last = merged.last, span.0 <= last.1 {
                    merged[merged.count - 1].1 = max(last.1, span.1)
                } else {
                    merged.append(span)
                }
            }
            var next: [SIMD2<Int>: Int] = [:]
            for (left, right) in merged {
                let key = SIMD2(left, right)
                if let index = open[key], result[index].y + result[index].height == top {
                    let r = result[index]
                    result[index] = DeviceRect(x: r.x, y: r.y, width: r.width, height: bottom - r.y)
                    next[key] = index
                } else {
                    result.append(DeviceRect(x: left, y: top, width: right - left, height: bottom - top))
                    next[key] = result.count - 1
                }
            }
            open = next
        }
        return result
    }

    /// The part of this rect within rows `top..<bottom`; nil when none.
    func rows(_ top: Int, _ bottom: Int) -> DeviceRect? {
        let from = max(y, top), to = min(y + height, bottom)
        return to > from ? DeviceRect(x: x, y: from, width: width, height: to - from) : nil
    }
}
