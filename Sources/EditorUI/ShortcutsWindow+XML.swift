// The GtkBuilder XML of the shortcuts window, generated from the shortcut tables (kept apart: no translatable literals here).

extension ShortcutsWindow {
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
        let groups = [(sectionTitles.general, windowShortcuts.map { row($0.accels.joined(separator: " "), tr($0.title)) }),
                      (sectionTitles.crop, cropAreaShortcuts.map { row($0.accelerator, tr($0.title)) })]
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">12</property>
        \(groups.map { group($0.0, $0.1) }.joined(separator: "\n"))
            </object></child>
          </object>
        </interface>
        """
    }
}
