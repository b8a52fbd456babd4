// The guides menu: which composition guide the frame shows and whether only while dragging, remembered in GSettings.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The guide styles in menu order with their labels.
    static let guideChoices: [(style: GuideStyle, label: String)] = [
        (.thirds, N_("Rule of _Thirds")), (.goldenRatio, N_("_Golden Ratio")), (.grid, N_("G_rid")),
        (.diagonals, N_("_Diagonals")), (.none, N_("_No Guides")),
    ]

    /// The Guides submenu for the primary menu.
    static func guidesMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            guideChoices.map { .action(tr($0.label), "win.guides::\($0.style.rawValue)") },
            [.action(tr("Only While _Dragging"), "win.guides-while-dragging")],
        ])
    }

    /// The two stateful actions, starting from the remembered settings.
    func installGuideActions() {
        let remembered = AppSettings.guides
        canvas.guideStyle = remembered.style
        canvas.guideVisibility = remembered.visibility
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let style = g_simple_action_new_stateful("guides", type, g_variant_new_string(remembered.style.rawValue))!
        Signal.connectPointer(style.raw, "change-state") { [weak self] value in
            guard let self, let value, let text = g_variant_get_string(OpaquePointer(value), nil),
                  let chosen = GuideStyle(rawValue: String(cString: text)) else { return }
            g_simple_action_set_state(style, OpaquePointer(value))
            self.canvas.guideStyle = chosen
            AppSettings.guides = (chosen, self.canvas.guideVisibility)
        }
        g_action_map_add_action(cgtk_action_map(window.raw), style)
        g_object_unref(style.raw)

        let whileDragging = g_simple_action_new_stateful("guides-while-dragging", nil,
                                                          g_variant_new_boolean(remembered.visibility == .whileDragging ? 1 : 0))!
        Signal.connectPointer(whileDragging.raw, "change-state") { [weak self] value in
            guard let self, let value else { return }
            g_simple_action_set_state(whileDragging, OpaquePointer(value))
            self.canvas.guideVisibility = g_variant_get_boolean(OpaquePointer(value)) != 0 ? .whileDragging : .always
            AppSettings.guides = (self.canvas.guideStyle, self.canvas.guideVisibility)
        }
        g_action_map_add_action(cgtk_action_map(window.raw), whileDragging)
        g_object_unref(whileDragging.raw)
    }
}
