// The crop canvas: a GtkWidget subclass registered from Swift that holds one image and its CropSession.

import CGtk
import CropKit
import GtkSupport

/// The canvas's Swift side. The widget owns it (qdata); geometry always comes from CropKit.
@MainActor
public final class CropCanvas {
    nonisolated static let state = InstanceState<CropCanvas>(key: "crop-editor-canvas")

    /// Smallest useful size of the canvas, in points.
    nonisolated static let minimumSize: Int32 = 200
    /// Natural size: room for a photo at a comfortable size in a new window.
    nonisolated static let naturalWidth: Int32 = 720, naturalHeight: Int32 = 600

    /// The widget; unowned (the widget owns this object, not the other way round).
    public let widget: UnsafeMutablePointer<GtkWidget>
    public private(set) var image: LoadedImage?
    /// The editing model: the crop and its drag, undo history, ratio, turns, shape and Reset's crop.
    /// Changed through `edit`, so the drawing, the description and the window follow.
    public var editor = CropEditor()
    /// The reset being animated, if any.
    var resetAnimation = ResetAnimation()
    /// Paints frames and keeps the image scaled to its on-screen size.
    let painter = CanvasPainter()
    /// The surfaces frames are painted into, recycled once GTK has shown them.
    let frameSurfaces = FrameSurfaces()
    /// How frames reach GTK for a renderer (nil before the widget is realized): by the renderer, or
    /// as a test injects it.
    let deliveryPolicy: @MainActor (OpaquePointer?) -> FrameDelivery
    /// The pointer and keys between events: the drag gesture, the cursor, Space.
    var input = PointerInput()
    /// The guides, the fixed frame and straighten mode, set through the properties below.
    private var modes = CanvasModes()

    /// The composition guide and when it shows.
    public var guideStyle: GuideStyle {
        get { modes.guideStyle }
        set { modes.guideStyle = newValue; widget.queueDraw() }
    }
    public var guideVisibility: GuideVisibility {
        get { modes.guideVisibility }
        set { modes.guideVisibility = newValue; widget.queueDraw() }
    }

    /// The committed zoom and pan of the handle mode (the fixed-frame mode derives its own).
    public var zoom = ZoomState.fit
    /// A pan or zoom gesture in progress, shown over the committed zoom (or crop) until it ends.
    var viewGesture: ViewGesture?
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
    /// Renders the full-resolution region of a zoomed view in the background.
    let sharp = SharpRegionLoader()
    /// Said before the crop in the next accessible description, once (the photo changed: Orca
    /// speaks a changed description of the focused crop area).
    public var announcement: String?
    /// Said after the crop in the accessible description (the window's output size), or nil.
    public var accessibleDetail: String? {
        didSet { if accessibleDetail != oldValue { updateAccessibleDescription() } }
    }
    /// Where the canvas reports edits, zoom and angle changes, and Suggest and Level's requests.
    public var onEvent: ((CanvasEvent) -> Void)?

    /// Device pixels per point (2 on a HiDPI screen).
    var deviceScale: Double { Double(max(gtk_widget_get_scale_factor(widget), 1)) }

    /// The picture's size in pixels as shown: upright, then turned and flipped by `transform`.
    public var shownSize: PixelSize { editor.shownSize }
    /// The box the crop, the view and pixel entry are measured on: the straightened picture's
    /// bounding box (`shownSize` at no angle).
    public var straightenedSize: PixelSize { editor.straightenedSize }
    /// The straighten mode: a drag on the picture draws a line to level it by, not a crop.
    public var straightenMode: Bool {
        get { modes.straightenMode }
        set {
            let changed = newValue != modes.straightenMode
            modes.straightenMode = newValue
            if changed { straightenModeChanged() }
        }
    }
    /// The line being drawn in straighten mode, in view points.
    var levelLine: LevelLine? {
        get { modes.levelLine }
        set { modes.levelLine = newValue }
    }
    /// The committed crop and the drag over it.
    /// The angle keys' repeat (`turnAngle`): quick frames while `]` or `[` is held.
    var angleKeys: KeyBurst {
        get { modes.angleKeys }
        set { modes.angleKeys = newValue }
    }

    var session: CropSession { editor.session }
    /// The ratio drags keep; Free by default.
    public var aspectRatio: AspectRatio { editor.aspectRatio }
    /// The user's turn and flip of the picture, on top of its upright (EXIF-applied) view.
    public var transform: ImageOrientation { editor.orientation }
    /// The crop Reset returns to.
    var initialCrop: CropRect { editor.initialCrop }
    /// Every committed state, for undo and redo.
    var history: CropHistory<CropState> { editor.history }

