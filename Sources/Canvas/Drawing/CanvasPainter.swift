// The display cache (the visible picture scaled to the screen, plain and dimmed) and each frame's layout; FramePlan draws it.

import CGtk
import CropKit
import GtkSupport
import LaunchTrace

/// Paints canvas frames. It owns the display cache, so it is the only thing that scales the image,
/// and only when the on-screen size, the device scale or the image changes.
///
/// Cost per frame is what a drag pays, so the cache is built once and a frame only copies it
/// (see FramePlan).
@MainActor
@_spi(Benchmark) public final class CanvasPainter {
    var displayCache: DisplayCache?
    /// Told each time the display cache is built (a drag must not rebuild it; the benchmark counts).
    @_spi(Benchmark) public var onCacheBuild: (() -> Void)?

    @_spi(Benchmark) public init() {}

    /// Display caches drawn ahead for pictures about to be shown (`prepare`), the newest last.
    var preparedCaches: [DisplayCache] = []
    /// The next photo and the one before: two pictures' caches, plain and dimmed.
    static let preparedLimit = 2

    /// The small upright copy of the picture quick frames turn (`quickSurface`), and the surface it was made from.
    var quickCopy: (of: ImageSurface, copy: ImageSurface)?
    /// The surface whose small copy is being made off the main thread.
    var quickCopyInMaking: ImageSurface?

    /// Lets the cached copies go (two screen-sized surfaces) when there is no picture.
    func dropCache() {
        displayCache = nil
        quickCopy = nil
        preparedCaches = []
    }

    /// Draws one frame into `c` for a view of the given size (points) and device scale, with the
    /// picture zoomed and panned by `zoom`, and `sharp` over the thumbnail where it has pixels.
    func draw(
        _ c: Cairo, image: LoadedImage?, crop: CropRect, width: Double, height: Double, scale: Int,
        state: PaintState = PaintState(), transform: ImageOrientation = .up, angle: StraightenAngle = .zero,
        zoom: ZoomState = .fit, sharp: SharpTile? = nil
    ) {
        plan(
            image: image, crop: crop, width: width, height: height, scale: scale, state: state,
            transform: transform, angle: angle, zoom: zoom, sharp: sharp
        ).paint(c)
    }

    /// Lays out one frame (same arguments as `draw`) and makes sure the display cache holds the
    /// picture for it; the plan can then be painted on any thread. The picture is the one shown
    /// by `transform` turned by `angle` inside its bounding box, which the crop and `zoom` are
    /// measured on. `quick` (while the angle changes) draws it from a lower-resolution copy, so
    /// a frame costs the same whatever the picture's size; the next frame without it is sharp.
    @_spi(Benchmark) public func plan(
        image: LoadedImage?, crop: CropRect, width: Double, height: Double, scale: Int,
        state: PaintState = PaintState(), transform: ImageOrientation = .up, angle: StraightenAngle = .zero,
        quick: Bool = false, zoom: ZoomState = .fit, sharp: SharpTile? = nil
    ) -> FramePlan {
        let s = Double(max(scale, 1))
        let bounds = CropRect(x: 0, y: 0, width: width, height: height)
        let empty = FramePlan(
            bounds: bounds, scale: s, cache: nil, placed: bounds, frame: bounds, state: state,
            focusRing: nil)
        guard let image,
            let (turned, viewport, placed, pixels) = CanvasPainter.layout(
                of: image, width: width, height: height, scale: s, transform: transform, angle: angle, zoom: zoom)
        else { return empty }
        let usableSharp = quick ? nil : sharp.flatMap { $0.source === image.surface ? $0 : nil }
        let reduction = quick ? CanvasPainter.quickReduction(width: pixels.width, height: pixels.height) : 1
        guard
            let cache = displaySurface(
                for: image, transform: transform, turned: turned, region: viewport.normalizedRect(placed),
                width: pixels.width, height: pixels.height, reduction: reduction, sharp: usableSharp)
        else { return empty }
        let ring =
            state.focused
            ? placed.insetBy(dx: -OverlayStyle.focusRingGap, dy: -OverlayStyle.focusRingGap)
                .intersection(bounds.insetBy(dx: OverlayStyle.focusRingWidth, dy: OverlayStyle.focusRingWidth)) : nil
        return FramePlan(
            bounds: bounds, scale: s, cache: cache, placed: placed, frame: viewport.viewRect(crop),
            state: state, focusRing: ring)
    }

