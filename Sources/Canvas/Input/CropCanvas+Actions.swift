// The crop area's actions and their keys: the nine AT-SPI lists for moving and sizing, the key steps, Escape, Suggest and Trim.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// Installs `action` on the canvas's class: `run` gets the canvas the action was activated on
    /// and the action's parameter, if it takes one (`parameterType`).
    nonisolated static func install(
        _ action: CanvasAction, on klass: UnsafeMutablePointer<GtkWidgetClass>, parameterType: String? = nil,
        _ run: @escaping @MainActor @Sendable (CropCanvas, ActionParameter?) -> Void
    ) {
        klass.installAction(action.detailed, parameterType: parameterType) { widget, parameter in
            guard let canvas = CropCanvas.state.get(widget.raw) else { return }
            run(canvas, parameter)
        }
    }

    nonisolated static func installActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // The nine parameterless actions AT-SPI lists (each a step of 0.05: 5 % of the image).
        for adjustment in CropAdjustment.allCases {
            install(.adjust(adjustment), on: klass) { canvas, _ in
                // In perspective mode a screen reader's action moves the chosen corner, as the arrows do.
                if canvas.movePerspectiveCorner(adjustment, unit: .percent) { return }
                if canvas.moveCutByKey(adjustment, unit: .percent) { return }
                canvas.apply(adjustment)
            }
        }
        // Key steps carry a parameter, which also keeps them out of the AT-SPI action list.
        install(.keyAdjust, on: klass, parameterType: "(si)") { canvas, parameter in
            guard canvas.image != nil, let (name, unit) = parameter?.stringAndInt,
                let adjustment = CropAdjustment(actionName: name), let unit = CropAdjustment.StepUnit(rawValue: Int(unit))
            else { return }
            if canvas.movePerspectiveCorner(adjustment, unit: unit) || canvas.moveCutByKey(adjustment, unit: unit) { return }
            let size = canvas.straightenedSize
            canvas.apply(adjustment, step: CropAdjustment.keyStep(unit, imageWidth: size.width, imageHeight: size.height))
        }
        install(.cancelDrag, on: klass) { canvas, _ in canvas.cancelDrag() }
        install(.escapeKey, on: klass, parameterType: "(si)") { canvas, _ in canvas.escape() }
        // Listed by AT-SPI with the other crop.* actions; the window does the work (it knows the
        // file to suggest from, the picture to trim).
        install(.suggest, on: klass) { canvas, _ in canvas.onEvent?(.suggestAsked) }
        install(.trim, on: klass) { canvas, _ in canvas.onEvent?(.trimAsked) }
    }

    nonisolated static func installKeyBindings(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        for binding in keyBindings {
            klass.bindKey(
                binding.keyval, binding.modifiers, to: CanvasAction.keyAdjust.detailed,
                string: binding.adjustment.actionName, int: Int32(binding.unit.rawValue))
        }
        klass.bindKey(GDK_KEY_Escape, to: CanvasAction.escapeKey.detailed, string: "escape", int: 0)
        klass.bindKey(GDK_KEY_BackSpace, GDK_CONTROL_MASK, to: CanvasAction.adjust(.reset).detailed)
        for key in [GDK_KEY_s, GDK_KEY_S] { klass.bindKey(key, to: CanvasAction.suggest.detailed) }
        for key in [GDK_KEY_t, GDK_KEY_T] { klass.bindKey(key, to: CanvasAction.trim.detailed) }
    }
}
