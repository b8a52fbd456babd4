// Facts over the picture's bottom corners: the crop's size (and a JPEG's lossless status) at the left, the zoom at the right.

import CGtk
import Foundation
import GtkSupport

/// The crop's size and the zoom, over the picture: facts about the crop sit by the picture, not
/// in the header, so they never take a control's room and show at any width.
@MainActor
final class PictureStatus {
    /// The bottom-left box: the size label, then the lossless status (added by the header's builder).
    let cropStatus: UnsafeMutablePointer<GtkWidget>
    /// The crop's size in percent, and for a file in pixels too.
    let sizeLabel: UnsafeMutablePointer<GtkWidget>
    /// The zoom percentage, shown only while zoomed.
    let zoomIndicator: UnsafeMutablePointer<GtkWidget>

    init() {
        cropStatus = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        cropStatus.addCSSClasses("osd", "toolbar")
        cropStatus.align(GTK_ALIGN_START, GTK_ALIGN_END)
        cropStatus.setMargins(bottom: 24, start: 24)
        sizeLabel = Widgets.label("")
        // Tabular digits keep the label from jittering while the numbers change.
        for style in ["numeric", "caption"] { sizeLabel.addCSSClasses(style) }
        sizeLabel.setLabelLayout(justify: GTK_JUSTIFY_CENTER)
        cropStatus.append(sizeLabel)
        cropStatus.isVisible = false

        zoomIndicator = Widgets.label("")
        zoomIndicator.addCSSClasses("osd", "numeric")
        zoomIndicator.align(GTK_ALIGN_END, GTK_ALIGN_END)
        zoomIndicator.setMargins(bottom: 24, end: 24)
        gtk_widget_set_can_target(zoomIndicator, 0)
        zoomIndicator.isVisible = false
    }

    /// Shows the crop's size, or with nil clears it and hides the box.
    func showSize(_ text: String?) {
        sizeLabel.labelText = text ?? ""
        cropStatus.isVisible = !(text == nil)
    }

    /// Shows the zoom at `percent` while `zoomed`; nil (no picture) hides it.
    func showZoom(percent: Double?, zoomed: Bool) {
        guard let percent else { zoomIndicator.isVisible = false; return }
        zoomIndicator.labelText = String(format: tr("%d %%"), Int(percent.rounded()))
        zoomIndicator.isVisible = zoomed
    }
}
