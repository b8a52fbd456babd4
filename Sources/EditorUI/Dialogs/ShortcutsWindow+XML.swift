// The GtkBuilder XML of the shortcuts window, generated from the shortcut tables (kept apart: no translatable literals here).

extension ShortcutsWindow {
    /// Rows in a column, enough for every group on one page (two columns: File, Edit and View, then
    /// the crop area). GTK 4.8 reverses the page order each time it reflows more than one page, so a
    /// second page would put View and the crop area before File and Edit.
    static var maxHeight: Int {
        let heights = groups.map { $0.rows.count + 1 }  // a group's height counts its title too
        return max(heights.dropLast().reduce(0, +), heights.last ?? 0)
    }

    /// GtkShortcutsWindow is designed to be built from GtkBuilder XML.
    static func builderXML() -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        func row(_ accel: String, _ title: String) -> String {
            """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(escape(accel))</property>
                  <property name="title">\(escape(title))</property>
                </object></child>
            """
        }
        func group(_ title: String, _ rows: [String]) -> String {
            """
              <child><object class="GtkShortcutsGroup">
                <property name="title">\(escape(title))</property>
            \(rows.joined(separator: "\n"))
              </object></child>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">\(maxHeight)</property>
            \(groups.map { group($0.title, $0.rows.map { row($0.accelerator, $0.title) }) }.joined(separator: "\n"))
                </object></child>
              </object>
            </interface>
            """
    }
}
