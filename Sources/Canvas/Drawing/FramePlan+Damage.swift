// Which pixels the next frame on a reused surface must repaint: during a crop drag, only strips around the old and new frame.

import CropKit
import GtkSupport

/// The content a frame surface was last painted with, so the next frame repaints only what changed.
/// The picture is held weakly: once its cache is gone the next frame repaints everything (a new
/// cache could even reuse its address).
@_spi(Benchmark) public struct FrameContent {
    weak var picture: ImageSurface?
    let hadPicture: Bool
    let bounds: CropRect
    let scale: Double
    let placed: CropRect
    let frame: CropRect
    let state: PaintState
    let focusRing: CropRect?
}

extension FramePlan {
    /// How far anything drawn for the frame reaches from its lines, in points: half the widest
    /// line (a bracket over its halo), plus a point for anti-aliasing and the hole's rounding to
    /// device pixels. Round caps and joins stay within it too.
    static let overlayReach = (OverlayStyle.bracketWidth + OverlayStyle.haloExtra) / 2 + 1

    var content: FrameContent {
        FrameContent(
            picture: cache?.surface, hadPicture: cache != nil, bounds: bounds, scale: scale, placed: placed,
            frame: frame, state: state, focusRing: focusRing)
    }

    /// The device pixels of a `width`×`height` surface holding `old` that differ from this frame;
    /// nil when anything but the crop frame changed (or so much did that repainting it all is
    /// simpler). Only two things depend on the frame: its overlay (edges with their brackets, the
    /// guide lines) and which side of the dim a pixel is on. So outside the old and new overlays
    /// and the parts of each frame outside the other, both frames are the same pixels.
    func damage(since old: FrameContent, width: Int, height: Int) -> [DeviceRect]? {
        // A quick cache (the angle changing) is drawn again into the same surfaces every frame.
        guard cache?.reduction ?? 1 == 1, old.bounds == bounds, old.scale == scale, old.placed == placed, old.state == state,
            old.focusRing == focusRing, old.hadPicture == (cache != nil),
            cache.map({ old.picture === $0.surface }) ?? true
        else { return nil }
        if old.frame == frame { return [] }
        // Plus what changed sides between dimmed and plain: the parts of each frame outside the other.
        let rects =
            (FramePlan.footprint(of: old.frame, state: state) + FramePlan.footprint(of: frame, state: state)
            + FramePlan.parts(of: old.frame, outside: frame) + FramePlan.parts(of: frame, outside: old.frame))
            .compactMap { deviceRect($0, width: width, height: height) }
        let disjoint = DeviceRect.disjointUnion(rects)
        return disjoint.reduce(0) { $0 + $1.area } * 2 >= width * height ? nil : disjoint
    }

    /// The view rects (points) a frame's overlay can touch.
    static func footprint(of f: CropRect, state: PaintState) -> [CropRect] {
        let r = overlayReach
        let whole = f.insetBy(dx: -r, dy: -r)
        let lines = state.guides.lines(in: f)
        // A circle's edge and diagonal guides cross the frame: take all of it.
        guard state.shape == .rectangle, lines.allSatisfy({ $0.0.x == $0.1.x || $0.0.y == $0.1.y }) else { return [whole] }
        let edges = [
            CropRect(left: whole.minX, top: whole.minY, right: whole.maxX, bottom: f.minY + r),
            CropRect(left: whole.minX, top: f.maxY - r, right: whole.maxX, bottom: whole.maxY),
            CropRect(left: whole.minX, top: whole.minY, right: f.minX + r, bottom: whole.maxY),
            CropRect(left: f.maxX - r, top: whole.minY, right: whole.maxX, bottom: whole.maxY),
        ]
        return edges
            + lines.map {
                CropRect(
                    left: min($0.0.x, $0.1.x) - r, top: min($0.0.y, $0.1.y) - r,
                    right: max($0.0.x, $0.1.x) + r, bottom: max($0.0.y, $0.1.y) + r)
            }
    }

    /// `a` minus `b`, as up to four rects: the bands of `a` above, below, left and right of `b`.
    static func parts(of a: CropRect, outside b: CropRect) -> [CropRect] {
        guard let overlap = a.intersection(b) else { return [a] }
        return [
            CropRect(left: a.minX, top: a.minY, right: a.maxX, bottom: overlap.minY),
            CropRect(left: a.minX, top: overlap.maxY, right: a.maxX, bottom: a.maxY),
            CropRect(left: a.minX, top: overlap.minY, right: overlap.minX, bottom: overlap.maxY),
            CropRect(left: overlap.maxX, top: overlap.minY, right: a.maxX, bottom: overlap.maxY),
        ]
        .filter { $0.width > 0 && $0.height > 0 }
    }

    /// `rect` (points) widened to whole device pixels and cut to the surface; nil when empty.
    private func deviceRect(_ rect: CropRect, width: Int, height: Int) -> DeviceRect? {
        let left = max(0, Int((rect.minX * scale).rounded(.down))), top = max(0, Int((rect.minY * scale).rounded(.down)))
        let right = min(width, Int((rect.maxX * scale).rounded(.up))), bottom = min(height, Int((rect.maxY * scale).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return DeviceRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
