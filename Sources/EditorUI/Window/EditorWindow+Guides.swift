// The guides menu: which composition guide the frame shows and whether only while dragging (settings as actions).

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
            guideChoices.map { .action(tr($0.label), WindowAction.guides.detailed($0.style.rawValue)) },
            [.action(tr("Only While _Dragging"), WindowAction.guidesWhileDragging.detailed)],
        ])
    }
}
