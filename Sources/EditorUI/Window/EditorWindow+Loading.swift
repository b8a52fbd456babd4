// While a file loads: its name over the picture at once, a spinner beside it after 300 ms; never the empty page.

import CGtk
import GtkSupport

extension EditorWindow {
    /// Loads quicker than this show no spinner at all (it would only flash), in milliseconds.
    static let spinnerDelay: UInt32 = 300

    /// The indicator over the picture: a spinner (shown after the delay) and the file’s name, hidden.
    static func loadingIndicatorParts() -> (
        box: UnsafeMutablePointer<GtkWidget>, spinner: UnsafeMutablePointer<GtkWidget>,
        label: UnsafeMutablePointer<GtkWidget>
    ) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_add_css_class(box, "toolbar")
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_visible(spinner, 0)
        let label = gtk_label_new("")!
        gtk_label_set_ellipsize(cgtk_label(label.raw), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label.raw), 40)
        gtk_box_append(cgtk_box(box.raw), spinner)
        gtk_box_append(cgtk_box(box.raw), label)
        gtk_widget_set_visible(box, 0)
        return (box, spinner, label)
    }

    /// Whether the spinner is on screen (only for loads past the delay).
    var isSpinnerVisible: Bool { gtk_widget_get_visible(loadingSpinner) != 0 && gtk_widget_get_visible(loadingIndicator) != 0 }

    /// The loading indicator's text while it shows, nil otherwise (for tests and logs).
    var loadingText: String? {
        guard gtk_widget_get_visible(loadingIndicator) != 0 else { return nil }
        return String(cString: gtk_label_get_text(cgtk_label(loadingLabel.raw)))
    }

    /// Shows that `name` is loading over whatever the window shows (the previous picture, or the
    /// editor's empty canvas instead of the "No Image" page), the spinner joining after the delay.
    func beginLoading(_ name: String) {
        pages.show("editor")
        gtk_label_set_text(cgtk_label(loadingLabel.raw), String(format: tr("Opening “%@”…"), name))
        gtk_widget_set_visible(loadingSpinner, 0)
        gtk_widget_set_visible(loadingIndicator, 1)
        let generation = loadGeneration
        Timer.once(milliseconds: EditorWindow.spinnerDelay) { [weak self] in
            guard let self, self.isLoading, generation == self.loadGeneration else { return }
            gtk_widget_set_visible(self.loadingSpinner, 1)
            gtk_spinner_set_spinning(cgtk_spinner(self.loadingSpinner.raw), 1)
        }
    }

    /// Takes the indicator away; with no picture to return to, the window is empty again.
    func endLoading() {
        gtk_widget_set_visible(loadingIndicator, 0)
        gtk_widget_set_visible(loadingSpinner, 0)
        gtk_spinner_set_spinning(cgtk_spinner(loadingSpinner.raw), 0)
        if canvas.image == nil { pages.show("empty") }
    }
}
