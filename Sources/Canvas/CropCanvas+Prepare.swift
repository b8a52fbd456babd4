// A picture about to be shown, drawn for the canvas ahead of time, so the frame that first shows it only copies.

import CGtk

extension CropCanvas {
    /// Draws `image`'s display cache for the canvas's size now, off the main thread; the window
    /// calls it for a session's next and previous photos once their pictures are decoded. If the
    /// canvas changes size first, or the photo is shown turned, it builds its own as before.
    public func prepare(_ image: LoadedImage) {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return }
        let scale = Int(gtk_widget_get_scale_factor(widget))
        Task { @MainActor [painter] in
            await painter.prepare(image, width: width, height: height, scale: scale)
        }
    }
}
