// The crop canvas: a GtkWidget subclass registered from Swift that holds one picture and CropKit's editing model.

import CGtk
import CropKit
import GtkSupport

/// One thing the canvas reports. The owner (the window) decides what each means for its parts.
public enum CanvasEvent {
    /// An operation of the editing model changed something: CropKit's `Changes` say what
    /// (the committed crop, whether undo or redo is possible, the picture's turn, what is drawn).
    case edited(CropEditor.Changes)
    /// The straighten angle changed (before the edit that changed it reports).
    case angleChanged
    /// The zoom changed.
    case zoomChanged
    /// Suggest was asked for (S, `crop.suggest`): the owner knows the file to suggest from.
    case suggestAsked
    /// Trim Borders was asked for (T, `crop.trim`): the owner knows the picture to measure.
    case trimAsked
    /// Level found no lines to go by.
    case nothingToLevel
    /// Perspective mode was entered (true) or left (false).
    case perspectiveModeChanged(Bool)
    /// Find Document was asked for (D, `crop.find-document`): the owner knows the file to search.
    case findDocumentAsked
    /// Find Photos was asked for (P, `crop.find-photos`): the owner knows the file to search.
    case findPhotosAsked
    /// Upright was asked for (U, `crop.upright`): the owner knows the file to measure.
    case uprightAsked
    /// Two lines drawn in guided Upright mode were applied, or could not be (`.noLines`).
    case uprightGuided(UprightResult)
    /// The rectified picture of the committed correction arrived from the decoder (`rectifiedImage`).
    case rectifiedPictureReady
    /// Cut Out mode was entered (true) or left (false).
    case cutOutModeChanged(Bool)
    /// Escape was pressed with no drag or mode of the canvas's own to leave: the owner's work (a search) may end.
    case escapeUnused
}

/// The canvas's Swift side. The widget owns it (qdata); geometry always comes from CropKit. Its
/// behaviour is split by concern into the extensions of the folders beside this file; what they
/// share is the state below.
@MainActor
public final class CropCanvas {
    nonisolated static let state = InstanceState<CropCanvas>(key: "crop-editor-canvas")
    /// The widget type, registered on first use.
    nonisolated static let gtype = WidgetSubclass.registerWidget(name: "CropCanvas") { CropCanvas.classInit($0) }

    /// Smallest useful size of the canvas, in points.
    nonisolated static let minimumSize: Int32 = 200
    /// Natural size: room for a photo at a comfortable size in a new window.
    nonisolated static let naturalWidth: Int32 = 720, naturalHeight: Int32 = 600

    /// The widget; unowned (the widget owns this object, not the other way round).
    public let widget: UnsafeMutablePointer<GtkWidget>
    public internal(set) var image: LoadedImage?
    /// The editing model: the crop and its drag, undo history, ratio, turns, shape and Reset's crop.
    /// Changed through `edit`, so the drawing, the description and the window follow.
    public var editor = CropEditor()
    /// The reset being animated, if any.
    var resetAnimation = ResetAnimation()
    /// Paints frames and keeps the image scaled to its on-screen size.
    let painter = CanvasPainter()
    /// How painted frames reach GTK, and the surfaces they are painted into.
    let frames: FrameOutput
    /// The pointer and keys between events: the drag gesture, the drag in progress, the cursor, Space.
    var input = PointerInput()
    /// The guides, the fixed frame, the overlay and the angle keys.
    var modes = CanvasModes()
    /// The committed zoom and pan of the handle mode (the fixed-frame mode derives its own).
    public var zoom = ZoomState.fit
    /// A pan or zoom gesture in progress, shown over the committed zoom (or crop) until it ends.
    var viewGesture: ViewGesture?
    /// Renders the full-resolution region of a zoomed view in the background.
    let sharp = SharpRegionLoader()
    /// The picture a committed perspective correction shows, rendered in the background.
    let rectified = RectifiedDisplay()
    /// What the accessible description says besides the crop.
    var spoken = SpokenExtras()
    /// Where the canvas reports edits, zoom and angle changes, and Suggest and Level's requests.
    public var onEvent: ((CanvasEvent) -> Void)?
    /// False once GTK destroyed the widget. The window and tests may hold this object longer, so
    /// what arrives later (a timer, a render, a load) must not touch the widget.
    private(set) var isAlive = true

