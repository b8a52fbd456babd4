// Every action of an editor window (`win.…`): the names the action table, menus, header buttons and toasts use.

import GtkSupport

/// The window's actions, in the shortcuts window's order within each group; `EditorWindow.entry(_:)`
/// says what each does, its keys, its words and when it is enabled.
enum WindowAction: String, ActionName, CaseIterable {
    // File
    case open
    case save
    case saveAs = "save-as"
    case saveAll = "save-all"
    case keepCrop = "keep-crop"
    case nextPhoto = "next-photo"
    case previousPhoto = "previous-photo"
    case saveAndNext = "save-and-next"
    case applyToAll = "apply-to-all"
    case print
    case setBackground = "set-background"
    case openWith = "open-with"
    case trash
    case closeImage = "close-image"
    case close
    case showInFiles = "show-in-files"
    case undoTrash = "undo-trash"
    case undoBackground = "undo-background"
    case snapLossless = "snap-lossless"
    // Edit
    case copy
    case copyAndClose = "copy-and-close"
    case paste
    case undo
    case redo
    case reset
    case rotateRight = "rotate-right"
    case rotateLeft = "rotate-left"
    case flipHorizontal = "flip-horizontal"
    case flipVertical = "flip-vertical"
    case suggest
    case trim
    case toggleShape = "toggle-shape"
    case fixedFrame = "fixed-frame"
    case straighten
    case perspective
    case findDocument = "find-document"
    case upright
    case uprightGuided = "upright-guided"
    case findPhotos = "find-photos"
    case formats
    case addFrame = "add-frame"
    case removeFrame = "remove-frame"
    case nextFrame = "next-frame"
    case previousFrame = "previous-frame"
    case perspectiveProportions = "perspective-proportions"
    case applyPerspective = "apply-perspective"
    case cancelPerspective = "cancel-perspective"
    case cutOut = "cut-out"
    case shape
    case aspectRatio = "aspect-ratio"
    case customRatio = "custom-ratio"
    case swapRatio = "swap-ratio"
    case outputSize = "output-size"
    case customOutputSize = "custom-output-size"
    // View
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case zoomFit = "zoom-fit"
    case zoomActual = "zoom-actual"
    /// Settings as actions: `g_settings_create_action` names each after its GSettings key.
    case showPreviews = "show-previews"
    case guides
    case guidesWhileDragging = "guides-while-dragging"
    case showJoinLines = "show-join-lines"
    case showMenu = "show-menu"
    /// GtkApplicationWindow installs this one itself once the shortcuts window is attached.
    case showHelpOverlay = "show-help-overlay"

    var group: String { "win" }
}
