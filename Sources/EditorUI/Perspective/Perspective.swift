// Perspective mode in a window: the header's toggle, the bar under the picture and straighten mode kept in step with the canvas.

import CGtk
import Canvas
import CropKit
import GtkSupport

/// Perspective mode as the window shows it. The mode, its corners, the guided Upright lines and the
/// committed correction are the canvas's; this feature turns them on and off from the actions, and
/// keeps the header's toggle, the bar under the picture, the Proportions menu and straighten mode
/// in step with what the canvas reports. It holds nothing of its own, so it is made when asked for.
@MainActor
struct Perspective {
    unowned let host: any WindowHost
    let bar: PerspectiveBar
    /// Perspective mode and straighten mode exclude each other: entering one leaves the other.
    let straightening: Straightening

    /// The Proportions menu: the action target, the label, and the proportions (width ÷ height) of
    /// the page upright or lying as its corners show it (Measured: the estimate, no ratio locked).
    static let proportions: [(target: String, label: String, ratio: Double?)] = [
        (measured, N_("_Measured"), nil), ("a4", N_("A4"), PaperSize.a4.ratio),
        ("letter", N_("US Letter"), PaperSize.letter.ratio), ("1:1", N_("Square"), 1), ("4:3", "4:3", 4.0 / 3),
        ("3:2", "3:2", 3.0 / 2), ("16:9", "16:9", 16.0 / 9),
    ]
    /// The target of the estimated proportions.
    static let measured = "measured"

    /// The Proportions menu's item for a locked ratio either way up (nil: Measured); none ("") for a
    /// ratio the menu does not offer, such as the one Upright locks to its result.
    static func target(for ratio: Double?) -> String {
        guard let ratio else { return measured }
        for choice in proportions {
            if let r = choice.ratio, abs(r - ratio) < 1e-9 || abs(1 / r - ratio) < 1e-9 { return choice.target }
        }
        return ""
    }

    /// The toggle's handler (the header's button, Ctrl+Shift+P, the main menu): enters or leaves the mode.
    func setMode(_ on: Bool) {
        if on {
            host.canvas.beginPerspective()
        } else {
            host.canvas.cancelPerspective()
        }
        // Refused (no picture): the toggle shows what the canvas did.
        follow()
    }

    /// The canvas entered or left the mode (the toggle, Apply, Return, Escape, a new picture):
    /// straighten mode ends when it begins (the corners took the picture's drags from it), and what
    /// may be done changes.
    func modeChanged(_ on: Bool) {
        if on { straightening.setMode(false) }
        host.refresh(.work)
    }

    /// Apply: the corners are committed as one undo step; the canvas refuses a quadrilateral that
    /// cannot be straightened, and the mode stays on.
    func apply() {
        guard host.canvas.isEditingPerspective, !host.canvas.applyPerspective() else { return }
        host.tell(tr("These corners cannot be straightened: move them apart"))
    }

    /// Cancel: the mode, or guided Upright's lines, end with nothing changed.
    func cancel() {
        host.canvas.guidedUprightMode = false
        host.canvas.cancelPerspective()
        host.refresh(.work)
    }

    /// A choice of the Proportions menu: the proportions the page is straightened to, turned to lie
    /// as its corners do (an A4 page photographed lying gives a landscape A4).
    func chooseProportions(_ target: String) {
        guard let choice = Perspective.proportions.first(where: { $0.target == target }) else { return }
        host.canvas.setPerspectiveRatio(choice.ratio.map { isLandscape ? max($0, 1 / $0) : min($0, 1 / $0) })
        follow()
    }

    /// Guided Upright on or off: a drag on the picture draws a line that should be plumb; two lines apply it.
    func setGuided(_ on: Bool) {
        host.canvas.guidedUprightMode = on
        // The lines took the picture's drags from straighten mode.
        if on { straightening.setMode(false) }
        host.refresh(.work)
    }

    /// The two lines drawn in guided Upright were applied, or could not be: said where the person looks and listens.
    func guided(_ result: UprightResult) {
        host.refresh(.work)
        switch result {
        case .corrected: host.canvas.announce(tr("Verticals straightened"))
        case .noLines:
            host.tell(tr("Those lines cannot make the picture upright: draw two lines along edges that should be plumb"))
        }
    }

    /// Whether the bar's work is on: perspective mode or guided Upright.
    var isShown: Bool { host.canvas.isEditingPerspective || host.canvas.guidedUprightMode }

    /// After any change the window refreshes for: the toggles, the bar and the Proportions menu show
    /// the canvas's modes and the ratio in force, and a committed correction ends straighten mode
    /// (the correction levels the picture itself; the angle is gone).
    func follow() {
        let canvas = host.canvas
        host.setActionState(.perspective, .bool(canvas.isEditingPerspective))
        host.setActionState(.uprightGuided, .bool(canvas.guidedUprightMode))
        bar.widget.isVisible = isShown
        host.setActionState(.perspectiveProportions, .string(Perspective.target(for: canvas.perspectiveRatio)))
        if canvas.editor.perspective != nil, straightening.isOn { straightening.setMode(false) }
    }

    /// Whether the page lies wider than tall, as its corners measure it (the mode's, else the committed ones).
    private var isLandscape: Bool {
        let canvas = host.canvas
        if let editing = canvas.perspectiveEditing {
            return PerspectiveCorrection(quad: editing.quad, picture: editing.picture).proportions > 1
        }
        guard let committed = canvas.editor.perspective else { return false }
        return PerspectiveCorrection(quad: committed.quad, picture: committed.picture).proportions > 1
    }
}