    /// Where the picture shows in a view of `width`×`height` points: the picture turned inside its
    /// box, the viewport over that box, the visible part snapped to whole device pixels (so copying
    /// it needs no resampling) and that part's size in device pixels. Nil when nothing shows.
    nonisolated static func layout(
        of image: LoadedImage, width: Double, height: Double, scale: Double, transform: ImageOrientation,
        angle: StraightenAngle, zoom: ZoomState
    ) -> (turned: TurnedPicture, viewport: Viewport, placed: CropRect, pixels: (width: Int, height: Int))? {
        let shown = transform.displayedSize(storedWidth: image.pixelWidth, storedHeight: image.pixelHeight)
        let turned = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
        let box = turned.boundingSize
        let viewport = Viewport(
            imageWidth: box.width, imageHeight: box.height,
            viewSize: CropSize(width: width, height: height), zoom: zoom)
        guard let visible = viewport.visibleFrame else { return nil }
        let placed = visible.snappedToDevicePixels(scale: scale)
        let pixels = (width: Int((placed.width * scale).rounded()), height: Int((placed.height * scale).rounded()))
        guard pixels.width >= 1, pixels.height >= 1 else { return nil }
        return (turned, viewport, placed, pixels)
    }

    /// Draws, off the main thread, the display cache `image` is first shown with in a view of
    /// `width`×`height` points at `scale`: whole, level and as decoded (no turn of its own). A session
    /// prepares the photos Page Down and Page Up show next, so their first frame only copies it
    /// (building it on the spot makes that frame as long as many drag frames: docs/BENCHMARKS.md,
    /// "Page Down to the next photo"). A photo shown another way (a kept crop with a turn or an
    /// angle) builds its own. At most `preparedLimit` are kept, the newest.
    @_spi(Benchmark) public func prepare(_ image: LoadedImage, width: Double, height: Double, scale: Int) async {
        guard let draw = preparation(of: image, width: width, height: height, scale: scale) else { return }
        keepPrepared(await Task.detached(priority: .utility) { draw() }.value, of: image)
    }

    /// `prepare` on this thread, for the benchmark to time the frame after it.
    @_spi(Benchmark) public func prepareHere(_ image: LoadedImage, width: Double, height: Double, scale: Int) {
        guard let draw = preparation(of: image, width: width, height: height, scale: scale) else { return }
        keepPrepared(draw(), of: image)
    }

    /// What drawing `image`'s cache ahead takes, to run on any thread; nil when it is kept already
    /// or nothing would show.
    private func preparation(
        of image: LoadedImage, width: Double, height: Double, scale: Int
    ) -> (@Sendable () -> DisplayCache?)? {
        let s = Double(max(scale, 1))
        guard !preparedCaches.contains(where: { $0.source === image.surface }),
            let (turned, viewport, placed, pixels) = CanvasPainter.layout(
                of: image, width: width, height: height, scale: s, transform: .up, angle: .zero, zoom: .fit)
        else { return nil }
        let region = viewport.normalizedRect(placed)
        return {
            CanvasPainter.drawCache(
                for: image, transform: .up, turned: turned, region: region, width: pixels.width, height: pixels.height,
                sharp: nil)
        }
    }

    private func keepPrepared(_ cache: DisplayCache?, of image: LoadedImage) {
        guard let cache, !preparedCaches.contains(where: { $0.source === image.surface }) else { return }
        preparedCaches.append(cache)
        if preparedCaches.count > CanvasPainter.preparedLimit { preparedCaches.removeFirst() }
    }

