// `-chop` geometry read into cuts, and the joined picture checked against cutting a grid of labelled pixels by hand.

import CropKit
import Testing

@Suite struct PictureCutTests {
    @Test func chopGeometryReadsAsABandOfRowsOrColumns() throws {
        #expect(try PictureCut(parsing: "0x220+0+120") == PictureCut(axis: .rows, start: 120, length: 220))
        #expect(try PictureCut(parsing: "300x0+40+0") == PictureCut(axis: .columns, start: 40, length: 300))
        #expect(try PictureCut(parsing: "0x10") == PictureCut(axis: .rows, start: 0, length: 10))
        #expect(try PictureCut(parsing: "7X0+3+0") == PictureCut(axis: .columns, start: 3, length: 7))
        #expect(PictureCut(axis: .rows, start: 120, length: 220).description == "0x220+0+120")
        #expect(PictureCut(axis: .columns, start: 40, length: 300).description == "300x0+40+0")
    }

    @Test func badGeometrySaysWhatIsWrong() {
        let cases: [(String, CutGeometryError)] = [
            ("", .malformed("")),
            ("0x220+0", .malformed("0x220+0")),
            ("0x220-0+120", .malformed("0x220-0+120")),
            ("0x-5+0+1", .malformed("0x-5+0+1")),
            ("0x20%+0+1", .malformed("0x20%+0+1")),
            ("0x+0+1", .malformed("0x+0+1")),
            ("0x0+0+5", .empty("0x0+0+5")),
            ("30x20+1+2", .bothSides("30x20+1+2", width: 30, height: 20)),
            ("0x220+5+120", .offsetAcross("0x220+5+120", axis: .rows)),
            ("300x0+40+2", .offsetAcross("300x0+40+2", axis: .columns)),
            ("0x99999999999999999999+0+0", .numberTooLarge("0x99999999999999999999+0+0")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try PictureCut(parsing: text) }
        }
        #expect(
            CutGeometryError.bothSides("30x20", width: 30, height: 20).description
                == "the cut “30x20” gives both a width (30) and a height (20): one cut removes rows (0x20+0+Y) or columns "
                + "(30x0+X+0), give two --cut for both")
    }

    /// The joined picture of a few cuts on a 10 × 8 picture, by hand: each cut measured on what the ones
    /// before it left, as chained `-chop`s are.
    @Test func eachCutIsMeasuredOnWhatTheOnesBeforeLeft() throws {
        let picture = PixelSize(width: 10, height: 8)
        let cuts = [
            PictureCut(axis: .rows, start: 2, length: 3),  // rows 2, 3, 4 go: 0, 1, 5, 6, 7 stay
            PictureCut(axis: .rows, start: 1, length: 2),  // rows 1 and 5 of the first picture go
            PictureCut(axis: .columns, start: 9, length: 1),
        ]
        let joined = try JoinedPicture(picture, cuts: cuts)
        #expect(joined.rows == [0..<1, 6..<8])
        #expect(joined.columns == [0..<9])
        #expect(joined.size == PixelSize(width: 9, height: 3))
        #expect(
            joined.pieces(of: PixelRect(x: 2, y: 0, width: 3, height: 3)) == [
                [PixelRect(x: 2, y: 0, width: 3, height: 1)], [PixelRect(x: 2, y: 6, width: 3, height: 2)],
            ])
        #expect(try JoinedPicture(picture, cuts: []).isWhole)
    }

    @Test func aCutOutsideWhatIsLeftOrTakingAllOfItIsAProblem() throws {
        let picture = PixelSize(width: 10, height: 8)
        let first = PictureCut(axis: .rows, start: 0, length: 4)
        let outside = PictureCut(axis: .rows, start: 2, length: 3)
        #expect(throws: CutProblem.outside(outside, index: 1, picture: PixelSize(width: 10, height: 4))) {
            try JoinedPicture(picture, cuts: [first, outside])
        }
        let all = PictureCut(axis: .columns, start: 0, length: 10)
        #expect(throws: CutProblem.nothingLeft(all, index: 0, picture: picture)) { try JoinedPicture(picture, cuts: [all]) }
        for hostile in [
            PictureCut(axis: .rows, start: -1, length: 2), PictureCut(axis: .rows, start: 1, length: 0),
            PictureCut(axis: .columns, start: Int.max, length: Int.max), PictureCut(axis: .columns, start: 5, length: -3),
        ] {
            #expect(throws: CutProblem.outside(hostile, index: 0, picture: picture)) {
                try JoinedPicture(picture, cuts: [hostile])
            }
        }
        let many = Array(repeating: PictureCut(axis: .rows, start: 0, length: 1), count: JoinedPicture.maximumCuts + 1)
        #expect(throws: CutProblem.tooMany(257)) { try JoinedPicture(PixelSize(width: 10, height: 1000), cuts: many) }
        #expect(try JoinedPicture(PixelSize(width: 10, height: 1000), cuts: Array(many.dropLast())).size.height == 744)
        #expect(
            CutProblem.outside(outside, index: 1, picture: PixelSize(width: 10, height: 4)).description
                == "the cut 0x3+0+2 reaches outside the 10×4 picture left by the cuts before it, whose rows are 0 to 3")
    }

    /// Random cuts and crops on small pictures: the pieces `pieces(of:)` names, put side by side and
    /// stacked, are the pixels a picture whose every pixel is labelled by its place keeps when its rows
    /// and columns are removed one cut at a time and then cropped.
    @Test func thePiecesOfACropAreThePixelsCuttingByHandKeeps() throws {
        var rng = SplitMix64(seed: 0xC075_0000_0000_0037)
        for _ in 0..<3000 {
            let picture = PixelSize(width: rng.int(1...24), height: rng.int(1...24))
            var grid = (0..<picture.height).map { y in (0..<picture.width).map { x in PixelPlace(x: x, y: y) } }
            var cuts: [PictureCut] = []
            for _ in 0..<rng.int(1...5) {
                let rows = rng.chance(0.5)
                let extent = rows ? grid.count : grid[0].count
                guard extent > 1 else { continue }
                let length = rng.int(1...(extent - 1)), start = rng.int(0...(extent - length))
                cuts.append(PictureCut(axis: rows ? .rows : .columns, start: start, length: length))
                if rows {
                    grid.removeSubrange(start..<(start + length))
                } else {
                    grid = grid.map { row in
                        var row = row; row.removeSubrange(start..<(start + length)); return row
                    }
                }
            }
            let joined = try JoinedPicture(picture, cuts: cuts)
            #expect(joined.size == PixelSize(width: grid[0].count, height: grid.count))
            let width = rng.int(1...grid[0].count), height = rng.int(1...grid.count)
            let crop = PixelRect(
                x: rng.int(0...(grid[0].count - width)), y: rng.int(0...(grid.count - height)), width: width, height: height)
            let expected = grid[crop.y..<(crop.y + height)].map { Array($0[crop.x..<(crop.x + width)]) }
            let made = joined.pieces(of: crop).flatMap { band in
                (0..<band[0].height).map { dy in
                    band.flatMap { piece in (0..<piece.width).map { PixelPlace(x: piece.x + $0, y: piece.y + dy) } }
                }
            }
            #expect(made == expected, "cuts \(cuts) on \(picture), crop \(crop)")
        }
    }
}

/// A pixel of the first picture, named by its place.
private struct PixelPlace: Equatable {
    let x: Int, y: Int
}
