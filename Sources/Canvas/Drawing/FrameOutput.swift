// How a painted frame reaches GTK's renderer: a surface of ours painted in bands as a texture, or a recorded Cairo node.

import CGtk
import CropKit
import GtkSupport

/// How a canvas frame reaches GTK's renderer.
public enum FrameDelivery {
    /// Painted into a surface of ours in bands, shown as a texture node.
    case texture
    /// Recorded as a Cairo node, which GTK replays as it renders.
    case recorded

    /// The way for frames shown by `renderer`: recorded for GTK's Cairo renderer (and before the
    /// widget has a renderer), a texture otherwise.
    public init(for renderer: OpaquePointer?) {
        guard let renderer else { self = .recorded; return }
        self = Renderers.isCairo(renderer) ? .recorded : .texture
    }
}

/// Hands each laid-out frame to GTK. GTK 4.8 records a Cairo node and replays it on one thread when
/// it renders, and a frame is bound by memory bandwidth; so for GPU renderers, which upload a
/// texture from our pixels as they are, the frame is painted here in bands on every core. GTK's
/// Cairo renderer instead draws a texture node through a converted, padded copy, many times slower
/// than replaying the recording, so it gets the recording.
@MainActor
final class FrameOutput {
    /// The way for a renderer: `FrameDelivery(for:)`, or what a test forces.
    private let policy: @MainActor (OpaquePointer?) -> FrameDelivery
    /// The surfaces frames are painted into, recycled once GTK has shown them.
    let surfaces = FrameSurfaces()

    init(policy: @escaping @MainActor (OpaquePointer?) -> FrameDelivery) { self.policy = policy }

    /// Shows `plan` in `snapshot`, over `width`×`height` points at `scale` device pixels a point:
    /// as a texture painted in bands where the renderer takes one and there is memory for it,
    /// otherwise recorded.
    func show(_ plan: FramePlan, in snapshot: Snapshot, renderer: OpaquePointer?, width: Int, height: Int, scale: Int) {
        if policy(renderer) == .texture, let texture = paint(plan, width: width * scale, height: height * scale) {
            snapshot.append(texture, width: Double(width), height: Double(height))
        } else {
            snapshot.drawWithCairo(width: Double(width), height: Double(height)) { plan.paint($0) }
        }
    }

    /// Paints the frame in bands into a frame surface of `width`×`height` device pixels (only what
    /// changed since it was last painted) and lends it as a texture; nil when there is no memory for one.
    private func paint(_ plan: FramePlan, width: Int, height: Int) -> Texture? {
        guard let frame = surfaces.take(width: width, height: height) else { return nil }
        plan.render(into: frame)
        return surfaces.texture(showing: frame)
    }
}
