// `CropHistory`: undo and redo restore exact committed states; repeats are no-ops, new edits drop redo, the depth is bounded.
import CropKit
import Testing

@Suite struct CropHistoryTests {
    @Test func aNewHistoryHasNothingToUndoOrRedo() {
        var history = CropHistory(1)
        #expect(!history.canUndo && !history.canRedo)
        #expect(history.undo() == nil)
        #expect(history.redo() == nil)
        #expect(history.current == 1)
        #expect(history.depth == 200)
    }

    @Test func undoAndRedoWalkTheStatesInOrder() {
        var history = CropHistory("a")
        history.record("b")
        history.record("c")
        #expect(history.past == ["a", "b"] && history.current == "c")
        #expect(history.undo() == "b")
        #expect(history.undo() == "a")
        #expect(history.undo() == nil)
        #expect(history.current == "a" && !history.canUndo && history.canRedo)
        #expect(history.redo() == "b")
        #expect(history.redo() == "c")
        #expect(history.redo() == nil)
        #expect(history.current == "c" && history.canUndo && !history.canRedo)
    }

    @Test func recordingTheCurrentStateAgainIsANoOp() {
        var history = CropHistory("a")
        let first = history.record("b"), again = history.record("b")
        #expect(first && !again)
        #expect(history.past == ["a"])
        // Also after an undo: recording the state undone to neither adds a step nor drops redo.
        history.undo()
        let undoneTo = history.record("a")
        #expect(!undoneTo)
        #expect(history.canRedo && !history.canUndo)
    }

    @Test func recordingAfterUndoDropsTheRedoStates() {
        var history = CropHistory("a")
        history.record("b")
        history.record("c")
        history.undo()
        history.record("d")
        #expect(!history.canRedo)
        #expect(history.redo() == nil)
        #expect(history.undo() == "b")
        #expect(history.undo() == "a")
    }

    @Test func theOldestStatesAreDroppedPastTheDepth() {
        var history = CropHistory(0, depth: 3)
        for state in 1...5 { history.record(state) }
        #expect(history.past == [2, 3, 4])
        #expect(history.undo() == 4)
        #expect(history.undo() == 3)
        #expect(history.undo() == 2)
        #expect(history.undo() == nil)
        var deep = CropHistory(0)
        for state in 1...250 { deep.record(state) }
        #expect(deep.past.count == 200 && deep.past.first == 50)
        #expect(CropHistory(0, depth: 0).depth == 1)
    }

    @Test func cropStatesComeBackExactly() {
        let start = CropState()
        let cropped = CropState(crop: CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        let locked = CropState(crop: CropRect(x: 0, y: 0.125, width: 1, height: 0.75), aspectRatio: .sixteenByNine)
        let turned = locked.applying(.rotateRight)
        var history = CropHistory(start)
        for state in [cropped, locked, turned] { history.record(state) }
        #expect(history.undo() == locked)
        #expect(history.undo() == cropped)
        #expect(history.redo() == locked)
        #expect(history.redo() == turned)
        #expect(history.current.orientation == .right && history.current.aspectRatio == AspectRatio.sixteenByNine.swapped)
    }

    /// Random records, undos and redos against the plainest model: an array of states and an index.
    @Test func randomSequencesMatchAListWithACursor() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0B01)
        var history = CropHistory(0, depth: 8)
        var states = [0], index = 0
        for _ in 0..<5_000 {
            switch rng.int(0...2) {
            case 0:
                let state = rng.int(0...20)
                let recorded = history.record(state)
                #expect(recorded == (state != states[index]))
                if recorded {
                    states = Array(states[...index]) + [state]
                    if states.count > 9 { states.removeFirst(states.count - 9) }
                    index = states.count - 1
                }
            case 1:
                let undone = history.undo()
                #expect(undone == (index > 0 ? states[index - 1] : nil))
                if index > 0 { index -= 1 }
            default:
                let redone = history.redo()
                #expect(redone == (index < states.count - 1 ? states[index + 1] : nil))
                if index < states.count - 1 { index += 1 }
            }
            #expect(history.current == states[index])
        }
    }
}
