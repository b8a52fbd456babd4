// Find Photos' mask of what differs from the scanner's lid: made, cleaned of specks, holes filled, split into pieces.

/// A `width × height` grid of pixels set or clear, row by row.
struct PhotoMask {
    let width: Int
    let height: Int
    var pixels: [Bool]

    /// One connected piece of set pixels: which, and where its outline runs (its edge pixels' centres).
    struct Piece {
        var area: Int { members.count }
        /// Its pixels' indices, row by row.
        var members: [Int]
        var outline: [CropPoint]
        /// The mask's width, which the indices count rows of.
        var maskWidth: Int
    }

    init(width: Int, height: Int, pixels: [Bool]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixels of `luminance` further than `tolerance` from `background`.
    init(width: Int, height: Int, luminance: [UInt8], background: Int, tolerance: Int) {
        self.width = width
        self.height = height
        pixels = luminance.map { abs(Int($0) - background) > tolerance }
    }

    /// Cleared where any pixel of the 3×3 square around is clear (`erode: true`), or set where any
    /// is set: along the rows, then down the columns.
    func spread(erode: Bool) -> PhotoMask {
        var rows = self
        let (w, h) = (width, height)
        pixels.withUnsafeBufferPointer { p in
            rows.pixels.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        let a = p[row + max(x - 1, 0)], b = p[row + x], c = p[row + min(x + 1, w - 1)]
                        o[row + x] = erode ? a && b && c : a || b || c
                    }
                }
            }
        }
        var out = rows
        rows.pixels.withUnsafeBufferPointer { p in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let above = max(y - 1, 0) * w, row = y * w, below = min(y + 1, h - 1) * w
                    for x in 0..<w {
                        let a = p[above + x], b = p[row + x], c = p[below + x]
                        o[row + x] = erode ? a && b && c : a || b || c
                    }
                }
            }
        }
        return out
    }

    /// The mask worn down `radius` pixels and grown back as far: what is narrower than twice that goes.
    func opened(by radius: Int) -> PhotoMask {
        var out = self
        for _ in 0..<radius { out = out.spread(erode: true) }
        for _ in 0..<radius { out = out.spread(erode: false) }
        return out
    }

    /// The mask grown `radius` pixels and worn back as far: gaps narrower than twice that are filled.
    func closed(by radius: Int) -> PhotoMask {
        var out = self
        for _ in 0..<radius { out = out.spread(erode: false) }
        for _ in 0..<radius { out = out.spread(erode: true) }
        return out
    }

    /// Every clear pixel that the lid does not reach (clear and joined to the picture's edge) set:
    /// a print's light or dark patches inside it count as the print.
    func holesFilled() -> PhotoMask {
        var outside = [Bool](repeating: false, count: pixels.count)
        var stack: [Int] = []
        func visit(_ index: Int) {
            if !pixels[index], !outside[index] {
                outside[index] = true
                stack.append(index)
            }
        }
        for x in 0..<width {
            visit(x)
            visit((height - 1) * width + x)
        }
        for y in 0..<height {
            visit(y * width)
            visit(y * width + width - 1)
        }
        while let index = stack.popLast() {
            let x = index % width, y = index / width
            if x > 0 { visit(index - 1) }
            if x < width - 1 { visit(index + 1) }
            if y > 0 { visit(index - width) }
            if y < height - 1 { visit(index + width) }
        }
        var out = self
        out.pixels = outside.map { !$0 }
        return out
    }

    /// The pieces of set pixels joined side to side.
    func pieces() -> [Piece] {
        var seen = [Bool](repeating: false, count: pixels.count)
        var pieces: [Piece] = []
        var stack: [Int] = []
        pixels.withUnsafeBufferPointer { set in
            seen.withUnsafeMutableBufferPointer { seen in
                for start in set.indices where set[start] && !seen[start] {
                    var members: [Int] = []
                    seen[start] = true
                    stack.append(start)
                    func visit(_ next: Int) {
                        guard next >= 0, next < set.count, set[next], !seen[next] else { return }
                        seen[next] = true
                        stack.append(next)
                    }
                    while let index = stack.popLast() {
                        members.append(index)
                        let x = index % width
                        if x > 0 { visit(index - 1) }
                        if x < width - 1 { visit(index + 1) }
                        visit(index - width)
                        visit(index + width)
                    }
                    pieces.append(piece(members))
                }
            }
        }
        return pieces
    }

    /// The piece of `members` (set pixels): its outline, the centres of the members with a side on a
    /// clear pixel or the picture's edge.
    func piece(_ members: [Int]) -> Piece {
        var outline: [CropPoint] = []
        pixels.withUnsafeBufferPointer { set in
            for index in members {
                let x = index % width, y = index / width
                let edge =
                    x == 0 || y == 0 || x == width - 1 || y == height - 1 || !set[index - 1] || !set[index + 1]
                    || !set[index - width] || !set[index + width]
                if edge { outline.append(CropPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }
            }
        }
        return Piece(members: members, outline: outline, maskWidth: width)
    }

    /// `luminance` averaged over each pixel's 3×3 square (edges repeated): the scanner's grain quietened.
    static func smoothed(width: Int, height: Int, luminance: [UInt8]) -> [UInt8] {
        var out = luminance
        luminance.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum = 0
                        for dy in -1...1 {
                            let row = min(max(y + dy, 0), height - 1) * width
                            for dx in -1...1 { sum += Int(p[row + min(max(x + dx, 0), width - 1)]) }
                        }
                        o[y * width + x] = UInt8((sum + 4) / 9)
                    }
                }
            }
        }
        return out
    }
}
