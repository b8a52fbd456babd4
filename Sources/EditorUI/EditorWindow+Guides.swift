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
        addChoiceAction("guides", initial: remembered.style.rawValue) { [weak self] value in
            guard let self, let chosen = GuideStyle(rawValue: value) else { return }
            self.setActionState("guides", g_variant_new_string(value))
            self.canvas.guideStyle = chosen
            AppSettings.guides = (chosen, self.canvas.guideVisibility)
        }
        addToggleAction("guides-while-dragging", initial: remembered.visibility == .whileDragging) { [weak self] on in
            guard let self else { return }
            self.canvas.guideVisibility = on ? .whileDragging : .always
            AppSettings.guides = (self.canvas.guideStyle, self.canvas.guideVisibility)
        }
    }
}
