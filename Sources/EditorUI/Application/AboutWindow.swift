// The About window: name, version, licence and links, as every GNOME app has.

import CGtk
import GtkSupport

@MainActor
enum AboutWindow {
    static let version = "0.1.0"
    static let website = "https://github.com/cropeditor/CropEditor"
    static let issues = "https://github.com/cropeditor/CropEditor/issues"

    static func present(over parent: UnsafeMutablePointer<GtkWindow>?) {
        let about = adw_about_window_new()!
        let window = OpaquePointer(about)
        adw_about_window_set_application_name(window, tr("Crop Editor"))
        adw_about_window_set_application_icon(window, CropEditorApplication.applicationID)
        adw_about_window_set_version(window, version)
        adw_about_window_set_developer_name(window, tr("Crop Editor contributors"))
        adw_about_window_set_license_type(window, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_website(window, website)
        adw_about_window_set_issue_url(window, issues)
        adw_about_window_set_comments(window, tr("Crop photos exactly, from the pointer, the keyboard or a screen reader"))
        if let parent { gtk_window_set_transient_for(about.asWindow, parent) }
        about.asWindow.present()
    }
}
