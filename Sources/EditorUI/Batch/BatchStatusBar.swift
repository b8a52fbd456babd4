// Over the picture while Apply to All saves: what is being saved, an accessible progress bar and Cancel.

import CGtk
import GtkSupport

/// An on-screen display at the picture's foot: "Saving 3 of 40 photos", a progress bar (role
/// progress bar, its value the fraction done) and Cancel.
///
/// GTK 4.8 sends AT-SPI no event when the bar's value changes (no `accessible-value` property change,
/// no `value-changed`), so Orca 43's progress bar updates never start. What Orca 43 does speak is a new
/// description of the focused widget: the bar takes the focus while saving (as a progress dialog's
/// would) and carries "40 percent saved" in its description, renewed each tenth of the batch, about
/// as often as Orca's own progress bar updates (every 10 s by default).
@MainActor
final class BatchStatusBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    let progressBar: UnsafeMutablePointer<GtkWidget>
    let label: UnsafeMutablePointer<GtkWidget>
    let cancelButton: UnsafeMutablePointer<GtkWidget>
    /// Cancel was pressed.
    var onCancel: (() -> Void)?
    /// The tenth of the batch the description last said, so Orca hears each tenth once.
    private var spokenTenth: Int?
    /// The bar is to take the focus when its window is next active.
    private var wantsFocus = false
    private var watchesWindow = false

    init() {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        widget.addCSSClasses("osd", "toolbar")
        widget.align(GTK_ALIGN_CENTER, GTK_ALIGN_END)
        widget.setMargins(bottom: 48)
        label = Widgets.label("")
        progressBar = Widgets.progressBar()
        progressBar.requestSize(width: 200, height: -1)
        progressBar.valign = GTK_ALIGN_CENTER
        progressBar.setAccessibleLabel(tr("Saving progress"))
        gtk_widget_set_focusable(progressBar, 1)
        cancelButton = Widgets.button(mnemonic: tr("_Cancel"))
        for part in [label, progressBar, cancelButton] { widget.append(part) }
        widget.isVisible = false
        Signal.connect(cancelButton.raw, "clicked") { [weak self] in self?.onCancel?() }
    }

    /// Shows `done` of `total` saved.
    func show(done: Int, total: Int) {
        label.labelText = Localization.format(tr("Saving %1$d of %2$d photos"), [done, total])
        progressBar.progressFraction = total > 0 ? Double(done) / Double(total) : 0
        let percent = total > 0 ? done * 100 / total : 0
        if spokenTenth != percent / 10 {
            spokenTenth = percent / 10
            // Empty below a tenth: on focus Orca already says the value, "0 percent".
            cgtk_accessible_set_description(
                progressBar, percent < 10 ? "" : Localization.format(tr("%d percent saved"), [percent]))
        }
        cancelButton.isSensitive = true
        widget.isVisible = true
    }

    /// Cancel was pressed: the saves in flight are being stopped.
    func showStopping() {
        label.labelText = tr("Stopping…")
        cancelButton.isSensitive = false
    }

    /// Gives the bar the keyboard focus, where Orca follows its description, once `window` is active.
    /// A focus taken while the dialog that started the batch is still up is announced before the window
    /// becomes active again, and Orca 43 drops it; taken after, Orca speaks it.
    func focus(in window: UnsafeMutablePointer<GtkWindow>) {
        wantsFocus = true
        if !watchesWindow {
            watchesWindow = true
            Signal.connectPointer(window, "notify::is-active") { [weak self] _ in self?.takeFocus(in: window) }
        }
        takeFocus(in: window)
    }

    private func takeFocus(in window: UnsafeMutablePointer<GtkWindow>) {
        guard wantsFocus, isShown, window.isActive else { return }
        wantsFocus = false
        // After GTK has told assistive technologies the window is active (in its own handler).
        Task { @MainActor [progressBar] in progressBar.grabFocus() }
    }

    /// Hides the display; true when it had the window's focus (which the caller then puts back).
    @discardableResult
    func hide() -> Bool {
        let focused = progressBar.hasFocus || cancelButton.hasFocus
        widget.isVisible = false
        (spokenTenth, wantsFocus) = (nil, false)
        return focused
    }

    var isShown: Bool { widget.isVisible }
    var fraction: Double { progressBar.progressFraction }
}
