// Over the picture while Apply to All saves: what is being saved, an accessible progress bar and Cancel.

import CGtk
import GtkSupport

/// An on-screen display at the picture's foot: "Saving 3 of 40 photos", a progress bar (role
/// progress bar, its value the fraction done, which GTK hands to AT-SPI and Orca follows) and Cancel.
@MainActor
final class BatchStatusBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    let progressBar: UnsafeMutablePointer<GtkWidget>
    let label: UnsafeMutablePointer<GtkWidget>
    let cancelButton: UnsafeMutablePointer<GtkWidget>
    /// Cancel was pressed.
    var onCancel: (() -> Void)?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(widget, "osd")
        gtk_widget_add_css_class(widget, "toolbar")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(widget, 48)
        label = gtk_label_new("")!
        progressBar = gtk_progress_bar_new()!
        gtk_widget_set_size_request(progressBar, 200, -1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        cgtk_accessible_set_label(progressBar, tr("Saving progress"))
        cancelButton = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        for part in [label, progressBar, cancelButton] { gtk_box_append(cgtk_box(widget.raw), part) }
        gtk_widget_set_visible(widget, 0)
        Signal.connect(cancelButton.raw, "clicked") { [weak self] in self?.onCancel?() }
    }

    /// Shows `done` of `total` saved.
    func show(done: Int, total: Int) {
        gtk_label_set_text(cgtk_label(label.raw), Localization.format(tr("Saving %1$d of %2$d photos"), [done, total]))
        gtk_progress_bar_set_fraction(OpaquePointer(progressBar), total > 0 ? Double(done) / Double(total) : 0)
        gtk_widget_set_sensitive(cancelButton, 1)
        gtk_widget_set_visible(widget, 1)
    }

    /// Cancel was pressed: the saves in flight are being stopped.
    func showStopping() {
        gtk_label_set_text(cgtk_label(label.raw), tr("Stopping…"))
        gtk_widget_set_sensitive(cancelButton, 0)
    }

    func hide() { gtk_widget_set_visible(widget, 0) }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }
    var fraction: Double { gtk_progress_bar_get_fraction(OpaquePointer(progressBar)) }
}
