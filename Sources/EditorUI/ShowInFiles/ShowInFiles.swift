// Show in Files, the button of the toast after a save: the new file selected in the file manager, or its folder opened.

import Foundation
import GtkSupport

/// Show in Files holds nothing: it asks the file manager, over D-Bus, to show the last saved file.
@MainActor
struct ShowInFiles {
    unowned let host: any WindowHost
    /// The saves: the last one wrote the file to show.
    let saving: Saving

    /// Shows the last saved file selected in its folder (`org.freedesktop.FileManager1.ShowItems`);
    /// with no file manager on the bus, opens the folder in the application the desktop opens
    /// folders with.
    func show() {
        guard let path = saving.lastSavedPath else { return }
        let host = self.host
        FileManagerService.showItems([Files.uri(ofPath: path)]) { [weak host] failure in
            guard let host, failure != nil else { return }
            do throws(Files.OpenFailure) {
                try Files.openWithDefaultApplication((path as NSString).deletingLastPathComponent)
            } catch {
                host.showError(String(format: tr("Could not show the file: %@"), error.reason ?? tr("no file manager")))
            }
        }
    }
}
