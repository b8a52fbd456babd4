// Open With…: the saved result, or the photo while nothing is saved, in an application that opens its type.

import Foundation
import GtkSupport

/// Open With holds nothing: GTK's application chooser asks, and starts the chosen application.
@MainActor
struct OpenWith {
    unowned let host: any WindowHost
    /// The saves: a result saved from the picture shown is what opens.
    let saving: Saving

    /// The file to open: the last result saved from the picture shown, else the photo; nil for a
    /// pasted picture not saved yet (and the demo).
    var file: String? {
        if let saved = saving.lastSavedPath, let source = saving.lastSavedSource, source == host.picture?.source { return saved }
        return host.photo?.path
    }

    /// Shows the chooser for `file`; a failure to start the chosen application is said.
    func choose() {
        guard let file else { return }
        let heading = String(format: tr("Open “%@” with…"), (file as NSString).lastPathComponent)
        let host = self.host
        AppChooser.present(for: file, over: host.window, heading: heading) { [weak host] outcome in
            if case .failed(let words) = outcome {
                host?.showError(String(format: tr("Could not open the file: %@"), words))
            }
        }
    }
}
