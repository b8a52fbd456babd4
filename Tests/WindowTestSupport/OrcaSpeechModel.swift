// What Orca 43 speaks for an AT-SPI object, after its speech generator, so tests can check every phrase on a path.

import Foundation

@testable import TestSupport

/// Orca 43.1 (Debian 12), read from /usr/lib/python3/dist-packages/orca: for the focused object it speaks
/// label and name, then the role ("labelAndName + roleName"); before it, every ancestor down from where the
/// focus was that is not "layout only" (script_utilities.isLayoutOnly), each by its role's "focused" format
/// in formatting.py: a panel by label, name and role, a frame by its name, a push button only by its
/// expanded state, most roles not at all. The label is the text of the objects "labelled by" names; the name
/// is left out when all its words are in the label.
enum OrcaSpeechModel {
    /// Roles whose ancestor format is labelAndName + roleName.
    static let labelAndNameRoles: Set<String> = [
        "panel", "form", "tool bar", "status bar", "tree", "canvas", "icon",
        "column header", "row header", "landmark", "layered pane",
    ]
    /// Roles whose ancestor format is labelOrName (+ roleName, except for a frame).
    static let labelOrNameRoles: Set<String> = [
        "frame", "dialog", "menu", "combo box", "list", "list box", "article",
        "comment", "embedded", "section", "page tab", "region", "feed",
        "description list", "radio menu item", "entry", "text", "paragraph",
        "password text", "heading",
    ]

    /// What Orca says on focusing `node`, e.g. "Reset crop push button".
    static func focusPhrase(_ node: AtspiNode) -> String {
        [labelAndName(node), node.roleName ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What Orca says for `node` as an ancestor of the focus, or nil where it says nothing of its name.
    static func ancestorPhrase(_ node: AtspiNode) -> String? {
        let role = node.roleName ?? ""
        // Layout only: nothing to display (no label, no name), unless it is a window.
        let both = labelAndName(node)
        if both.isEmpty, role != "frame", role != "dialog" { return nil }
        if labelAndNameRoles.contains(role) { return both + " " + role }
        if labelOrNameRoles.contains(role) {
            let labelText = label(node), labelOrName = labelText.isEmpty ? (node.name ?? "") : labelText
            return role == "frame" ? labelOrName : labelOrName + " " + role
        }
        return nil
    }

    /// The text of the objects labelling `node` (itself and its ancestors left out, as Orca does).
    static func label(_ node: AtspiNode) -> String {
        let ancestors = node.ancestors.map(\.pointer)
        return node.labelledBy.filter { $0.pointer != node.pointer && !ancestors.contains($0.pointer) }
            .compactMap(\.name).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Orca's labelAndName: the label, then the name unless each of its words is already in the label.
    static func labelAndName(_ node: AtspiNode) -> String {
        let labelText = label(node), name = node.name ?? ""
        if labelText.isEmpty { return name }
        if name.isEmpty || Set(words(name)).isSubset(of: Set(words(labelText))) { return labelText }
        return labelText + " " + name
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// A GTK or libadwaita class name ("GtkStackPage", "AdwGizmo"), as GTK 4.8 falls back to for unnamed objects.
    static func classNames(in phrase: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"\b(Gtk|Adw)[A-Z][A-Za-z]*"#)
        return regex.matches(in: phrase, range: NSRange(phrase.startIndex..., in: phrase))
            .map { (phrase as NSString).substring(with: $0.range) }
    }
}
