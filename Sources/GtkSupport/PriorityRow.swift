// A row of widgets showing as many as fit its width, dropping the least important first.

import CGtk

/// A horizontal row laid out by a GtkCustomLayout. Its minimum width is that of the children that
/// must stay (so a window can be made narrower than all of them together); when it is allocated
/// less than its natural width, children are hidden (child-visible off) from the lowest priority up,
/// and `onHiddenChange` hears which, so their functions can be offered elsewhere (a menu).
/// One child may be flexible: it gets every point left over (a title between two groups).
@MainActor
public final class PriorityRow {
    nonisolated static let state = InstanceState<PriorityRow>(key: "priority-row")
    /// Children that are never hidden.
    public static let required = Int.max

    public let widget: UnsafeMutablePointer<GtkWidget>
    private let spacing: Int
    private var items: [(widget: UnsafeMutablePointer<GtkWidget>, priority: Int, flexible: Bool)] = []
    /// The children hidden for lack of room at the last allocation, in the row's order.
    public private(set) var hidden: [UnsafeMutablePointer<GtkWidget>] = []
    /// Runs after an allocation that hid or showed children (outside the layout pass).
    public var onHiddenChange: (@MainActor ([UnsafeMutablePointer<GtkWidget>]) -> Void)?

    public init(spacing: Int) {
        self.spacing = spacing
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_set_layout_manager(
            widget,
            gtk_custom_layout_new(
                nil,
                { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                    nonisolated(unsafe) let widget = widget
                    let measured: (minimum: Int, natural: Int) = MainActor.assumeIsolated {
                        PriorityRow.state.get(widget.map { UnsafeMutableRawPointer($0) })?.measure(orientation) ?? (0, 0)
                    }
                    minimum?.pointee = Int32(measured.minimum)
                    natural?.pointee = Int32(measured.natural)
                    minimumBaseline?.pointee = -1
                    naturalBaseline?.pointee = -1
                },
                { widget, width, height, _ in
                    nonisolated(unsafe) let widget = widget
                    MainActor.assumeIsolated {
                        PriorityRow.state.get(widget.map { UnsafeMutableRawPointer($0) })?.allocate(
                            width: Int(width), height: Int(height))
                    }
                }))
        PriorityRow.state.attach(self, to: widget.raw)
    }

    /// Adds `child` at the end of the row. Higher priorities stay longer, children of equal priority
    /// are hidden together; `required` ones always stay.
    public func append(_ child: UnsafeMutablePointer<GtkWidget>, priority: Int, flexible: Bool = false) {
        items.append((child, priority, flexible))
        gtk_box_append(cgtk_box(widget.raw), child)
    }

    /// The children the application shows (hidden ones by `gtk_widget_set_visible` take no room).
    private var shown: [(widget: UnsafeMutablePointer<GtkWidget>, priority: Int, flexible: Bool)] {
        items.filter { gtk_widget_get_visible($0.widget) != 0 }
    }

    private static func size(
        _ child: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation
    ) -> (minimum: Int, natural: Int) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, orientation, -1, &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }

    /// The width `children` need side by side: naturals, but only the minimum of a flexible one.
    private func width(of children: [(widget: UnsafeMutablePointer<GtkWidget>, priority: Int, flexible: Bool)]) -> Int {
        let widths = children.map { child in
            let size = PriorityRow.size(child.widget, GTK_ORIENTATION_HORIZONTAL)
            return child.flexible ? size.minimum : size.natural
        }
        return widths.reduce(0, +) + spacing * max(children.count - 1, 0)
    }

    private func measure(_ orientation: GtkOrientation) -> (minimum: Int, natural: Int) {
        let children = shown
        guard orientation == GTK_ORIENTATION_HORIZONTAL else {
            let sizes = children.map { PriorityRow.size($0.widget, orientation) }
            return (sizes.map(\.minimum).max() ?? 0, sizes.map(\.natural).max() ?? 0)
        }
        let kept = children.filter { $0.priority == PriorityRow.required }
        let minimum =
            kept.map { PriorityRow.size($0.widget, orientation).minimum }.reduce(0, +)
            + spacing * max(kept.count - 1, 0)
        let natural =
            children.map { PriorityRow.size($0.widget, orientation).natural }.reduce(0, +)
            + spacing * max(children.count - 1, 0)
        return (minimum, natural)
    }

    private func allocate(width: Int, height: Int) {
        var kept = shown
        // Least important first; children of one priority go together (Undo never stays without Redo).
        while self.width(of: kept) > width,
            let lowest = kept.map(\.priority).filter({ $0 != PriorityRow.required }).min()
        {
            kept.removeAll { $0.priority == lowest }
        }
        let leftover = max(width - self.width(of: kept), 0)
        var x = 0
        for child in kept {
            let size = PriorityRow.size(child.widget, GTK_ORIENTATION_HORIZONTAL)
            let w = child.flexible ? size.minimum + leftover : size.natural
            var allocation = GtkAllocation(x: Int32(x), y: 0, width: Int32(w), height: Int32(height))
            gtk_widget_set_child_visible(child.widget, 1)
            gtk_widget_size_allocate(child.widget, &allocation, -1)
            x += w + spacing
        }
        let dropped = items.filter { item in
            gtk_widget_get_visible(item.widget) != 0 && !kept.contains { $0.widget == item.widget }
        }
        .map(\.widget)
        for child in dropped { gtk_widget_set_child_visible(child, 0) }
        guard dropped != hidden else { return }
        hidden = dropped
        // The menu changes after the layout pass, not inside it.
        Timer.once(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.onHiddenChange?(self.hidden)
        }
    }
}