    /// The display-size copies of the visible picture, rebuilt only when the view's size, zoom or
    /// pan, the device scale, the image or its sharp region changes (never during a crop drag).
    private func displaySurface(
        for image: LoadedImage, transform: ImageOrientation, turned: TurnedPicture, region: CropRect,
        width: Int, height: Int, reduction: Int, sharp: SharpTile?
    ) -> DisplayCache? {
        if let cache = displayCache, cache.width == width, cache.height == height, cache.source === image.surface,
            cache.transform == transform, cache.angle == turned.angle, cache.reduction == reduction,
            cache.region == region, cache.sharp === sharp
        {
            return cache
        }
        if reduction > 1 {
            return quickSurface(
                for: image, transform: transform, turned: turned, region: region,
                width: width, height: height, reduction: reduction)
        }
        // A cache drawn ahead for this picture (the photo a session shows next) is taken as it is.
        if let ready = preparedCaches.firstIndex(where: {
            $0.width == width && $0.height == height && $0.source === image.surface && $0.transform == transform
                && $0.angle == turned.angle && $0.region == region && sharp == nil
        }) {
            let cache = preparedCaches.remove(at: ready)
            displayCache = cache
            LaunchTrace.mark("display cache taken as prepared")
            return cache
        }
        // The old cache goes first: holding it while the new one is drawn would double the
        // canvas's largest allocation for a moment (two screen-sized surfaces).
        displayCache = nil
        guard
            let cache = CanvasPainter.drawCache(
                for: image, transform: transform, turned: turned, region: region, width: width, height: height,
                sharp: sharp)
        else { return nil }
        displayCache = cache
        LaunchTrace.mark("display cache built")
        onCacheBuild?()
        return cache
    }

    /// Draws the display-size copies of `region` of the picture, plain and dimmed; nil when there
    /// is no memory for them. Touches nothing but its arguments: `prepare` runs it off the main thread.
    nonisolated static func drawCache(
        for image: LoadedImage, transform: ImageOrientation, turned: TurnedPicture, region: CropRect,
        width: Int, height: Int, sharp: SharpTile?
    ) -> DisplayCache? {
        // Opaque (RGB24) with transparency shown over a checkerboard: copying an opaque surface
        // each frame is a plain row copy, where blending an ARGB one costs several times more.
        guard let surface = ImageSurface(width: width, height: height, opaque: true, largePages: true),
            let dimmed = ImageSurface(width: width, height: height, opaque: true, largePages: true)
        else { return nil }
        let outline = CanvasPainter.outline(of: turned, region: region, width: width, height: height)
        surface.draw { c in
            CanvasPainter.clipToPicture(c, outline)
            CanvasPainter.checkerboard(c, width: Double(width), height: Double(height))
            SourceMapping.setSource(
                c, image.surface, transform: transform, turned: turned, shown: region, width: width, height: height)
            cairo_paint(c.cr)
            // The sharp region over the thumbnail: transparent outside it, so a stale one (during
            // a pan) still sharpens what it covers.
            if let sharp {
                SourceMapping.setSource(
                    c, sharp.surface, transform: transform, turned: turned, shown: region, width: width,
                    height: height, covering: sharp.region)
                cairo_paint(c.cr)
            }
        }
        dimmed.draw { c in
            CanvasPainter.clipToPicture(c, outline)
            cairo_set_source_surface(c.cr, surface.surface, 0, 0)
            cairo_paint(c.cr)
            c.setColor(OverlayStyle.dim)
            cairo_paint(c.cr)
        }
        return DisplayCache(
            width: width, height: height, source: image.surface, transform: transform, angle: turned.angle,
            reduction: 1, region: region, sharp: sharp, surface: surface, dimmed: dimmed)
    }

    /// The usual grey checkerboard behind transparent pixels, in 8-pixel squares.
    nonisolated static func checkerboard(_ c: Cairo, width: Double, height: Double) {
        c.setColor(RGBA(0.6, 0.6, 0.6))
        cairo_paint(c.cr)
        c.setColor(RGBA(0.4, 0.4, 0.4))
        let square = 8.0
        var y = 0.0, row = 0
        while y < height {
            var x = row % 2 == 0 ? 0 : square
            while x < width { c.rectangle(x, y, square, square); x += 2 * square }
            y += square; row += 1
        }
        cairo_fill(c.cr)
    }
}
