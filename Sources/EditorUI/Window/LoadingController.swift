// Loading files in a window: which load is the newest, whether one runs, the Open dialog, and the indicator over the picture meanwhile.

import CGtk
import GtkSupport

/// What a window knows about its loads. A load's result is shown only if no newer load began
/// since (and the window is still open); its name shows over the picture at once, a spinner
/// beside it after a moment; never the empty page.
@MainActor
final class LoadingController {
    /// Loads quicker than this show no spinner at all (it would only flash), in milliseconds.
    static let spinnerDelay: UInt32 = 300

    /// The indicator over the picture: a spinner (shown after the delay) and the file's name.
    let indicator: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    let label: UnsafeMutablePointer<GtkWidget>
    /// Counts loads so that only the newest one's result is shown.
    private(set) var generation = 0
    /// Whether a load is running.
    var isLoading = false
    /// The Open dialog while it is open (its only owner).
    var openDialog: GObjectRef?

    init() {
        indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(indicator, "osd")
        gtk_widget_add_css_class(indicator, "toolbar")
        gtk_widget_set_halign(indicator, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(indicator, GTK_ALIGN_CENTER)
        spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_visible(spinner, 0)
        label = gtk_label_new("")!
        gtk_label_set_ellipsize(cgtk_label(label.raw), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label.raw), 40)
        gtk_box_append(cgtk_box(indicator.raw), spinner)
        gtk_box_append(cgtk_box(indicator.raw), label)
        gtk_widget_set_visible(indicator, 0)
    }

    /// A new load begins (or the window closed): every older one's result is dropped. Returns its number.
    @discardableResult
    func supersede() -> Int {
        generation += 1
        return generation
    }

    /// Whether the spinner is on screen (only for loads past the delay).
    var isSpinnerVisible: Bool { gtk_widget_get_visible(spinner) != 0 && gtk_widget_get_visible(indicator) != 0 }

    /// The indicator's text while it shows, nil otherwise (for tests and logs).
    var text: String? {
        guard gtk_widget_get_visible(indicator) != 0 else { return nil }
        return String(cString: gtk_label_get_text(cgtk_label(label.raw)))
    }

    /// Shows that `name` is loading, the spinner joining after the delay if this load still runs then.
    func show(_ name: String) {
        gtk_label_set_text(cgtk_label(label.raw), String(format: tr("Opening “%@”…"), name))
        gtk_widget_set_visible(spinner, 0)
        gtk_widget_set_visible(indicator, 1)
        let shown = generation
        Timer.once(milliseconds: LoadingController.spinnerDelay) { [weak self] in
            guard let self, self.isLoading, shown == self.generation else { return }
            gtk_widget_set_visible(self.spinner, 1)
            gtk_spinner_set_spinning(cgtk_spinner(self.spinner.raw), 1)
        }
    }

    /// Takes the indicator away.
    func hide() {
        gtk_widget_set_visible(indicator, 0)
        gtk_widget_set_visible(spinner, 0)
        gtk_spinner_set_spinning(cgtk_spinner(spinner.raw), 0)
    }
}
