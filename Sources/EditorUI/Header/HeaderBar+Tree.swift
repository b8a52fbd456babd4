// The header bar's widget tree from header-bar.ui and pixel-popover.ui, its actions and tooltips from the action table.

import CGtk
import GtkSupport

extension HeaderBar {
    /// The header's controls by builder id, and the window action each one stands for.
    static let actions: [(id: String, action: WindowAction)] = [
        ("open", .open), ("previous-photo", .previousPhoto), ("next-photo", .nextPhoto), ("save", .save),
        ("undo", .undo), ("redo", .redo), ("reset", .reset), ("straighten", .straighten), ("perspective", .perspective),
        ("cut-out", .cutOut), ("suggest", .suggest),
        ("previews", .showPreviews),
    ]

    /// Builds the tree. The builder holds the loose parts (the header holds Open, Save and the main
    /// menu; the other controls go into its priority row) until the caller parents them and lets it go.
    static func loadParts() -> HeaderParts {
        let builder = UIFiles.builder("header-bar.ui")
        func widget(_ id: String) -> UnsafeMutablePointer<GtkWidget> { UIFiles.widget(builder, id) }
        // Each control's action, and its tooltip from the action's words and keys.
        for (id, action) in HeaderBar.actions {
            widget(id).setActionName(action.detailed)
            widget(id).tooltip = action.entry.tooltip
        }
        widget("menu").tooltip = WindowAction.showMenu.entry.tooltip
        // The pixel popover comes from its .ui file; the pixel button holds it from now on.
        let popoverTree = UIFiles.builder("pixel-popover.ui")
        widget("pixels").setPopover(UIFiles.widget(popoverTree, "pixel-popover"))
        func pixelWidget(_ id: String) -> UnsafeMutablePointer<GtkWidget> { UIFiles.widget(popoverTree, id) }
        widget("lossless").setActionName(WindowAction.snapLossless.detailed)
        return HeaderParts(
            builder: builder, header: widget("header"), open: widget("open"), menu: widget("menu"), save: widget("save"),
            undo: widget("undo"), redo: widget("redo"), reset: widget("reset"),
            previews: widget("previews"), pixels: widget("pixels"), lossless: widget("lossless"),
            straighten: widget("straighten"), perspective: widget("perspective"), cutOut: widget("cut-out"),
            previousPhoto: widget("previous-photo"), nextPhoto: widget("next-photo"), suggest: widget("suggest"),
            pixelEntries: PixelField.allCases.map { pixelWidget("pixel-\($0)") },
            applyPixels: pixelWidget("pixel-apply"), outputSizeSlot: pixelWidget("output-size-slot"))
    }
}
