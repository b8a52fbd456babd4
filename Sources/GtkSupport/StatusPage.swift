// libadwaita's status page in one call: an icon, a title, a description and what goes under them.

import CGtk

extension Widgets {
    /// An `AdwStatusPage`: a large icon, a title, a description and `child` (its buttons) under them.
    public static func statusPage(
        icon: String, title: String, description: String, child: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let status = OpaquePointer(page)
        adw_status_page_set_icon_name(status, icon)
        adw_status_page_set_title(status, title)
        adw_status_page_set_description(status, description)
        adw_status_page_set_child(status, child)
        return page
    }
}