    public init(deliveryPolicy: @escaping @MainActor (OpaquePointer?) -> FrameDelivery = FrameDelivery.init(for:)) {
        self.deliveryPolicy = deliveryPolicy
        let object = g_object_new_with_properties(CropCanvasType.gtype, 0, nil, nil)!
        widget = cgtk_widget(object)
        CropCanvas.state.attach(self, to: object)
        gtk_widget_set_focusable(widget, 1)
        widget.expandsHorizontally = true
        gtk_widget_set_vexpand(widget, 1)
        // Photos are not mirrored in right-to-left locales, so neither is the frame over them.
        gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
        installGestures()
        installViewGestures()
        installAccessibility()
        installFocusRedraw()
        sharp.onTile = { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        Signal.connect(widget.raw, "destroy") { [weak self] in self?.widgetDestroyed() }
    }

    /// False once GTK destroyed the widget. The window and tests may hold this object longer, so
    /// what arrives later (a timer, a render, a load) must not touch the widget.
    private(set) var isAlive = true

    /// Cancels pending work and lets the picture go when the widget is destroyed.
    private func widgetDestroyed() {
        stopAnimation()
        sharp.drop()
        sharp.onTile = nil
        onEvent = nil
        image = nil
        painter.dropCache()
        isAlive = false
    }

    /// Runs an operation of the editing model and does what its changes call for: a redraw, the
    /// accessible description and the window (size label, previews, undo buttons).
    @discardableResult
    func edit(_ operation: (inout CropEditor) -> CropEditor.Changes) -> CropEditor.Changes {
        guard isAlive else { return [] }
        let angle = editor.angle
        let changes = operation(&editor)
        if changes.contains(.shown) { widget.queueDraw() }
        if editor.angle != angle { onEvent?(.angleChanged) }
        if changes.contains(.committed) { updateAccessibleDescription() }
        if !changes.isDisjoint(with: [.committed, .history]) { onEvent?(.edited(changes)) }
        return changes
    }

    /// The committed crop.
    public var crop: CropRect { session.committed }

    /// The crop as drawn now: an animation frame, a drag in progress, a pan or zoom of the picture
    /// under the fixed frame, or the committed crop.
    var shownCrop: CropRect {
        if fixedFrame, let viewGesture, let layout = fixedLayout {
            return editor.fixedFrameCrop(layout.applying(viewGesture, to: session.committed, minimumSide: session.minimumSide))
        }
        return resetAnimation.animation?.rect(at: frameTime) ?? session.shown
    }

    /// The widget's size in points.
    var viewSize: CropSize {
        CropSize(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget)))
    }

    /// The fixed-frame mode's layout for the picture as shown.
    var fixedLayout: FixedFrame? {
        guard image != nil else { return nil }
        let size = editor.straightenedSize
        return FixedFrame(imageWidth: size.width, imageHeight: size.height, viewSize: viewSize)
    }

    /// The committed zoom in the widget's current size, kept within the rules (a resize may need it).
    var committedViewport: Viewport? {
        guard image != nil else { return nil }
        let size = editor.straightenedSize
        return Viewport(imageWidth: size.width, imageHeight: size.height, viewSize: viewSize, zoom: zoom).clamped
    }

    /// The image's layout as drawn now: CropKit's zoom with any gesture in progress, or, with the
    /// frame fixed, the layout that shows the crop in the frame.
    var viewport: Viewport? {
        if fixedFrame { return fixedLayout?.viewport(for: shownCrop) }
        guard let committed = committedViewport else { return nil }
        return viewGesture.map { $0.applied(to: committed) } ?? committed
    }

    /// Shows a new image with `crop` selected, straightened by `angle` (a kept crop restored, the
    /// crop then on the turned picture's box); Reset will return to `crop` (at an angle, to the
    /// largest frame inside). Given `editor` (a photo shown before), exactly as it left it: its crop,
    /// angle, shape and undo history.
    public func setImage(_ image: LoadedImage, crop: CropRect, angle: StraightenAngle = .zero, editor kept: CropEditor? = nil) {
        guard isAlive else { return }
        self.image = image
        stopAnimation()
        // A new picture starts whole; its predecessor's zoom and sharp region mean nothing for it.
        zoom = .fit
        viewGesture = nil
        dropSharpRegion()
        // A chosen ratio stays chosen across pictures: the new one's crop is fitted to it.
        if let kept {
            edit {
                $0 = kept
                return [.committed, .history, .picture, .shown]
            }
        } else {
            edit { $0.load(uprightWidth: image.pixelWidth, uprightHeight: image.pixelHeight, crop: crop, angle: angle) }
        }
    }

    /// Drops the picture (the window shows its empty state instead).
    public func clearImage() {
        stopAnimation()
        editor.unload()
        image = nil
        dropSharpRegion()
        painter.dropCache()
        widget.queueDraw()
    }

    /// Replaces the committed crop (ending any drag) and tells the window.
    public func commit(_ rect: CropRect) {
        edit { $0.commit(rect) }
        widget.queueDraw()
    }

    /// Applies a named adjustment (keys, actions, menus all come here).
    public func apply(_ adjustment: CropAdjustment, step: CropSize = CropAdjustment.defaultStep) {
        if adjustment == .reset { reset(); return }
        stopAnimation()
        edit { $0.apply(adjustment, step: step) }
    }

    nonisolated static func classInit(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        klass.pointee.snapshot = { widget, snapshot in
            // GTK calls vfuncs on the main thread; the pointers never leave it.
            nonisolated(unsafe) let (widget, snapshot) = (widget, snapshot)
            MainActor.assumeIsolated { CropCanvas.state.get(widget)?.snapshot(snapshot) }
        }
        klass.pointee.measure = { _, orientation, _, minimum, natural, _, _ in
            let horizontal = orientation == GTK_ORIENTATION_HORIZONTAL
            minimum?.pointee = CropCanvas.minimumSize
            natural?.pointee = horizontal ? CropCanvas.naturalWidth : CropCanvas.naturalHeight
        }
        gtk_widget_class_set_css_name(klass, "cropcanvas")
        installAccessibleRole(klass)
        installActions(klass)
        installKeyBindings(klass)
        installStraightenActions(klass)
        installSuggestAction(klass)
        installTrimAction(klass)
    }
}
