// Cuts turned with the picture and measured again after an earlier one changed, against pixels chopped out of a grid.
import CropKit
import Testing

@Suite struct CutMappingTests {
    /// A grid of the picture's pixel numbers (`y × width + x`), one array a row.
    static func grid(_ size: PixelSize) -> [[Int]] {
        (0..<size.height).map { y in (0..<size.width).map { x in y * size.width + x } }
    }

    /// The grid with `cuts` made in order as `-chop` makes them, or nil when one does not fit.
    static func chopped(_ grid: [[Int]], _ cuts: [PictureCut]) -> [[Int]]? {
        var grid = grid
        for cut in cuts {
            let extent = cut.axis == .rows ? grid.count : (grid.first?.count ?? 0)
            guard cut.start >= 0, cut.length > 0, cut.end <= extent, cut.length < extent else { return nil }
            if cut.axis == .rows {
                grid.removeSubrange(cut.start..<cut.end)
            } else {
                grid = grid.map { row in Array(row[..<cut.start] + row[cut.end...]) }
            }
        }
        return grid
    }

    /// The grid turned or flipped as `transform` turns a picture.
    static func transformed(_ grid: [[Int]], _ transform: PictureTransform) -> [[Int]] {
        let width = grid[0].count, height = grid.count
        let size = transform.size(imageWidth: width, imageHeight: height)
        var result = Array(repeating: Array(repeating: -1, count: size.width), count: size.height)
        for y in 0..<height {
            for x in 0..<width {
                let to = transform.mapped(PixelRect(x: x, y: y, width: 1, height: 1), imageWidth: width, imageHeight: height)
                result[to.y][to.x] = grid[y][x]
            }
        }
        return result
    }

    static func randomCuts(_ random: inout SplitMix64, on size: PixelSize) -> [PictureCut] {
        var cuts: [PictureCut] = []
        var left = size
        for _ in 0..<random.int(0...4) {
            let axis: PictureCut.Axis = random.chance(0.5) ? .rows : .columns
            let extent = axis == .rows ? left.height : left.width
            guard extent > 1 else { continue }
            let length = random.int(1...extent - 1)
            cuts.append(PictureCut(axis: axis, start: random.int(0...extent - length), length: length))
            if axis == .rows { left.height -= length } else { left.width -= length }
        }
        return cuts
    }

    @Test(arguments: 0..<300)
    func turnedCutsChopTheTurnedPictureAsTheCutsChopThePicture(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let size = PixelSize(width: random.int(2...9), height: random.int(2...9))
        let cuts = Self.randomCuts(&random, on: size)
        let joined = try #require(Self.chopped(Self.grid(size), cuts))
        for transform in PictureTransform.allCases {
            let turned = Self.transformed(Self.grid(size), transform)
            let mapped = PictureCut.mapped(cuts, by: transform, on: size)
            #expect(Self.chopped(turned, mapped) == Self.transformed(joined, transform), "seed \(seed) \(transform) \(cuts)")
        }
    }

    @Test(arguments: 0..<300)
    func cutsAfterAChangedOneStillRemoveTheirPixels(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let size = PixelSize(width: random.int(2...9), height: random.int(2...9))
        let cuts = Self.randomCuts(&random, on: size)
        guard !cuts.isEmpty else { return }
        let index = random.int(0...cuts.count - 1)
        let kept = { (cuts: [PictureCut]) throws -> [Set<Int>] in
            let grid = try #require(Self.chopped(Self.grid(size), cuts), "seed \(seed) \(cuts)")
            return [Set(grid.map { $0[0] / size.width }), Set(grid[0].map { $0 % size.width })]
        }
        let all = try kept(cuts), before = try kept(Array(cuts[..<index])), through = try kept(Array(cuts[...index]))
        // Its own rows or columns back, what the others removed still removed.
        let rebased = PictureCut.rebased(cuts, from: index + 1, onto: Array(cuts[..<index]), on: size)
        let left = try kept(rebased)
        for axis in 0...1 {
            #expect(left[axis] == all[axis].union(before[axis].subtracting(through[axis])), "seed \(seed) \(cuts) → \(rebased)")
        }
    }

