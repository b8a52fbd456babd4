// The canvas as an accessible control: a "panel" labelled "Crop area", described by the crop and the window's additions.

import CGtk
import CropKit
import GtkSupport
import Wording

/// What the accessible description says besides the crop.
struct SpokenExtras {
    /// Said before the crop in the next description, once.
    var announcement: String?
    /// Said after the crop in every description, or nil.
    var detail: String?
    /// Whether the description waits for the end of a change made in several steps (`describingOnce`).
    var held = false
}

extension CropCanvas {
    /// The accessible name Orca speaks and tests look for.
    nonisolated static let accessibleLabel = N_("Crop area")

    /// GROUP reaches AT-SPI as "panel", which Orca speaks (WIDGET would be a silent "filler").
    nonisolated static func installAccessibleRole(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        klass.setAccessibleRole(GTK_ACCESSIBLE_ROLE_GROUP)
    }

    func installAccessibility() {
        widget.setAccessibleLabel(tr(CropCanvas.accessibleLabel))
        updateAccessibleDescription()
    }

    /// Said before the crop in the next accessible description, once (the photo changed: Orca
    /// speaks a changed description of the focused crop area).
    public var announcement: String? {
        get { spoken.announcement }
        set { spoken.announcement = newValue }
    }

    /// Said after the crop in the accessible description (the window's output size), or nil.
    public var accessibleDetail: String? {
        get { spoken.detail }
        set {
            guard newValue != spoken.detail else { return }
            spoken.detail = newValue
            updateAccessibleDescription()
        }
    }

    /// Says `words` now, before the crop, in the description (Orca speaks its change): "Copied, …".
    public func announce(_ words: String) {
        spoken.announcement = words
        updateAccessibleDescription()
    }

    /// Runs `change` and describes the crop area once at its end, with any announcement made meanwhile
    /// before it: Orca speaks one sentence ("Document found. …"), not the new corners or crop and then
    /// the words with them again.
    public func describingOnce(_ change: () -> Void) {
        guard !spoken.held else { return change() }
        spoken.held = true
        change()
        spoken.held = false
        updateAccessibleDescription()
    }

    /// GTK 4.8 does not pass VALUE_TEXT to AT-SPI; the description does, and Orca speaks its changes.
    func updateAccessibleDescription() {
        guard !spoken.held else { return }
        var value =
            perspectiveEditing.map(CropText.perspectiveValue)
            ?? CropText.accessibilityValue(session.committed, angle: editor.angle, rectified: editor.perspective != nil)
        if perspectiveEditing == nil, editor.frameCount > 1 {
            let ratio = editor.frameName.flatMap(CropText.ratioWords).map { $0 + ", " } ?? ""
            value = CropText.framePlace(editor.activeFrame, of: editor.frameCount) + ", " + ratio + value
        }
        if let cut = cutOutWords { value = cut + ", " + value }
        if let detail = spoken.detail { value += ", " + detail }
        widget.setAccessibleDescription(spoken.announcement.map { "\($0). \(value)" } ?? value)
        spoken.announcement = nil
    }
}
