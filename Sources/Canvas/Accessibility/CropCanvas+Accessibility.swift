// The canvas as an accessible control: role group ("panel"), label "Crop area", the crop as its description.

import CGtk
import CropKit
import GtkSupport
import Wording

extension CropCanvas {
    /// The accessible name Orca speaks and tests look for.
    nonisolated static let accessibleLabel = N_("Crop area")

    /// GROUP reaches AT-SPI as "panel", which Orca speaks (WIDGET would be a silent "filler").
    nonisolated static func installAccessibleRole(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        gtk_widget_class_set_accessible_role(klass, GTK_ACCESSIBLE_ROLE_GROUP)
    }

    func installAccessibility() {
        widget.setAccessibleLabel(tr(CropCanvas.accessibleLabel))
        updateAccessibleDescription()
    }

    /// Says `words` now, before the crop, in the description (Orca speaks its change): "Copied, …".
    public func announce(_ words: String) {
        announcement = words
        updateAccessibleDescription()
    }

    /// GTK 4.8 does not pass VALUE_TEXT to AT-SPI; the description does, and Orca speaks its changes.
    func updateAccessibleDescription() {
        var value = CropText.accessibilityValue(session.committed, angle: editor.angle)
        if let detail = accessibleDetail { value += ", " + detail }
        cgtk_accessible_set_description(widget, announcement.map { "\($0). \(value)" } ?? value)
        announcement = nil
    }
}
