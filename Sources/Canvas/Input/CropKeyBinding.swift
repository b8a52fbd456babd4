// The crop area's key bindings as one table: the arrow keys with Shift and Ctrl, listed also in the shortcuts window.

import CGtk
import CropKit
import GtkSupport
import Wording

/// One key binding of the crop area, also listed in the shortcuts window and the README's keys table.
public struct CropKeyBinding: Sendable {
    let keyval: Int32
    let modifiers: GdkModifierType
    let adjustment: CropAdjustment
    let unit: CropAdjustment.StepUnit
    /// GTK accelerator syntax, e.g. `<Shift><Control>Right`.
    public let accelerator: String
    public let title: String
}

extension CropCanvas {
    /// Reset of the crop area; Ctrl+R is rotate in GNOME image tools, so reset takes Ctrl+Backspace.
    public nonisolated static let resetAccelerator = "<Control>BackSpace"

    /// Arrows move by 1 %, Shift+arrows resize by 1 %, Ctrl makes either one image pixel.
    public nonisolated static let keyBindings: [CropKeyBinding] = {
        let arrows: [(Int32, String, CropAdjustment, CropAdjustment)] = [
            (GDK_KEY_Left, "Left", .moveLeft, .makeNarrower),
            (GDK_KEY_Right, "Right", .moveRight, .makeWider),
            (GDK_KEY_Up, "Up", .moveUp, .makeShorter),
            (GDK_KEY_Down, "Down", .moveDown, .makeTaller),
        ]
        var bindings: [CropKeyBinding] = []
        for unit in CropAdjustment.StepUnit.allCases {
            let ctrl = unit == .pixel
            for shift in [false, true] {
                for (keyval, name, move, resize) in arrows {
                    let adjustment = shift ? resize : move
                    var mods = GdkModifierType(0)
                    if shift { mods = GdkModifierType(mods.rawValue | GDK_SHIFT_MASK.rawValue) }
                    if ctrl { mods = GdkModifierType(mods.rawValue | GDK_CONTROL_MASK.rawValue) }
                    let accel = (shift ? "<Shift>" : "") + (ctrl ? "<Control>" : "") + name
                    let title = CropCanvas.keyTitle(adjustment, unit: unit)
                    bindings.append(
                        CropKeyBinding(
                            keyval: keyval, modifiers: mods, adjustment: adjustment,
                            unit: unit, accelerator: accel, title: title))
                }
            }
        }
        return bindings
    }()
}

extension CropCanvas {
    /// The shortcuts window's words for a key, as literals so they can be translated.
    nonisolated static func keyTitle(_ adjustment: CropAdjustment, unit: CropAdjustment.StepUnit) -> String {
        switch (adjustment, unit) {
        case (.moveLeft, .percent): return N_("Move left by 1 %")
        case (.moveRight, .percent): return N_("Move right by 1 %")
        case (.moveUp, .percent): return N_("Move up by 1 %")
        case (.moveDown, .percent): return N_("Move down by 1 %")
        case (.makeWider, .percent): return N_("Make wider by 1 %")
        case (.makeNarrower, .percent): return N_("Make narrower by 1 %")
        case (.makeTaller, .percent): return N_("Make taller by 1 %")
        case (.makeShorter, .percent): return N_("Make shorter by 1 %")
        case (.moveLeft, .pixel): return N_("Move left by one pixel")
        case (.moveRight, .pixel): return N_("Move right by one pixel")
        case (.moveUp, .pixel): return N_("Move up by one pixel")
        case (.moveDown, .pixel): return N_("Move down by one pixel")
        case (.makeWider, .pixel): return N_("Make wider by one pixel")
        case (.makeNarrower, .pixel): return N_("Make narrower by one pixel")
        case (.makeTaller, .pixel): return N_("Make taller by one pixel")
        case (.makeShorter, .pixel): return N_("Make shorter by one pixel")
        case (.reset, _): return N_("Reset")
        }
    }
}
