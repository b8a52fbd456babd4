// A window's widget tree: the header bar, the picture under its overlays, the empty page, toasts, previews, the mode bars.

import CGtk
import GtkSupport

/// Every widget of a window's tree, built and put in place once; the window's features are handed
/// the widgets they show things in. It knows no feature and keeps no state of its own.
@MainActor
final class WindowLayout {
    /// The header bar: its controls, their priorities and the main menu's overflow section.
    let header: HeaderBar
    /// The crop's size and the zoom over the picture's corners.
    let status = PictureStatus()
    /// Apply to All's progress over the picture's foot.
    let batchStatus = BatchStatusBar()
    /// The editor and the empty page ("drop an image here"), one shown at a time.
    let pages = PageSwitcher()
    /// The empty page's Paste Image button.
    let pasteButton: UnsafeMutablePointer<GtkWidget>
    /// Toasts over the pages.
    let toasts = Toasts()
    /// The side panel with previews of the crop at several sizes.
    let previewPanel = PreviewPanel()
    /// Straighten mode's bar: the angle entry, the ruler and Level.
    let straightenBar = StraightenBar()
    /// Perspective mode's bar: Find Document, Upright, Proportions, Cancel and Apply.
    let perspectiveBar = PerspectiveBar()

    /// Builds the tree around `canvas` and the loading `indicator`, as `window`'s content.
    init(
        window: UnsafeMutablePointer<GtkWidget>, canvas: UnsafeMutablePointer<GtkWidget>,
        indicator: UnsafeMutablePointer<GtkWidget>
    ) {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        header = HeaderBar(in: box, cropStatus: status.cropStatus)
        let overlay = Widgets.overlay()
        overlay.setOverlayChild(canvas)
        for layer in [indicator, status.zoomIndicator, status.cropStatus, batchStatus.widget] { overlay.addOverlay(layer) }
        pages.add(overlay, name: WindowLayout.editorPage)
        let empty = EmptyPage.make()
        pasteButton = empty.paste
        pages.add(empty.page, name: WindowLayout.emptyPage)
        toasts.overlay.setChild(pages.widget)

        let body = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        toasts.overlay.widget.expandsHorizontally = true
        body.append(toasts.overlay.widget)
        body.append(previewPanel.widget)
        box.append(body)
        straightenBar.place(in: box)
        perspectiveBar.place(in: box)
        window.setWindowContent(box)
    }

    /// The pages' names.
    static let editorPage = "editor", emptyPage = "empty"

    /// Shows the picture's page (`true`) or the empty page.
    func showEditor(_ editor: Bool) { pages.show(editor ? WindowLayout.editorPage : WindowLayout.emptyPage) }

    /// Whether the empty page is showing.
    var isEmpty: Bool { pages.visibleName == WindowLayout.emptyPage }
}
