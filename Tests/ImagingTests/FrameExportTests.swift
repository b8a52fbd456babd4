// Several frames of one picture exported from the model's `FrameOutput`: each one ImageMagick's -rotate, -chop and -crop.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct FrameExportTests {
    /// Two frames of a 300 × 200 picture with a band of rows and one of columns cut out, turned right:
    /// every file is ImageMagick's cut of the same frame, pixel for pixel, and has the frame's size.
    @Test func everyFrameIsImageMagicksChopThenCrop() throws {
        let dir = TempFolder("frame-export")
        defer { dir.remove() }
        let src = try CutExportTests.source(in: dir)
        var editor = CropEditor()
        editor.load(uprightWidth: 300, uprightHeight: 200, crop: .unit)
        try editor.setFrames([
            FrameState(crop: CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.6)),
            FrameState(crop: CropRect(x: 0.4, y: 0.3, width: 0.5, height: 0.5), outputSize: .longerSide(50), name: "4:5"),
        ])
        try editor.addCut(CutExportTests.rows)
        try editor.addCut(CutExportTests.columns)
        editor.apply(.rotateRight)
        let outputs = editor.frameOutputs
        #expect(outputs.map(\.label) == ["1", "4x5"])
        let chop = editor.cuts.flatMap { ["-chop", $0.description] }
        try Tool.run([Tool.convert, src, "-rotate", "90"] + chop + ["+repage", dir.file("joined.png")])
        #expect(try Tool.size(dir.file("joined.png")) == (editor.straightenedSize.width, editor.straightenedSize.height))
        let first = outputs[0]
        let ours = dir.file(FrameNaming.fileName(stem: "ours", label: first.label, extension: "png"))
        let result = try CropExporter.export(source: src, crop: first.crop, output: ours, options: ExportOptions().making(first))
        #expect((result.width, result.height) == (first.crop.width, first.crop.height))
        #expect(try mismatch(Tool.decode(ours), Tool.decode(dir.file("joined.png"), crop: first.crop)) == nil)
        let second = outputs[1]
        let small = dir.file(FrameNaming.fileName(stem: "ours", label: second.label, extension: "png"))
        let sized = try CropExporter.export(
            source: src, crop: second.crop, output: small, options: ExportOptions().making(second))
        #expect(max(sized.width, sized.height) == 50 && small.hasSuffix("ours-4x5.png"))
    }
}
