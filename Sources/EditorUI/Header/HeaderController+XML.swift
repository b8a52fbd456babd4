// The header bar's static widget tree as GtkBuilder XML (its words and tooltips from tr() and the action table), with the pixel popover from data/ui.

import CGtk
import GtkSupport

extension HeaderController {
    /// Builds the tree. The builder holds the loose parts (the header holds Open, Save and the main
    /// menu; the other controls go into its priority row) until the caller parents them and lets it go.
    static func loadParts() -> HeaderParts {
        // Types GtkBuilder creates by name must be registered first.
        _ = adw_header_bar_get_type()
        _ = adw_split_button_get_type()
        let builder = gtk_builder_new_from_string(headerXML(), -1)!
        func widget(_ id: String) -> UnsafeMutablePointer<GtkWidget> {
            guard let object = gtk_builder_get_object(builder, id) else { fatalError("header XML has no \(id)") }
            return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        }
        // The pixel popover comes from its .ui file; the pixel button holds it from now on.
        let popoverTree = UIFiles.builder("pixel-popover.ui")
        gtk_menu_button_set_popover(cgtk_menu_button(widget("pixels").raw), UIFiles.widget(popoverTree, "pixel-popover"))
        func pixelWidget(_ id: String) -> UnsafeMutablePointer<GtkWidget> { UIFiles.widget(popoverTree, id) }
        return HeaderParts(
            builder: builder, header: widget("header"), open: widget("open"), menu: widget("menu"), save: widget("save"),
            undo: widget("undo"), redo: widget("redo"), reset: widget("reset"),
            previews: widget("previews"), pixels: widget("pixels"), lossless: widget("lossless"),
            straighten: widget("straighten"),
            previousPhoto: widget("previous-photo"), nextPhoto: widget("next-photo"), suggest: widget("suggest"),
            pixelEntries: PixelField.allCases.map { pixelWidget("pixel-\($0)") },
            applyPixels: pixelWidget("pixel-apply"))
    }

    /// Escaped for an XML text node.
    private static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// An icon button for a window action, with the action's tooltip (its words and keys).
    private static func iconButton(_ id: String, _ type: String = "GtkButton", icon: String, action: WindowAction) -> String {
        """
        <object class="\(type)" id="\(id)">
          <property name="icon-name">\(icon)</property>
          <property name="action-name">\(action.detailed)</property>
          <property name="tooltip-text">\(xml(EditorWindow.entry(action).tooltip))</property>
        </object>
        """
    }

    static func headerXML() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="AdwHeaderBar" id="header">
            <child type="start"><object class="GtkButton" id="open">
              <property name="icon-name">document-open-symbolic</property>
              <property name="action-name">\(WindowAction.open.detailed)</property>
              <property name="tooltip-text">\(xml(EditorWindow.entry(.open).tooltip))</property>
            </object></child>
            <child type="start">\(iconButton("previous-photo", icon: "go-previous-symbolic", action: .previousPhoto))</child>
            <child type="start">\(iconButton("next-photo", icon: "go-next-symbolic", action: .nextPhoto))</child>
            <child type="end"><object class="GtkMenuButton" id="menu">
              <property name="icon-name">open-menu-symbolic</property>
              <property name="primary">1</property>
              <property name="tooltip-text">\(xml(EditorWindow.entry(.showMenu).tooltip))</property>
            </object></child>
            <child type="end"><object class="AdwSplitButton" id="save">
              <property name="label">\(xml(tr("_Save")))</property>
              <property name="use-underline">1</property>
              <property name="action-name">\(WindowAction.save.detailed)</property>
              <property name="tooltip-text">\(xml(EditorWindow.entry(.save).tooltip))</property>
              <property name="dropdown-tooltip">\(xml(tr("Save As or Keep Crop")))</property>
              <style><class name="suggested-action"/></style>
            </object></child>
          </object>
          \(iconButton("undo", icon: "edit-undo-symbolic", action: .undo))
          \(iconButton("redo", icon: "edit-redo-symbolic", action: .redo))
          \(iconButton("reset", icon: "document-revert-symbolic", action: .reset))
          \(iconButton("straighten", "GtkToggleButton", icon: "object-rotate-right-symbolic", action: .straighten))
          \(iconButton("suggest", icon: "starred-symbolic", action: .suggest))
          \(iconButton("previews", "GtkToggleButton", icon: "sidebar-show-right-symbolic", action: .showPreviews))
          <object class="GtkButton" id="lossless">
            <property name="action-name">\(WindowAction.snapLossless.detailed)</property>
            <property name="visible">0</property>
          </object>
          <object class="GtkMenuButton" id="pixels">
            <property name="icon-name">document-edit-symbolic</property>
            <property name="tooltip-text">\(xml(tr("Crop position and size in pixels")))</property>
          </object>
        </interface>
        """
    }
}
