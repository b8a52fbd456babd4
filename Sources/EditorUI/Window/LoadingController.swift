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
    /// Whether the clipboard has a picture to paste (Paste opens like Open).
    let paste = PasteController()

    init() {
        indicator = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        indicator.addCSSClasses("osd")
        indicator.addCSSClasses("toolbar")
        indicator.halign = GTK_ALIGN_CENTER
        indicator.valign = GTK_ALIGN_CENTER
        spinner = gtk_spinner_new()!
        spinner.requestSize(width: 32, height: 32)
        spinner.isVisible = false
        label = Widgets.label("")
        gtk_label_set_ellipsize(cgtk_label(label.raw), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(label.raw), 40)
        indicator.append(spinner)
        indicator.append(label)
        indicator.isVisible = false
    }

    /// A new load begins (or the window closed): every older one's result is dropped. Returns its number.
    @discardableResult
    func supersede() -> Int {
        generation += 1
        return generation
    }

    /// Whether the spinner is on screen (only for loads past the delay).
    var isSpinnerVisible: Bool { spinner.isVisible && indicator.isVisible }

    /// The indicator's text while it shows, nil otherwise (for tests and logs).
    var text: String? {
        guard indicator.isVisible else { return nil }
        return String(cString: gtk_label_get_text(cgtk_label(label.raw)))
    }

    /// Shows that `name` is loading, the spinner joining after the delay if this load still runs then.
    func show(_ name: String) {
        label.labelText = String(format: tr("Opening “%@”…"), name)
        spinner.isVisible = false
        indicator.isVisible = true
        let shown = generation
        Timer.once(milliseconds: LoadingController.spinnerDelay) { [weak self] in
            guard let self, self.isLoading, shown == self.generation else { return }
            self.spinner.isVisible = true
            gtk_spinner_set_spinning(cgtk_spinner(self.spinner.raw), 1)
        }
    }

    /// Takes the indicator away.
    func hide() {
        indicator.isVisible = false
        spinner.isVisible = false
        gtk_spinner_set_spinning(cgtk_spinner(spinner.raw), 0)
    }
}
