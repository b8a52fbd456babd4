// libadwaita's About window in one call: the application's name, icon, version, licence, links and a line about it.

import CGtk

@MainActor
public enum AboutDialog {
    /// What the About window says.
    public struct Details {
        public let name, icon, version, developer, website, issues, comments: String
        public let license: GtkLicense

        public init(
            name: String, icon: String, version: String, developer: String, license: GtkLicense, website: String,
            issues: String, comments: String
        ) {
            (self.name, self.icon, self.version, self.developer) = (name, icon, version, developer)
            (self.license, self.website, self.issues, self.comments) = (license, website, issues, comments)
        }
    }

    /// Shows the About window over `parent` (or on its own); returns it.
    @discardableResult
    public static func present(
        _ details: Details, over parent: UnsafeMutablePointer<GtkWindow>?
    ) -> UnsafeMutablePointer<GtkWidget> {
        let about = adw_about_window_new()!
        let window = OpaquePointer(about)
        adw_about_window_set_application_name(window, details.name)
        adw_about_window_set_application_icon(window, details.icon)
        adw_about_window_set_version(window, details.version)
        adw_about_window_set_developer_name(window, details.developer)
        adw_about_window_set_license_type(window, details.license)
        adw_about_window_set_website(window, details.website)
        adw_about_window_set_issue_url(window, details.issues)
        adw_about_window_set_comments(window, details.comments)
        about.asWindow.setTransient(for: parent)
        about.asWindow.present()
        return about
    }
}
