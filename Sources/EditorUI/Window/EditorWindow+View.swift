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
        refreshPreviews()
        if suggestingSquare, shape == .circle, canvas.aspectRatio != .square {
            suggestSquare(tr("A circle crop is round when the crop is square"))
        }
    }

    /// A toast whose button locks the square ratio.
    private func suggestSquare(_ message: String) {
        showToast(message, button: (label: tr("Make Square"), action: WindowAction.aspectRatio.detailed("1:1")))
    }

    /// The zoom percentage over the picture's corner, shown only while zoomed.
    func makeZoomIndicator() -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new("")!
        gtk_widget_add_css_class(label, "osd")
        gtk_widget_add_css_class(label, "numeric")
        gtk_widget_set_halign(label, GTK_ALIGN_END)
        gtk_widget_set_valign(label, GTK_ALIGN_END)
        for margin in [gtk_widget_set_margin_end, gtk_widget_set_margin_bottom] { margin(label, 24) }
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_visible(label, 0)
        return label
    }

    /// The crop's size, and the lossless status of a JPEG (added by the header's builder), over the
    /// picture's bottom-left corner (the zoom shows at the right): facts about the crop sit by the
    /// picture, not in the header, so they never take a control's room and show at any width.
    static func makeCropStatus() -> (box: UnsafeMutablePointer<GtkWidget>, size: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_add_css_class(box, "toolbar")
        gtk_widget_set_halign(box, GTK_ALIGN_START)
        gtk_widget_set_valign(box, GTK_ALIGN_END)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_bottom] { margin(box, 24) }
        let label = gtk_label_new("")!
        // Tabular digits keep the label from jittering while the numbers change.
        for style in ["numeric", "caption"] { gtk_widget_add_css_class(label, style) }
        gtk_label_set_justify(cgtk_label(label.raw), GTK_JUSTIFY_CENTER)
        gtk_box_append(cgtk_box(box.raw), label)
        gtk_widget_set_visible(box, 0)
        return (box, label)
    }

    func updateZoomIndicator() {
        guard let percent = canvas.zoomPercent else { gtk_widget_set_visible(zoomIndicator, 0); return }
        let zoomed = canvas.fixedFrame || canvas.zoom != .fit
        gtk_label_set_text(cgtk_label(zoomIndicator.raw), String(format: tr("%d %%"), Int(percent.rounded())))
        gtk_widget_set_visible(zoomIndicator, zoomed ? 1 : 0)
    }
}
