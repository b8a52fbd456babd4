// The About window: name, version, licence and links, as every GNOME app has.

import CGtk
import GtkSupport

@MainActor
enum AboutWindow {
    static let version = "0.1.0"
    static let website = "https://github.com/cropeditor/CropEditor"
    static let issues = "https://github.com/cropeditor/CropEditor/issues"

    static func present(over parent: UnsafeMutablePointer<GtkWindow>?) {
        AboutDialog.present(
            AboutDialog.Details(
                name: tr("Crop Editor"), icon: CropEditorApplication.applicationID, version: version,
                developer: tr("Crop Editor contributors"), license: GTK_LICENSE_GPL_3_0, website: website, issues: issues,
                comments: tr("Crop photos exactly, from the pointer, the keyboard or a screen reader")),
            over: parent)
    }
}
