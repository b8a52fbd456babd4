// Exports with bands cut out: refusals before anything is written, and the joined crop against ImageMagick's -chop.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct CutExportTests {
    static let rows = PictureCut(axis: .rows, start: 60, length: 50)
    static let columns = PictureCut(axis: .columns, start: 100, length: 40)

    static func options(_ cuts: [PictureCut] = [rows, columns]) -> ExportOptions {
        var options = ExportOptions()
        options.cuts = cuts
        return options
    }

    static func source(in dir: TempFolder, _ name: String = "src.png") throws -> String {
        let path = dir.file(name)
        try Tool.run([Tool.convert, "-seed", "5", "-size", "300x200", "plasma:fractal", "-depth", "8", path])
        return path
    }

    @Test func badRequestsAreRefusedBeforeAnythingIsWritten() throws {
        let dir = TempFolder("cut-refusals")
        defer { dir.remove() }
        let src = try Self.source(in: dir, "src.jpg")
        let joined = PixelRect(x: 0, y: 0, width: 260, height: 150)
        var lossless = Self.options()
        lossless.lossless = true
        var straightened = Self.options()
        straightened.straighten = StraightenAngle(degrees: 2)
        let past = PictureCut(axis: .rows, start: 190, length: 20)
        let all = PictureCut(axis: .columns, start: 0, length: 300)
        let cases: [(ExportOptions, PixelRect, ImagingError)] = [
            (lossless, joined, .invalidRequest(.cut(.lossless))),
            (straightened, joined, .invalidRequest(.cut(.warped))),
            (
                Self.options([past]), joined,
                .invalidRequest(.cut(.problem(.outside(past, index: 0, picture: PixelSize(width: 300, height: 200)))))
            ),
            (
                Self.options([all]), joined,
                .invalidRequest(.cut(.problem(.nothingLeft(all, index: 0, picture: PixelSize(width: 300, height: 200)))))
            ),
            (
                Self.options(), PixelRect(x: 1, y: 0, width: 260, height: 150),
                .invalidRequest(.cropOutside(PixelRect(x: 1, y: 0, width: 260, height: 150), width: 260, height: 150))
            ),
        ]
        expectRefusedExports(cases, source: src, in: dir)
    }

    /// A crop of the joined picture, turned a quarter first, is ImageMagick's -rotate, -chop and -crop, pixel
    /// for pixel, into a 16-bit PNG as into an 8-bit one; a circle of it keeps its size.
    @Test func aCropOfTheJoinedPictureIsImageMagicksChopThenCrop() throws {
        let dir = TempFolder("cut-crop")
        defer { dir.remove() }
        let src = try Self.source(in: dir)
        var options = Self.options()
        options.transform = .right
        let crop = PixelRect(x: 30, y: 20, width: 120, height: 180)
        let result = try CropExporter.export(source: src, crop: crop, output: dir.file("ours.png"), options: options)
        #expect((result.width, result.height) == (120, 180))
        try Tool.run([
            Tool.convert, src, "-rotate", "90", "-chop", "0x50+0+60", "-chop", "40x0+100+0", "+repage", dir.file("im.png"),
        ])
        #expect(try mismatch(Tool.decode(dir.file("ours.png")), Tool.decode(dir.file("im.png"), crop: crop)) == nil)
        options.shape = .circle
        let round = try CropExporter.export(source: src, crop: crop, output: dir.file("round.png"), options: options)
        #expect((round.width, round.height) == (120, 180))
    }
}
