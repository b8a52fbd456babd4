// Typed Swift for how a label lays out its text: ellipsized, wrapped, selectable, aligned.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Sets what is given of this label's layout: where text that does not fit is cut (`…`), how wide
    /// it asks to be in characters, whether it wraps, whether its text can be selected and copied, its
    /// horizontal alignment (0 left, 1 right) and how its lines are justified.
    @MainActor public func setLabelLayout(
        ellipsize: PangoEllipsizeMode? = nil, maxWidthChars: Int32? = nil, wraps: Bool? = nil, selectable: Bool? = nil,
        xalign: Float? = nil, justify: GtkJustification? = nil
    ) {
        let label = cgtk_label(raw)
        if let ellipsize { gtk_label_set_ellipsize(label, ellipsize) }
        if let maxWidthChars { gtk_label_set_max_width_chars(label, maxWidthChars) }
        if let wraps { gtk_label_set_wrap(label, wraps ? 1 : 0) }
        if let selectable { gtk_label_set_selectable(label, selectable ? 1 : 0) }
        if let xalign { gtk_label_set_xalign(label, xalign) }
        if let justify { gtk_label_set_justify(label, justify) }
    }
}
