// Find Photos' mask of what differs from the scanner's lid: made, cleaned of specks, holes filled, split into pieces.

/// A `width × height` grid of pixels set or clear, row by row.
struct PhotoMask {
    let width: Int
    let height: Int
    var pixels: [Bool]

    /// One connected piece of set pixels: how many, and where its outline runs (each outline
    /// pixel's four corners, so a piece's hull holds whole pixels).
    struct Piece {
        var area: Int { members.count }
        /// Its pixels' indices, row by row.
        var members: [Int]
        var outline: [CropPoint]
    }

    /// The pixels of `luminance` further than `tolerance` from `background`.
    init(width: Int, height: Int, luminance: [UInt8], background: Int, tolerance: Int) {
        self.width = width
        self.height = height
        pixels = luminance.map { abs(Int($0) - background) > tolerance }
    }

    /// Cleared where any pixel of the 3×3 square around is clear (`erode: true`), or set where any
    /// is set: an opening (one then the other) drops specks and threads a pixel or two across.
    func spread(erode: Bool) -> PhotoMask {
        var out = self
        pixels.withUnsafeBufferPointer { p in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    for x in 0..<width {
                        var any = false
                        for dy in -1...1 where !any {
                            let row = min(max(y + dy, 0), height - 1) * width
                            for dx in -1...1 where p[row + min(max(x + dx, 0), width - 1)] != erode {
                                any = true
                                break
                            }
                        }
                        o[y * width + x] = erode ? !any : any
                    }
                }
            }
        }
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
        for start in pixels.indices where pixels[start] && !seen[start] {
            var members: [Int] = []
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                members.append(index)
                let x = index % width, y = index / width
                for next in [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index - width, index + width]
                where next >= 0 && next < pixels.count && pixels[next] && !seen[next] {
                    seen[next] = true
                    stack.append(next)
                }
            }
            pieces.append(piece(members))
        }
        return pieces
    }

    /// The piece of `members` (set pixels): its outline, the members with a side on a clear pixel or the edge.
    func piece(_ members: [Int]) -> Piece {
        var outline: [CropPoint] = []
        for index in members {
            let x = index % width, y = index / width
            let sides = [
                x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, y > 0 ? index - width : -1,
                y < height - 1 ? index + width : -1,
            ]
            let edge = sides.contains { $0 < 0 || !pixels[$0] }
            guard edge else { continue }
            let (px, py) = (Double(x), Double(y))
            outline += [
                CropPoint(x: px, y: py), CropPoint(x: px + 1, y: py), CropPoint(x: px + 1, y: py + 1),
                CropPoint(x: px, y: py + 1),
            ]
        }
        return Piece(members: members, outline: outline)
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
