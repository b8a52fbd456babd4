// The view menu's actions: zoom (in, out, fit, 100 %), the fixed-frame mode, the crop's shape, and the zoom indicator.

import CGtk
import CropKit
import Foundation
import GtkSupport

extension EditorWindow {
    /// The crop shapes in menu order with their labels.
    static let shapeChoices: [(shape: CropShape, label: String)] = [(.rectangle, N_("_Rectangle")), (.circle, N_("C_ircle"))]

    /// The Shape and Frame sections of the ratio menu: both are about the frame.
    static func frameMenuSections() -> [[MenuItem]] {
        [
            shapeChoices.map { .action(tr($0.label), WindowAction.shape.detailed($0.shape.rawValue)) },
            [.action(tr("_Fixed Frame (Move the Picture)"), WindowAction.fixedFrame.detailed)],
        ]
    }

    /// The zoom submenu of the primary menu.
    static func zoomMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("Zoom _In"), WindowAction.zoomIn.detailed), .action(tr("Zoom _Out"), WindowAction.zoomOut.detailed),
                .action(tr("_Fit"), WindowAction.zoomFit.detailed),
                .action(tr("_Actual Pixels"), WindowAction.zoomActual.detailed),
            ]
        ])
    }

    /// The fixed-frame mode on or off (the toggle action's state has already changed).
    func setFixedFrame(_ on: Bool) {
        canvas.fixedFrame = on
        // The frame keeps the crop's proportions (switching modes keeps the crop); the avatar
        // square is one click away rather than forced.
        if on, canvas.aspectRatio != .square {
            suggestSquare(tr("The fixed frame has the crop's proportions"))
        }
    }

    /// Sets the shape (the action's radio state follows); a circle on a crop that is not square
    /// suggests the square ratio, since only then is the result round.
    func chooseShape(_ shape: CropShape, suggestingSquare: Bool = true) {
        canvas.shape = shape
        setActionState(.shape, g_variant_new_string(shape.rawValue))
        refresh(.previews)
        if suggestingSquare, shape == .circle, canvas.aspectRatio != .square {
            suggestSquare(tr("A circle crop is round when the crop is square"))
        }
    }

    /// A toast whose button locks the square ratio.
    private func suggestSquare(_ message: String) {
        showToast(message, button: (label: tr("Make Square"), action: WindowAction.aspectRatio.detailed("1:1")))
    }

    /// The zoom over the picture's corner follows the canvas's.
    func updateZoomIndicator() {
        status.showZoom(percent: canvas.zoomPercent, zoomed: canvas.fixedFrame || canvas.zoom != .fit)
    }
}
