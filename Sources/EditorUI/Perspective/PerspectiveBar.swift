// The perspective bar under the picture from perspective-bar.ui: Find Document, Upright, Proportions, Cancel and Apply.

import CGtk
import GtkSupport

/// The perspective bar's widgets the window keeps. Each button stands for a window action, which
/// it gets here with its tooltip, as the header's controls get theirs.
@MainActor
final class PerspectiveBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The Proportions menu button: Measured, the paper sizes and the usual ratios.
    let proportionsButton: UnsafeMutablePointer<GtkWidget>
    /// The bar, held between the builder letting it go and its parent taking it.
    private var held: GObjectRef?

    /// The bar's buttons by builder id, and the window action each one stands for.
    static let actions: [(id: String, action: WindowAction)] = [
        ("find-document", .findDocument), ("upright", .upright), ("upright-guided", .uprightGuided),
        ("cancel", .cancelPerspective), ("apply", .applyPerspective),
    ]

    init() {
        let tree = UIFiles.builder("perspective-bar.ui")
        widget = UIFiles.widget(tree, "perspective-bar")
        proportionsButton = UIFiles.widget(tree, "proportions")
        for (id, action) in PerspectiveBar.actions {
            let button = UIFiles.widget(tree, id)
            button.setActionName(action.detailed)
            button.tooltip = action.entry.tooltip
        }
        let menu = Menu.sectioned([
            Perspective.proportions.map {
                .action(tr($0.label), WindowAction.perspectiveProportions.detailed($0.target))
            }
        ])
        Menu.handOver(menu, to: proportionsButton.setMenuModel)
        // Held past the builder until `place(in:)` hands it to its parent.
        held = GObjectRef(retaining: widget.raw)
    }

    /// Appends the bar to `box`, which holds it from then on.
    func place(in box: UnsafeMutablePointer<GtkWidget>) {
        box.append(widget)
        held = nil
    }
}
