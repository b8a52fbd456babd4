// What a window feature sees of its window: the one interface between a feature and `EditorWindow`, as a `-private.h` would be.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// The window as its features see it. A feature (`Saving`, `CopyPaste`, `FolderSession`, …) holds its
/// own state and behaviour and keeps its window `unowned` as this interface; it reaches another feature
/// only when it is handed that feature where it is made. Anything more a feature needs of the window
/// is a member here, and the list stays short: each member is a promise every feature may rely on.
@MainActor
protocol WindowHost: AnyObject {
    /// The GTK window: dialogs open over it, and its display's clipboard is the one copied to.
    var window: UnsafeMutablePointer<GtkWidget> { get }
    /// The crop area: the picture shown and its editing model (`canvas.editor`), which every crop
    /// operation goes through.
    var canvas: CropCanvas { get }
    /// The size the crop is saved at (Output Size): saves, copies, kept crops and Apply to All use it.
    var outputSize: OutputSize { get }
    /// True once GTK destroyed the window: work that finishes later shows nothing.
    var isClosed: Bool { get }

    /// Brings every part of the window that shows `change` up to date: a feature that changed something
    /// says what changed, and the window alone knows who shows it.
    func refresh(_ change: WindowChange)
    /// Sets a stateful action's state from code (the ratio, the shape, a mode): menus and toggles show
    /// it, and no handler runs.
    func setActionState(_ action: WindowAction, _ state: ActionState)
    /// A passing message over the picture; with `button`, the toast offers that action.
    func showToast(_ message: String, button: ToastButton?)
    /// A failure, in words: a toast, and an error for whoever watches the window.
    func showError(_ message: String)
    /// Tells whoever watches the window (the tests) something it did on its own.
    func report(_ event: WindowEvent)
    /// Opens a picture in the window, decoded off the main thread; on failure the current one stays.
    func open(_ picture: PictureToOpen)
    /// Dismisses the picture: the window shows its empty page.
    func closeImage()
}

/// A picture for the window to open, and how it was reached.
enum PictureToOpen {
    /// A file opened by hand (Open, a pasted or dropped file, a replaced original), read from disk
    /// anew: its folder becomes the one browsed.
    case file(String)
    /// A photo of the folder browsed, reached by Page Down or Up: shown as decoded ahead if it was.
    case folderPhoto(String)
    /// Picture bytes, pasted or dropped from a browser: a picture without a file.
    case pasted(Data)
}

/// A toast's button: its label and the detailed action it activates (`win.show-in-files`).
struct ToastButton {
    let label: String
    let action: String
}

extension WindowHost {
    /// A toast without a button.
    func showToast(_ message: String) { showToast(message, button: nil) }

    /// The picture being edited as the decoder reads it (a file, or pasted bytes) and its header;
    /// nil for the demo, which is drawn and has nothing to export.
    var picture: (source: DecoderSource, info: ImageInfo)? {
        guard let image = canvas.image, let source = image.decoderSource, let info = image.info else { return nil }
        return (source, info)
    }

    /// The file being edited and its header; nil for the demo and for pasted pictures.
    var photo: (path: String, info: ImageInfo)? {
        guard let image = canvas.image, let path = image.path, let info = image.info else { return nil }
        return (path, info)
    }
}
