// The Output Size choice beside the ratio: the size the crop is saved at, its menu of presets and remembered sizes, its button's label.

import CGtk
import CropKit
import GtkSupport
import Wording

/// The output size in force for the window's saves and its menu button. The window asks it for the
/// size; CropKit says what the size means for a crop (`OutputPlan`).
@MainActor
final class OutputSizeController {
    /// The size Save, Save As, Ctrl+Return, Keep Crop and Apply to All use.
    private(set) var size: OutputSize = .original
    /// The menu button beside the ratio; its label is the size in force.
    let button: UnsafeMutablePointer<GtkWidget>
    /// The custom-size dialog while it is open (tests answer it).
    var customDialog: UnsafeMutablePointer<GtkWidget>?
    /// The size of the monitor the window is on, in device pixels, asked each time the menu opens.
    var screen: () -> PixelSize? = { nil }

    /// How many typed sizes the menu keeps offering.
    static let rememberedCount = 5
    /// The action target for the crop's own size (every other size's is its `storedText`).
    nonisolated static let originalTarget = "original"

    init() {
        button = gtk_menu_button_new()!
        button.tooltip = tr("The size the crop is saved at")
        button.setAccessibleLabel(tr("Output size"))
        button.setMenuButtonLabel(OutputSizeWords.label(.original))
        // The menu is made as it opens, so This Screen is the monitor the window is on then.
        gtk_menu_button_set_create_popup_func(
            cgtk_menu_button(button.raw),
            { button, data in
                guard let button, let data else { return }
                let controller = Unmanaged<OutputSizeController>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { controller.rebuildMenu(on: button) }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        rebuildMenu(on: cgtk_menu_button(button.raw))
    }

    /// The size an action target names, or nil.
    nonisolated static func size(target: String) -> OutputSize? {
        target == originalTarget ? .original : OutputSize(storedText: target)
    }

    nonisolated static func target(_ size: OutputSize) -> String { size.storedText ?? originalTarget }

    /// Makes `size` the one in force (the caller locks the ratio); a typed one is remembered.
    func choose(_ size: OutputSize, typed: Bool = false) {
        self.size = size
        button.setMenuButtonLabel(OutputSizeWords.label(size))
        if typed, size != .original {
            let text = OutputSizeController.target(size)
            AppSettings.customOutputSizes = Array(
                ([text] + AppSettings.customOutputSizes.filter { $0 != text }).prefix(OutputSizeController.rememberedCount))
        }
    }

    /// The menu: Original, the presets (social media and screens, then prints), the sizes typed
    /// before, and Custom….
    private func rebuildMenu(on button: OpaquePointer) {
        let screen = self.screen()
        func item(_ label: String, _ size: OutputSize) -> MenuItem {
            .action(label, WindowAction.outputSize.detailed(OutputSizeController.target(size)))
        }
        let presets = OutputSizePreset.allCases.compactMap { preset -> (OutputSizePreset, OutputSize)? in
            preset.size(screen: screen).map { (preset, $0) }
        }
        func named(_ preset: OutputSizePreset, _ size: OutputSize) -> MenuItem {
            item(Localization.format(tr("%1$s (%2$s)"), [OutputSizeWords.name(preset), OutputSizeWords.label(size)]), size)
        }
        let remembered = AppSettings.customOutputSizes.compactMap(OutputSize.init(storedText:)).map {
            item(OutputSizeWords.label($0), $0)
        }
        let menu = Menu.sectioned(
            [
                [item(OutputSizeWords.label(.original), .original)],
                presets.filter { !$0.0.isPrint }.map(named),
                presets.filter { $0.0.isPrint }.map(named),
                remembered,
                [.action(tr("C_ustom Size…"), WindowAction.customOutputSize.detailed)],
            ].filter { !$0.isEmpty })
        gtk_menu_button_set_menu_model(button, menu)
        g_object_unref(menu.raw)
    }
}
