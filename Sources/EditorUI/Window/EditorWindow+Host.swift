// The window as its features see it (`WindowHost`), and its parts and stateless features by name.

import CGtk
import Canvas
import CropKit
import GtkSupport

extension EditorWindow: WindowHost {
    var outputSize: OutputSize { outputSizing.size }

    var isClosed: Bool { closing.isClosed }

    func showToast(_ message: String, button: ToastButton?) {
        guard !isClosed else { return }
        layout.toasts.show(message, button: button)
    }

    func showError(_ message: String) {
        report(.error(message))
        showToast(message)
    }

    func report(_ event: WindowEvent) { layout.toasts.observer?(event) }
}

extension EditorWindow {
    /// The header bar.
    var header: HeaderBar { layout.header }
    /// The crop's size and the zoom over the picture's corners.
    var status: PictureStatus { layout.status }

    /// Keep Crop and the restored crop's announcement.
    var keepCrop: KeepCrop { KeepCrop(host: self) }
    /// Formats' question; CropFinding places the frames.
    var formats: Formats { Formats(host: self, finding: finding) }
    /// The lossless corner over the picture.
    var lossless: Lossless { Lossless(host: self, button: header.losslessButton) }
    /// Perspective mode's toggle, bar and proportions.
    var perspective: Perspective { Perspective(host: self, bar: layout.perspectiveBar, straightening: straightening) }
    /// Cut Out mode's toggle.
    var cutOut: CutOut { CutOut(host: self, straightening: straightening) }
    /// The crop's shape and the fixed frame.
    var frame: FrameOptions { FrameOptions(host: self) }
    /// The pixel popover's entries.
    var pixelEntries: PixelEntries { PixelEntries(host: self, entries: header.pixelEntries) }
    /// Print.
    var printing: Printing { Printing(host: self) }
    /// Open With….
    var openWith: OpenWith { OpenWith(host: self, saving: saving) }
    /// The save toast's Show in Files.
    var showInFiles: ShowInFiles { ShowInFiles(host: self, saving: saving) }
}
