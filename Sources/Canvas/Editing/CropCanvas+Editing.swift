// Undo and redo on the canvas: the editing model keeps the steps; the canvas stops any animation and shows the result.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// What one undo step restores: the crop, the ratio in force and the turns.
    var currentState: CropState { editor.state }

    /// Steps back; returns whether there was a step.
    @discardableResult
    public func undo() -> Bool {
        guard editor.canUndo else { return false }
        stopAnimation()
        edit { $0.undo() }
        return true
    }

    /// Steps forward again; returns whether there was a step.
    @discardableResult
    public func redo() -> Bool {
        guard editor.canRedo else { return false }
        stopAnimation()
        edit { $0.redo() }
        return true
    }
}