    @Test func aBandAcrossTheJoinOfOneTakenBackBecomesTwo() {
        let cuts = [PictureCut(axis: .columns, start: 4, length: 2), PictureCut(axis: .columns, start: 3, length: 2)]
        #expect(
            PictureCut.rebased(cuts, from: 1, onto: [], on: PixelSize(width: 10, height: 3)) == [
                PictureCut(axis: .columns, start: 6, length: 1), PictureCut(axis: .columns, start: 3, length: 1),
            ])
    }

    @Test func cutsThatDoNotFitAreLeftAsTheyAre() {
        let cuts = [PictureCut(axis: .rows, start: 5, length: 20)]
        #expect(PictureCut.mapped(cuts, by: .rotateLeft, on: PixelSize(width: 10, height: 10)) == cuts)
    }

    @Test func framesAreNamedByNameOrPlace() {
        #expect(FrameNaming.label("4:5") == "4x5" && FrameNaming.label(" 16 : 9 ") == "16x9")
        #expect(FrameNaming.label("A/B\\C") == "abc" && FrameNaming.label("  ") == nil && FrameNaming.label("..") == nil)
        // A hostile sidecar's name: control characters, quotes and separators never reach a file name.
        #expect(FrameNaming.label("\u{1B}[31mred\u{7}'\"$(x)`;|&*?<>~") == "31mredx")
        #expect(FrameNaming.label("\u{1B}[2J\n\r\t") == "2j" && FrameNaming.label("...") == nil)
        #expect(FrameNaming.label(String(repeating: "a", count: 500))?.count == FrameNaming.longestLabel)
        #expect(FrameNaming.label("Story 9:16 (Ünïcode)") == "story9x16ünïcode")
        let formats = ["1:1", "4:5", "9:16"].map { FrameState(name: $0) }
        #expect(FrameNaming.labels(for: formats) == ["1x1", "4x5", "9x16"])
        #expect(FrameNaming.labels(for: [FrameState(), FrameState(), FrameState()]) == ["1", "2", "3"])
        #expect(FrameNaming.labels(for: [FrameState(name: "1:1"), FrameState()]) == ["1x1", "2"])
        // Two frames would be one file: every frame is named by its place.
        #expect(FrameNaming.labels(for: [FrameState(name: "1:1"), FrameState(name: "1 : 1")]) == ["1", "2"])
        #expect(FrameNaming.labels(for: [FrameState(name: "2"), FrameState()]) == ["1", "2"])
        #expect(FrameNaming.fileName(stem: "photo", label: "1x1", extension: "jpg") == "photo-1x1.jpg")
        #expect(FrameNaming.fileName(stem: "scan", label: "2", extension: "") == "scan-2")
    }
}

extension CutMappingTests {
    /// An editor on a small picture of a random size.
    static func smallPicture(_ random: inout SplitMix64) -> (CropEditor, PixelSize) {
        let size = PixelSize(width: random.int(3...12), height: random.int(3...12))
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: .unit)
        return (editor, size)
    }

    /// Commits a random crop of whole pixels of the picture the editor measures on, and returns it.
    static func commitRandomPixels(_ editor: inout CropEditor, _ random: inout SplitMix64) -> PixelRect {
        let joined = editor.straightenedSize
        let width = random.int(1...joined.width), height = random.int(1...joined.height)
        let pixels = PixelRect(
            x: random.int(0...joined.width - width), y: random.int(0...joined.height - height), width: width, height: height)
        editor.commit(CropRect(pixelRect: pixels, imageWidth: joined.width, imageHeight: joined.height))
        return pixels
    }

    /// The picture's pixels a crop of the joined picture takes, from a grid chopped by hand.
    static func content(of crop: PixelRect, size: PixelSize, cuts: [PictureCut]) throws -> Set<Int> {
        let joined = try #require(chopped(grid(size), cuts))
        return Set(joined[crop.y..<(crop.y + crop.height)].flatMap { $0[crop.x..<(crop.x + crop.width)] })
    }

    @Test(arguments: 0..<100)
    func aFrameOnAJoinedPictureTakesTheSamePixelsAfterAnyTurn(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var (editor, size) = Self.smallPicture(&random)
        for cut in Self.randomCuts(&random, on: size) { try editor.addCut(cut) }
        let pixels = Self.commitRandomPixels(&editor, &random)
        #expect(editor.cropPixels == pixels)
        var grid = Self.grid(size)
        let taken = try Self.content(of: pixels, size: size, cuts: editor.cuts)
        for _ in 0..<4 {
            let transform = PictureTransform.allCases[random.int(0...3)]
            editor.apply(transform)
            grid = Self.transformed(grid, transform)
            let now = try #require(Self.chopped(grid, editor.cuts), "seed \(seed)")
            let crop = editor.cropPixels
            let seen = Set(now[crop.y..<(crop.y + crop.height)].flatMap { $0[crop.x..<(crop.x + crop.width)] })
            #expect(seen == taken, "seed \(seed) \(transform)")
        }
    }
}

extension CutMappingTests {
    @Test(arguments: 0..<150)
    func aFrameKeepsItsPixelsWhenABandIsCutOrPutBack(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var (editor, size) = Self.smallPicture(&random)
        let cuts = Self.randomCuts(&random, on: size)
        guard let last = cuts.last else { return }
        for cut in cuts.dropLast() { try editor.addCut(cut) }
        let pixels = Self.commitRandomPixels(&editor, &random)
        let before = try Self.content(of: pixels, size: size, cuts: editor.cuts)
        try editor.addCut(last)
        let left = Set(try #require(Self.chopped(Self.grid(size), editor.cuts)).flatMap { $0 })
        let after = try Self.content(of: editor.cropPixels, size: size, cuts: editor.cuts)
        // What is left of the frame's pixels; a frame wholly in the band keeps one row or column at its place.
        if !before.intersection(left).isEmpty { #expect(after == before.intersection(left), "seed \(seed)") }
        try editor.removeCut(at: editor.cuts.count - 1)
        if !before.intersection(left).isEmpty {
            let back = try Self.content(of: editor.cropPixels, size: size, cuts: editor.cuts)
            #expect(back.isSuperset(of: after) && back.isSubset(of: before), "seed \(seed)")
        }
    }
}
