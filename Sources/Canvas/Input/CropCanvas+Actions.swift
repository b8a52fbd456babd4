// Keyboard and accessibility actions of the canvas: the nine crop.* actions, key bindings for each, Escape, reset.

import CGtk
import CropKit
import GtkSupport
import Wording

extension CropCanvas {
    /// Reset of the crop area; Ctrl+R is rotate in GNOME image tools, so reset takes Ctrl+Backspace.
    public nonisolated static let resetAccelerator = "<Control>BackSpace"

    /// Arrows move by 1 %, Shift+arrows resize by 1 %, Ctrl makes either one image pixel.
    public nonisolated static let keyBindings: [CropKeyBinding] = {
        let arrows: [(UInt32, String, CropAdjustment, CropAdjustment)] = [
            (UInt32(GDK_KEY_Left), "Left", .moveLeft, .makeNarrower),
            (UInt32(GDK_KEY_Right), "Right", .moveRight, .makeWider),
            (UInt32(GDK_KEY_Up), "Up", .moveUp, .makeShorter),
            (UInt32(GDK_KEY_Down), "Down", .moveDown, .makeTaller),
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

    nonisolated static func installActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // The nine parameterless actions AT-SPI lists (each a step of 0.05: 5 % of the image).
        for adjustment in CropAdjustment.allCases {
            gtk_widget_class_install_action(klass, CanvasAction.adjust(adjustment).detailed, nil) { widget, name, _ in
                nonisolated(unsafe) let widget = widget
                let action = name.map { String(cString: $0) } ?? ""
                MainActor.assumeIsolated {
                    // GTK hands the detailed name: the case is found by the part after the group.
                    let inGroup = action.split(separator: ".", maxSplits: 1).last.map(String.init) ?? ""
                    guard let canvas = CropCanvas.state.get(widget), case .adjust(let adjustment)? = CanvasAction(name: inGroup)
                    else { return }
                    canvas.apply(adjustment)
                }
            }
        }
        // Key steps carry a parameter, which also keeps them out of the AT-SPI action list.
        gtk_widget_class_install_action(klass, CanvasAction.keyAdjust.detailed, "(si)") { widget, _, parameter in
            nonisolated(unsafe) let widget = widget
            guard let parameter else { return }
            var name: UnsafePointer<CChar>?
            let namePointer = g_variant_get_child_value(parameter, 0)!
            let unitPointer = g_variant_get_child_value(parameter, 1)!
            name = g_variant_get_string(namePointer, nil)
            let adjustmentName = name.map { String(cString: $0) } ?? ""
            let unitValue = Int(g_variant_get_int32(unitPointer))
            g_variant_unref(namePointer)
            g_variant_unref(unitPointer)
            MainActor.assumeIsolated {
                guard let canvas = CropCanvas.state.get(widget), let image = canvas.image,
                    let adjustment = CropAdjustment(actionName: adjustmentName),
                    let unit = CropAdjustment.StepUnit(rawValue: unitValue)
                else { return }
                _ = image
                canvas.apply(
                    adjustment,
                    step: CropAdjustment.keyStep(
                        unit, imageWidth: canvas.straightenedSize.width,
                        imageHeight: canvas.straightenedSize.height))
            }
        }
        gtk_widget_class_install_action(klass, CanvasAction.cancelDrag.detailed, nil) { widget, _, _ in
            nonisolated(unsafe) let widget = widget
            MainActor.assumeIsolated { CropCanvas.state.get(widget)?.cancelDrag() }
        }
    }

    nonisolated static func installKeyBindings(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        for binding in keyBindings {
            cgtk_widget_class_add_binding_action_si(
                klass, binding.keyval, binding.modifiers, CanvasAction.keyAdjust.detailed,
                binding.adjustment.actionName, Int32(binding.unit.rawValue))
        }
        cgtk_widget_class_add_binding_action(klass, UInt32(GDK_KEY_Escape), GdkModifierType(0), CanvasAction.cancelDrag.detailed)
        cgtk_widget_class_add_binding_action(
            klass, UInt32(GDK_KEY_BackSpace), GDK_CONTROL_MASK,
            CanvasAction.adjust(.reset).detailed)
    }
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
