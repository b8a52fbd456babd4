// Loading in a window: which load is the newest, whether one runs, the Open dialog, the indicator over the picture.

import CGtk
import GtkSupport

/// What a window knows about its loads. A load's result is shown only if no newer load began
/// since (and the window is still open); its name shows over the picture at once, a spinner
/// beside it after a moment; never the empty page.
@MainActor
final class Loading {
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
        indicator = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        indicator.addCSSClasses("osd", "toolbar")
        indicator.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        spinner = Widgets.spinner()
        spinner.requestSize(width: 32, height: 32)
        spinner.isVisible = false
        label = Widgets.label("")
        label.setLabelLayout(ellipsize: PANGO_ELLIPSIZE_MIDDLE, maxWidthChars: 40)
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
    var text: String? { indicator.isVisible ? label.labelText : nil }

    /// Shows that `name` is loading, the spinner joining after the delay if this load still runs then.
    func show(_ name: String) {
        label.labelText = String(format: tr("Opening “%@”…"), name)
        spinner.isVisible = false
        indicator.isVisible = true
        let shown = generation
        Timer.once(milliseconds: Loading.spinnerDelay) { [weak self] in
            guard let self, self.isLoading, shown == self.generation else { return }
            self.spinner.isVisible = true
            self.spinner.isSpinning = true
        }
    }

    /// Takes the indicator away.
    func hide() {
        indicator.isVisible = false
        spinner.isVisible = false
        spinner.isSpinning = false
    }
}
