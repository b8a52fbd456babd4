// The guides over the frame: which composition guide it shows and whether only while dragging, settings shared by every window.

import CGtk
import Canvas
import CropKit
import GtkSupport

/// The Guides submenu and the canvas following its settings. The settings are the state (changed by
/// their actions in any window), so nothing is kept here.
@MainActor
enum Guides {
    /// The guide styles in menu order with their labels.
    static let choices: [(style: GuideStyle, label: String)] = [
        (.thirds, N_("Rule of _Thirds")), (.goldenRatio, N_("_Golden Ratio")), (.grid, N_("G_rid")),
        (.diagonals, N_("_Diagonals")), (.none, N_("_No Guides")),
    ]

    /// The Guides submenu for the main menu (the caller owns it).
    static func menu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            choices.map { .action(tr($0.label), WindowAction.guides.detailed($0.style.rawValue)) },
            [.action(tr("Only While _Dragging"), WindowAction.guidesWhileDragging.detailed)],
        ])
    }

    /// Draws `canvas`'s guides as the settings say, now and whenever they change, for as long as
    /// `window` lives.
    static func follow(on canvas: CropCanvas, in window: UnsafeMutablePointer<GtkWidget>) {
        let apply: @MainActor () -> Void = { [weak canvas] in
            canvas?.guideStyle = AppSettings.guides.style
            canvas?.guideVisibility = AppSettings.guides.visibility
        }
        apply()
        AppSettings.follow([AppSettings.guidesKey, AppSettings.guidesWhileDraggingKey], while: window, apply)
    }
}
