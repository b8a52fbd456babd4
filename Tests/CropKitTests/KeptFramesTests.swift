// Frames and cuts kept on the upright picture (what a sidecar holds) and restored on opening, hostile ones left out.
import CropKit
import Testing

@Suite struct KeptFramesTests {
    static let size = PixelSize(width: 900, height: 600)

    static func editor(_ frames: [FrameState], cuts: [PictureCut] = []) throws -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: .unit)
        try editor.setFrames(frames, active: 1)
        for cut in cuts { try editor.addCut(cut) }
        return editor
    }

    static let frames = [
        FrameState(crop: CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.4).sanitized, name: "1"),
        FrameState(
            crop: CropRect(x: 0.5, y: 0.2, width: 0.4, height: 0.5).sanitized, aspectRatio: .custom(width: 4, height: 5)!,
            shape: .circle, outputSize: .longerSide(800), name: "4:5"),
    ]

    @Test(arguments: [
        [], [PictureTransform.rotateRight], [.rotateLeft, .flipHorizontal], [.flipVertical], [.rotateRight, .rotateRight],
    ])
    func keptFramesAndCutsComeBackOnTheTurnedPicture(turns: [PictureTransform]) throws {
        let cuts = [PictureCut(axis: .rows, start: 100, length: 50), PictureCut(axis: .columns, start: 10, length: 300)]
        var editor = try Self.editor(Self.frames, cuts: cuts)
        for turn in turns { editor.apply(turn) }
        // The crops as Keep Crop stores the one crop: the same map as the picture's.
        for (kept, frame) in zip(editor.uprightFrames, editor.frames) {
            #expect(isClose(kept.crop, editor.orientation.storedRect(fromDisplayed: frame.crop), tolerance: 1e-12))
        }
        #expect(editor.uprightCuts == cuts)
        var opened = CropEditor()
        opened.load(
            uprightWidth: Self.size.width, uprightHeight: Self.size.height, frames: editor.uprightFrames,
            active: editor.activeFrame, cuts: editor.uprightCuts)
        #expect(!opened.canUndo && opened.cuts == cuts && opened.activeFrame == 1)
        for turn in turns { opened.apply(turn) }
        #expect(opened.cuts == editor.cuts && opened.frameCount == 2)
        for (restored, frame) in zip(opened.frames, editor.frames) {
            #expect(isClose(restored.crop, frame.crop, tolerance: 1e-12))
            #expect(restored.aspectRatio == frame.aspectRatio && restored.shape == frame.shape && restored.name == frame.name)
            #expect(restored.outputSize == frame.outputSize)
        }
        #expect(opened.cropPixels == editor.cropPixels)
    }

    /// The command line's `--rotate` and `--flip` over kept frames: every orientation is reached from
    /// any other, and the frames and cuts land where the window's own turns to it put them.
    @Test(arguments: ImageOrientation.allCases)
    func orientReachesEveryOrientationAsTheWindowsTurnsDo(wanted: ImageOrientation) throws {
        let cuts = [PictureCut(axis: .rows, start: 100, length: 50)]
        for start in [[], [PictureTransform.rotateLeft, .flipVertical]] {
            var editor = try Self.editor(Self.frames, cuts: cuts)
            let upright = editor.uprightFrames
            for turn in start { editor.apply(turn) }
            editor.orient(wanted)
            #expect(editor.orientation == wanted)
            #expect(editor.uprightCuts == cuts)
            for (kept, frame) in zip(editor.uprightFrames, upright) { #expect(isClose(kept.crop, frame.crop, tolerance: 1e-12)) }
            // Each frame shown where the orientation's own map puts it.
            for (shown, frame) in zip(editor.frames, upright) {
                #expect(isClose(editor.orientation.storedRect(fromDisplayed: shown.crop), frame.crop, tolerance: 1e-12))
            }
        }
    }

    @Test func aMirroredPictureKeepsItsAnglesReversed() throws {
        var tilted = Self.frames
        tilted[0].angle = StraightenAngle(degrees: 3)
        var editor = try Self.editor(tilted)
        editor.apply(.flipHorizontal)
        #expect(editor.frames[0].angle == StraightenAngle(degrees: -3))
        #expect(editor.uprightFrames[0].angle == StraightenAngle(degrees: 3))
        var opened = CropEditor()
        opened.load(uprightWidth: Self.size.width, uprightHeight: Self.size.height, frames: editor.uprightFrames, active: 0)
        #expect(opened.angle == StraightenAngle(degrees: 3) && opened.straightenedPicture.contains(opened.crop))
    }

    @Test func hostileKeptValuesAreLeftOut() {
        var editor = CropEditor()
        let many = Array(repeating: FrameState(crop: CropRect(x: .nan, y: -3, width: .infinity, height: 0.5)), count: 40)
        editor.load(
            uprightWidth: 900, uprightHeight: 600, frames: many, active: 99,
            cuts: [PictureCut(axis: .rows, start: 590, length: 20)])
        #expect(editor.frameCount == FrameState.maximumCount && editor.activeFrame == 0 && editor.cuts.isEmpty)
        #expect(editor.frames.allSatisfy { $0.crop.isFinite && $0.crop.minX >= 0 && $0.crop.maxY <= 1 })
        let tilted = [FrameState(angle: StraightenAngle(degrees: 5)), FrameState()]
        editor.load(uprightWidth: 900, uprightHeight: 600, frames: tilted, cuts: [PictureCut(axis: .rows, start: 0, length: 20)])
        #expect(editor.cuts.isEmpty && editor.frameCount == 2 && editor.angle == StraightenAngle(degrees: 5))
        editor.load(uprightWidth: 900, uprightHeight: 600, frames: [], cuts: [PictureCut(axis: .rows, start: 0, length: 20)])
        #expect(editor.cuts.isEmpty && editor.frameCount == 1 && editor.crop == .unit)
    }

    @Test func oneKeptFrameIsThePlainFrameWithItsShapeAndSize() {
        var editor = CropEditor()
        let one = FrameState(crop: CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5), shape: .circle, outputSize: .longerSide(64))
        editor.load(
            uprightWidth: 900, uprightHeight: 600, frames: [one], cuts: [PictureCut(axis: .columns, start: 0, length: 100)])
        #expect(editor.state.frames.isEmpty && editor.frameCount == 1 && editor.cuts.count == 1)
        #expect(editor.shape == .circle && editor.outputSize == .longerSide(64) && !editor.canUndo)
        #expect(editor.straightenedSize == PixelSize(width: 800, height: 600))
    }
}

extension KeptFramesTests {
    @Test func everyFrameTellsTheExportWhatToMake() throws {
        var editor = try Self.editor(Self.frames, cuts: [PictureCut(axis: .rows, start: 0, length: 100)])
        editor.apply(.rotateLeft)
        let outputs = editor.frameOutputs
        #expect(outputs.map(\.label) == ["1", "4x5"])
        #expect(outputs.map(\.crop) == [editor.cropPixels(ofFrame: 0), editor.cropPixels])
        #expect(outputs.allSatisfy { $0.cuts == editor.cuts && $0.orientation == .left && $0.rectification == nil })
        #expect(outputs[1].shape == .circle && outputs[1].outputSize == .longerSide(800))
        // On the joined picture: the 500 rows left of 600, turned a quarter.
        #expect(editor.straightenedSize == PixelSize(width: 500, height: 900))
        let crop = try #require(outputs.last?.crop)
        #expect(crop.x + crop.width <= 500 && crop.y + crop.height <= 900)
        let plain = CropEditor()
        #expect(plain.frameOutputs.map(\.label) == ["1"])
    }
}
