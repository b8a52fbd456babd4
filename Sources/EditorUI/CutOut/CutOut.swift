// Cut Out mode in a window: the menu's toggle kept in step with the crop area's mode, and the Show Join Lines setting.

import CGtk
import Canvas
import CropKit
import GtkSupport

/// Cut Out mode as the window shows it. The mode, its bands and the cuts are the canvas's; this
/// feature turns the mode on and off from the action, keeps the toggle showing what the canvas
/// reports and ends straighten mode when it begins (both take the picture's drags). It holds
/// nothing of its own, so it is made when asked for.
@MainActor
struct CutOut {
    unowned let host: any WindowHost
    let straightening: Straightening

    /// The toggle's handler (the main menu, `win.cut-out`): enters or leaves the mode.
    func setMode(_ on: Bool) {
        host.canvas.cutOutMode = on
        // Refused (no picture): the toggle shows what the canvas did.
        follow()
    }

    /// The canvas entered or left the mode (the toggle, X, Return, Escape, a new picture).
    func modeChanged(_ on: Bool) {
        if on { straightening.setMode(false) }
        host.refresh(.work)
    }

    /// After any change the window refreshes for: the toggle shows the canvas's mode (straighten or
    /// perspective mode may have taken its place).
    func follow() {
        host.setActionState(.cutOut, .bool(host.canvas.isCuttingOut))
    }

    /// Draws `canvas`'s join lines as the setting says, now and whenever it changes, for as long as
    /// `window` lives.
    static func follow(on canvas: CropCanvas, in window: UnsafeMutablePointer<GtkWidget>) {
        let apply: @MainActor () -> Void = { [weak canvas] in canvas?.showsJoinLines = AppSettings.showJoinLines }
        apply()
        AppSettings.follow([AppSettings.showJoinLinesKey], while: window, apply)
    }
}
