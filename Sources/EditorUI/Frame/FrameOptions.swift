// The frame's options: its shape (rectangle or circle) and the fixed-frame mode, each offering the square ratio.

import CGtk
import CropKit
import Foundation
import GtkSupport

/// The crop's shape and whether the frame stays fixed while the picture moves under it. Both are
/// kept by the canvas; this says so to the menus, and offers the square ratio when a circle or the
/// fixed frame would look best with it. It holds nothing of its own.
@MainActor
struct FrameOptions {
    unowned let host: any WindowHost

    /// The crop shapes in menu order with their labels.
    static let shapeChoices: [(shape: CropShape, label: String)] = [(.rectangle, N_("_Rectangle")), (.circle, N_("C_ircle"))]

    /// The Shape and Frame sections of the ratio menu: both are about the frame.
    static func menuSections() -> [[MenuItem]] {
        [
            shapeChoices.map { .action(tr($0.label), WindowAction.shape.detailed($0.shape.rawValue)) },
            [.action(tr("_Fixed Frame (Move the Picture)"), WindowAction.fixedFrame.detailed)],
        ]
    }

    /// The fixed-frame mode on or off (the toggle action's state has already changed).
    func setFixedFrame(_ on: Bool) {
        host.canvas.fixedFrame = on
        // The frame keeps the crop's proportions (switching modes keeps the crop); the avatar
        // square is one click away rather than forced.
        if on, host.canvas.aspectRatio != .square {
            suggestSquare(tr("The fixed frame has the crop's proportions"))
        }
    }

    /// Sets the shape (the action's radio state follows); a circle on a crop that is not square
    /// suggests the square ratio, since only then is the result round.
    func chooseShape(_ shape: CropShape) {
        host.canvas.shape = shape
        host.setActionState(.shape, .string(shape.rawValue))
        host.refresh(.previews)
        if shape == .circle, host.canvas.aspectRatio != .square {
            suggestSquare(tr("A circle crop is round when the crop is square"))
        }
    }

    /// Ctrl+Shift+O: the other shape.
    func toggleShape() { chooseShape(host.canvas.shape == .circle ? .rectangle : .circle) }

    /// A toast whose button locks the square ratio.
    private func suggestSquare(_ message: String) {
        host.showToast(message, button: ToastButton(label: tr("Make Square"), action: WindowAction.aspectRatio.detailed("1:1")))
    }
}
