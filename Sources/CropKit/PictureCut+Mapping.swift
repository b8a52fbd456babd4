// Cuts and crops carried across changes: cuts turned with the picture or measured again, a crop moved between joined pictures.

extension PictureCut {
    /// `cuts` of a picture of `size` (as shown) after `transform`: each band lands where its rows or
    /// columns go (a quarter turn makes a band of rows one of columns), measured on the turned picture
    /// the cuts before it leave, so the joined picture turns and flips as the whole picture does. Cuts
    /// that do not fit the picture are returned as they are: nothing can be said of where they go.
    public static func mapped(_ cuts: [PictureCut], by transform: PictureTransform, on size: PixelSize) -> [PictureCut] {
        var left = size
        var mapped: [PictureCut] = []
        for cut in cuts {
            let extent = cut.axis == .rows ? left.height : left.width
            guard cut.start >= 0, cut.length > 0, cut.start <= extent - cut.length else { return cuts }
            let band =
                cut.axis == .rows
                ? PixelRect(x: 0, y: cut.start, width: left.width, height: cut.length)
                : PixelRect(x: cut.start, y: 0, width: cut.length, height: left.height)
            let turned = transform.mapped(band, imageWidth: left.width, imageHeight: left.height)
            mapped.append(
                cut.axis == .rows && !transform.swapsAxes || cut.axis == .columns && transform.swapsAxes
                    ? PictureCut(axis: .rows, start: turned.y, length: turned.height)
                    : PictureCut(axis: .columns, start: turned.x, length: turned.width))
            if cut.axis == .rows { left.height -= cut.length } else { left.width -= cut.length }
        }
        return mapped
    }
}

extension JoinedPicture {
    /// Where a crop normalized on this joined picture lies on `other`, a joined picture of the same
    /// original: each edge goes to the original (a left or top edge to the start of the pixel after
    /// it, a right or bottom edge to the end of the pixel before it, so a crop never takes in a band
    /// across a join it touches), then to `other`, where a band cut out under it pulls it to the band's
    /// place. A crop left with nothing on an axis keeps one pixel there.
    public func carried(_ crop: CropRect, to other: JoinedPicture) -> CropRect {
        let from = size, to = other.size
        let (left, right) = Self.carried(
            crop.minX * Double(from.width), crop.maxX * Double(from.width), from: columns, to: other.columns,
            extent: to.width)
        let (top, bottom) = Self.carried(
            crop.minY * Double(from.height), crop.maxY * Double(from.height), from: rows, to: other.rows,
            extent: to.height)
        return CropRect(
            left: left / Double(to.width), top: top / Double(to.height), right: right / Double(to.width),
            bottom: bottom / Double(to.height))
    }

    /// One axis of `carried`: joined positions `low`…`high` on `kept` to positions on `target`, at
    /// least one pixel apart and inside `extent`.
    private static func carried(
        _ low: Double, _ high: Double, from kept: [Range<Int>], to target: [Range<Int>], extent: Int
    ) -> (Double, Double) {
        var a = joinedPosition(of: originalPosition(of: low, on: kept, upper: false), on: target)
        var b = joinedPosition(of: originalPosition(of: high, on: kept, upper: true), on: target)
        let whole = Double(extent)
        if b - a < 1 {
            a = min(max(a, 0), max(whole - 1, 0))
            b = min(a + 1, whole)
        }
        return (a, b)
    }

    /// The original position of joined position `p`: on the stretch after it (`upper` false) or the
    /// one before it (`upper` true) where `p` falls on a join.
    private static func originalPosition(of p: Double, on kept: [Range<Int>], upper: Bool) -> Double {
        var offset = 0.0
        for range in kept {
            let count = Double(range.count)
            if upper ? p <= offset + count : p < offset + count {
                return Double(range.lowerBound) + max(p - offset, 0)
            }
            offset += count
        }
        return Double(kept.last?.upperBound ?? 0)
    }

    /// How many kept positions of `kept` lie before original position `p`: its place on the joined axis.
    private static func joinedPosition(of p: Double, on kept: [Range<Int>]) -> Double {
        kept.reduce(0) { $0 + min(max(p - Double($1.lowerBound), 0), Double($1.count)) }
    }
}

extension PictureCut {
    /// `cuts[index...]` measured again after `prefix` (the cuts before them changed: one put back,
    /// moved or resized), so each still removes the same rows or columns of the first picture; a band
    /// whose rows are no longer side by side (a band put back between them) becomes one cut per run,
    /// and one whose rows are all gone already is dropped. Cuts that do not fit are returned as they are.
    public static func rebased(
        _ cuts: [PictureCut], from index: Int, onto prefix: [PictureCut], on size: PixelSize
    )
        -> [PictureCut]
    {
        var list = prefix
        for k in index..<cuts.count {
            guard let before = try? JoinedPicture(size, cuts: Array(cuts[..<k])),
                let target = try? JoinedPicture(size, cuts: list)
            else { return prefix + cuts[index...] }
            let cut = cuts[k]
            let kept = cut.axis == .rows ? before.rows : before.columns
            let keptNow = cut.axis == .rows ? target.rows : target.columns
            var runs: [Range<Int>] = []
            for removed in JoinedPicture.spans(cut.start..<cut.end, of: kept) {
                let low = position(removed.lowerBound, on: keptNow), high = position(removed.upperBound, on: keptNow)
                guard low < high else { continue }
                if let last = runs.last, last.upperBound == low {
                    runs[runs.count - 1] = last.lowerBound..<high
                } else {
                    runs.append(low..<high)
                }
            }
            // Last first: a band removed below or right of another leaves the other's place as it was.
            list += runs.reversed().map { PictureCut(axis: cut.axis, start: $0.lowerBound, length: $0.count) }
        }
        return list
    }

    /// How many positions of `kept` (ranges of the first picture) lie before its position `p`.
    private static func position(_ p: Int, on kept: [Range<Int>]) -> Int {
        kept.reduce(0) { $0 + min(max(p - $1.lowerBound, 0), $1.count) }
    }
}