    /// A canvas whose frames reach GTK as `deliveryPolicy` says for the window's renderer (tests
    /// force one way).
    public init(deliveryPolicy: @escaping @MainActor (OpaquePointer?) -> FrameDelivery = FrameDelivery.init(for:)) {
        frames = FrameOutput(policy: deliveryPolicy)
        widget = WidgetSubclass.makeWidget(of: CropCanvas.gtype)
        CropCanvas.state.attach(self, to: widget.raw)
        widget.isFocusable = true
        widget.expandsHorizontally = true
        widget.expandsVertically = true
        // Photos are not mirrored in right-to-left locales, so neither is the frame over them.
        widget.textDirection = GTK_TEXT_DIR_LTR
        installPointer()
        installViewGestures()
        installAccessibility()
        installFocusRedraw()
        setPerspectiveKeysEnabled(false)
        setCutKeysEnabled(false)
        sharp.onTile = { [weak self] in self?.widget.queueDraw() }
        rectified.onReady = { [weak self] in
            self?.widget.queueDraw()
            self?.onEvent?(.rectifiedPictureReady)
        }
        Signal.connect(widget.raw, "destroy") { [weak self] in self?.widgetDestroyed() }
    }

    /// Cancels pending work and lets the picture go when the widget is destroyed.
    private func widgetDestroyed() {
        stopAnimation()
        sharp.drop()
        sharp.onTile = nil
        rectified.drop()
        rectified.onReady = nil
        modes.joinedDisplay.drop()
        onEvent = nil
        image = nil
        painter.dropCache()
        isAlive = false
    }

    nonisolated static func classInit(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        klass.pointee.snapshot = { widget, snapshot in
            // GTK calls vfuncs on the main thread; the pointers never leave it.
            nonisolated(unsafe) let (widget, snapshot) = (widget, snapshot)
            MainActor.assumeIsolated { CropCanvas.state.get(widget)?.snapshot(snapshot.map(Snapshot.init)) }
        }
        klass.pointee.measure = { _, orientation, _, minimum, natural, _, _ in
            let horizontal = orientation == GTK_ORIENTATION_HORIZONTAL
            minimum?.pointee = CropCanvas.minimumSize
            natural?.pointee = horizontal ? CropCanvas.naturalWidth : CropCanvas.naturalHeight
        }
        klass.setCSSName("cropcanvas")
        installAccessibleRole(klass)
        installActions(klass)
        installKeyBindings(klass)
        installStraightenActions(klass)
        // Before the frames' and perspective mode's: the mode's F and Return are tried first.
        installCutOutActions(klass)
        installPerspectiveActions(klass)
        installFrameActions(klass)
    }
}

/// How the canvas is asked to show and treat the picture; the canvas redraws or switches mode as each changes.
struct CanvasModes {
    /// The composition guide and when it shows (by default: thirds, always).
    var guideStyle = GuideStyle.thirds
    var guideVisibility = GuideVisibility.always
    /// The fixed-frame mode: the frame stays put, the picture pans and zooms beneath it.
    var fixedFrame = false
    /// The mode drawn over the picture that takes the primary button's drags (straighten mode's
    /// level line), if one is on.
    var overlay: (any CanvasOverlay)?
    /// The angle keys held down: their frames are quick until the key is let go.
    var angleKeys = KeyBurst()
    /// Whether the lines where cut-out bands were joined show outside Cut Out mode.
    var showsJoinLines = true
    /// The picture with its bands cut out, at display size.
    let joinedDisplay = JoinedDisplay()
}

extension CropCanvas {
    /// The composition guide and when it shows.
    public var guideStyle: GuideStyle {
        get { modes.guideStyle }
        set { modes.guideStyle = newValue; widget.queueDraw() }
    }
    public var guideVisibility: GuideVisibility {
        get { modes.guideVisibility }
        set { modes.guideVisibility = newValue; widget.queueDraw() }
    }

    /// The fixed-frame mode: the frame stays put, the picture pans and zooms beneath it.
    public var fixedFrame: Bool {
        get { modes.fixedFrame }
        set {
            let changed = newValue != modes.fixedFrame
            modes.fixedFrame = newValue
            if changed { fixedFrameChanged() }
        }
    }

    /// The crop's shape: the overlay, the previews and the export follow it.
    public var shape: CropShape {
        get { editor.shape }
        set { if newValue != editor.shape { editor.shape = newValue; widget.queueDraw() } }
    }

    /// Device pixels per point (2 on a HiDPI screen).
    var deviceScale: Double { Double(max(widget.scaleFactor, 1)) }
}
