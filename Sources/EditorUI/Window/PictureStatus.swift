// Facts shown over the picture's bottom corners: the crop's size (and a JPEG's lossless status) at the left, the zoom at the right.

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
        cropStatus = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(cropStatus, "osd")
        gtk_widget_add_css_class(cropStatus, "toolbar")
        gtk_widget_set_halign(cropStatus, GTK_ALIGN_START)
        gtk_widget_set_valign(cropStatus, GTK_ALIGN_END)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_bottom] { margin(cropStatus, 24) }
        sizeLabel = gtk_label_new("")!
        // Tabular digits keep the label from jittering while the numbers change.
        for style in ["numeric", "caption"] { gtk_widget_add_css_class(sizeLabel, style) }
        gtk_label_set_justify(cgtk_label(sizeLabel.raw), GTK_JUSTIFY_CENTER)
        gtk_box_append(cgtk_box(cropStatus.raw), sizeLabel)
        gtk_widget_set_visible(cropStatus, 0)

        zoomIndicator = gtk_label_new("")!
        gtk_widget_add_css_class(zoomIndicator, "osd")
        gtk_widget_add_css_class(zoomIndicator, "numeric")
        gtk_widget_set_halign(zoomIndicator, GTK_ALIGN_END)
        gtk_widget_set_valign(zoomIndicator, GTK_ALIGN_END)
        for margin in [gtk_widget_set_margin_end, gtk_widget_set_margin_bottom] { margin(zoomIndicator, 24) }
        gtk_widget_set_can_target(zoomIndicator, 0)
        gtk_widget_set_visible(zoomIndicator, 0)
    }

    /// Shows the crop's size, or with nil clears it and hides the box.
    func showSize(_ text: String?) {
        gtk_label_set_text(cgtk_label(sizeLabel.raw), text ?? "")
        gtk_widget_set_visible(cropStatus, text == nil ? 0 : 1)
    }

    /// Shows the zoom at `percent` while `zoomed`; nil (no picture) hides it.
    func showZoom(percent: Double?, zoomed: Bool) {
        guard let percent else { gtk_widget_set_visible(zoomIndicator, 0); return }
        gtk_label_set_text(cgtk_label(zoomIndicator.raw), String(format: tr("%d %%"), Int(percent.rounded())))
        gtk_widget_set_visible(zoomIndicator, zoomed ? 1 : 0)
    }
}
