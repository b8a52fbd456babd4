// The aspect-ratio menu in the header bar: presets as radio items, a portrait/landscape swap.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The menu's choices: the action target (what `AspectRatio` reads back) and the label.
    static let ratioChoices: [(target: String, label: String)] = [
        ("free", N_("Free")), ("original", N_("Original")), ("1:1", N_("Square")),
        ("5:4", "5:4"), ("4:3", "4:3"), ("3:2", "3:2"), ("16:10", "16:10"), ("16:9", "16:9"),
    ]

    /// The ratio an action target names (`free`, `original`, `original swapped`, `W:H`).
    nonisolated static func aspectRatio(target: String) -> AspectRatio? {
        switch target {
        case "free": return .free
        case "original": return .original
        case "original swapped": return AspectRatio.original.swapped
        default: return AspectRatio(parsing: target)
        }
    }

    /// A menu button whose label is the current ratio, over a radio list and the swap.
    func makeAspectRatioButton() -> UnsafeMutablePointer<GtkWidget> {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful("aspect-ratio", type, g_variant_new_string("free"))!
        Signal.connectPointer(action.raw, "change-state") { [weak self] value in
            guard let self, let value, let text = g_variant_get_string(OpaquePointer(value), nil),
                  let ratio = EditorWindow.aspectRatio(target: String(cString: text)) else { return }
            self.chooseAspectRatio(ratio)
        }
        g_action_map_add_action(cgtk_action_map(window.raw), action)
        g_object_unref(action.raw)
        addAction("swap-ratio") { [weak self] in
            guard let self else { return }
            self.chooseAspectRatio(self.canvas.aspectRatio.swapped)
        }

        let menu = g_menu_new()!
        let presets = g_menu_new()!
        for choice in EditorWindow.ratioChoices {
            g_menu_append(presets, tr(choice.label), "win.aspect-ratio::\(choice.target)")
        }
        g_menu_append_section(menu, nil, UnsafeMutableRawPointer(presets).assumingMemoryBound(to: GMenuModel.self))
        let swap = g_menu_new()!
        g_menu_append(swap, tr("Swap _Portrait and Landscape"), "win.swap-ratio")
        g_menu_append_section(menu, nil, UnsafeMutableRawPointer(swap).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(presets.raw)
        g_object_unref(swap.raw)

        let button = gtk_menu_button_new()!
        gtk_menu_button_set_label(cgtk_menu_button(button.raw), tr("Free"))
        gtk_menu_button_set_menu_model(cgtk_menu_button(button.raw), UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(menu.raw)
        gtk_widget_set_tooltip_text(button, tr("Aspect ratio of the crop"))
        cgtk_accessible_set_label(button, tr("Aspect ratio"))
        return button
    }

    /// Applies a ratio: the canvas refits and locks, the action's state and the button's label follow.
    func chooseAspectRatio(_ ratio: AspectRatio) {
        canvas.setAspectRatio(ratio)
        if let action = g_action_map_lookup_action(cgtk_action_map(window.raw), "aspect-ratio") {
            g_simple_action_set_state(action, g_variant_new_string(ratio.description))
        }
        let label = EditorWindow.ratioChoices.first { $0.target == ratio.description }.map { tr($0.label) }
            ?? (ratio == AspectRatio.original.swapped ? tr("Original, turned") : ratio.description)
        gtk_menu_button_set_label(cgtk_menu_button(aspectRatioButton.raw), label)
    }
}
