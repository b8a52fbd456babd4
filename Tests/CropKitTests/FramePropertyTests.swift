// Random frame and cut sequences in `CropEditor`: undo and redo retrace every step, and one frame stays exactly as before.
import CropKit
import Testing

@Suite struct FramePropertyTests {
    static let viewport = Viewport(imageWidth: 90, imageHeight: 60, viewSize: CropSize(width: 450, height: 300))

    /// One random edit of any kind, frames and cuts included; refusals are part of the game.
    static func randomEdit(_ editor: inout CropEditor, _ random: inout SplitMix64) {
        let index = random.int(-1...editor.frameCount)
        let cut = random.int(-1...max(editor.cuts.count, 0))
        switch random.int(0...13) {
        case 0: _ = try? editor.addFrame()
        case 1: _ = try? editor.removeFrame(at: index)
        case 2: _ = try? editor.chooseFrame(index)
        case 3: editor.apply(CropAdjustment.allCases.filter { $0 != .reset }[random.int(0...7)])
        case 4: editor.apply(PictureTransform.allCases[random.int(0...3)])
        // Level more often than not: a frame at an angle refuses cuts.
        case 5: editor.setAngle(StraightenAngle(hundredths: random.chance(0.7) ? 0 : random.int(-800...800)))
        case 6: editor.setAspectRatio(AspectRatio.presets[random.int(0...AspectRatio.presets.count - 1)])
        case 7:
            let axis: PictureCut.Axis = random.chance(0.5) ? .rows : .columns
            _ = try? editor.addCut(PictureCut(axis: axis, start: random.int(-2...50), length: random.int(0...20)))
        case 8: _ = try? editor.removeCut(at: cut)
        case 9: _ = try? editor.moveCut(at: cut, by: random.int(-5...5))
        case 10: _ = try? editor.resizeCut(at: cut, by: random.int(-5...5))
        case 11: editor.setShape(random.chance(0.5) ? .circle : .rectangle)
        case 12: _ = try? editor.setFrameName(random.chance(0.5) ? nil : "\(random.int(1...3))", at: index)
        default: editor.reset()
        }
    }

    /// What must hold after any edit: the history's current state is the one shown, the frames and
    /// cuts agree with it, and every frame lies inside the picture it is measured on.
    static func checkConsistent(_ editor: CropEditor, seed: UInt64, step: Int) {
        let state = editor.state
        #expect(state == editor.history.current, "seed \(seed) step \(step)")
        #expect(editor.frameCount == max(state.frames.count, 1) && editor.frames.indices.contains(editor.activeFrame))
        #expect((editor.joined == nil) == editor.cuts.isEmpty, "seed \(seed) step \(step)")
        #expect(editor.cuts.isEmpty || editor.frames.allSatisfy { $0.angle.isZero } && editor.perspective == nil)
        if let joined = editor.joined { #expect(editor.straightenedSize == joined.size) }
        for (place, frame) in editor.frames.enumerated() {
            let box = TurnedPicture(width: editor.shownSize.width, height: editor.shownSize.height, angle: frame.angle)
            let inside =
                frame.angle.isZero
                ? frame.crop.minX >= -1e-9 && frame.crop.minY >= -1e-9 && frame.crop.maxX <= 1 + 1e-9
                    && frame.crop.maxY <= 1 + 1e-9
                : box.contains(frame.crop, tolerance: 1e-6)
            #expect(inside, "seed \(seed) step \(step) frame \(place): \(frame.crop)")
        }
    }

    @Test(arguments: 0..<40)
    func undoAndRedoRetraceEveryStep(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var editor = CropEditor()
        editor.load(uprightWidth: random.int(40...120), uprightHeight: random.int(40...120), crop: random.crop(meeting: 0.2))
        var steps = [editor.state]
        var (mostFrames, mostCuts) = (1, 0)
        for step in 0..<120 {
            Self.randomEdit(&editor, &random)
            Self.checkConsistent(editor, seed: seed, step: step)
            if editor.state != steps.last { steps.append(editor.state) }
            (mostFrames, mostCuts) = (max(mostFrames, editor.frameCount), max(mostCuts, editor.cuts.count))
        }
        // The sequence reached what it is meant to test.
        #expect(mostFrames >= 2 && mostCuts >= 1, "seed \(seed): \(mostFrames) frames, \(mostCuts) cuts")
        #expect(editor.history.past.count == steps.count - 1, "seed \(seed)")
        for expected in steps.reversed().dropFirst() {
            editor.undo()
            #expect(editor.state == expected, "seed \(seed)")
            Self.checkConsistent(editor, seed: seed, step: -1)
        }
        #expect(!editor.canUndo)
        for expected in steps.dropFirst() {
            editor.redo()
            #expect(editor.state == expected, "seed \(seed)")
        }
    }

    /// One edit a single-frame editor always had; an undo only when `undoable` (the lone editor's say).
    static func plainEdit(_ editor: inout CropEditor, _ random: inout SplitMix64, undoable: Bool) {
        switch random.int(0...8) {
        case 0: editor.apply(CropAdjustment.allCases[random.int(0...CropAdjustment.allCases.count - 1)])
        case 1: editor.apply(PictureTransform.allCases[random.int(0...3)])
        case 2: editor.setAngle(StraightenAngle(hundredths: random.int(-1500...1500)))
        case 3: editor.setAspectRatio(AspectRatio.presets[random.int(0...AspectRatio.presets.count - 1)])
        case 4: editor.commit(random.crop(meeting: 0.05))
        case 5:
            let press = random.press(around: viewport.viewRect(editor.crop), in: viewport)
            editor.beginDrag(at: press, in: viewport)
            editor.endDrag(translation: random.travel(in: viewport), shiftHeld: random.chance(0.3))
        case 6: if undoable { editor.undo() }
        case 7: editor.redo()
        default: editor.reset()
        }
    }

    @Test(arguments: 0..<40)
    func aSecondFrameLeavesTheFirstEditedExactlyAsAlone(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var alone = CropEditor()
        alone.load(uprightWidth: random.int(50...3000), uprightHeight: random.int(50...3000), crop: random.crop(meeting: 0.2))
        var paired = alone
        try paired.addFrame()
        try paired.chooseFrame(0)
        for _ in 0..<80 {
            var again = random
            let undoable = alone.canUndo
            Self.plainEdit(&alone, &random, undoable: undoable)
            Self.plainEdit(&paired, &again, undoable: undoable)
            // The plain editor's state is the one it always had: no frames, no cuts.
            #expect(
                alone.state
                    == CropState(
                        crop: alone.crop, aspectRatio: alone.aspectRatio, orientation: alone.orientation, angle: alone.angle))
            #expect(alone.frames == [alone.activeFrameState] && alone.joined == nil)
            #expect(paired.crop == alone.crop && paired.angle == alone.angle, "seed \(seed)")
            #expect(paired.aspectRatio == alone.aspectRatio && paired.orientation == alone.orientation)
            #expect(paired.cropPixels == alone.cropPixels && paired.straightenedSize == alone.straightenedSize)
            #expect(paired.history.past.count == alone.history.past.count + 2, "seed \(seed)")
            #expect(paired.frameCount == 2 && paired.activeFrame == 0)
        }
    }
}
