// One key binding of the crop area (key, modifiers, adjustment, step), also listed in the shortcuts window.

import CGtk
import CropKit
import GtkSupport

/// One key binding of the crop area, also listed in the shortcuts window and the README's keys table.
public struct CropKeyBinding: Sendable {
    let keyval: UInt32
    let modifiers: GdkModifierType
    let adjustment: CropAdjustment
    let unit: CropAdjustment.StepUnit
    /// GTK accelerator syntax, e.g. `<Shift><Control>Right`.
    public let accelerator: String
    public let title: String
}
