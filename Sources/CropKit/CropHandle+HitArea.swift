// Where each handle can be grabbed around a frame drawn on screen, and which handle a press hits.

extension CropHandle {
    /// The grip in view points: big enough for a finger or an imprecise pointer (44, a usual smallest touch target).
    public static let gripSize = 44.0

    /// The area, in view points, where this handle can be grabbed around `frame` (the crop as
    /// drawn on screen): corner squares centred on the corners, edge strips between them, and
    /// the body inset by half a grip but never inverted on a tiny frame.
    public func hitArea(around frame: CropRect, grip: Double = CropHandle.gripSize) -> CropRect {
        let half = grip / 2
        let f = frame.standardized
        switch self {
        case .body:
            return f.insetBy(dx: min(half, f.width / 2), dy: min(half, f.height / 2))
        case .top:
            return CropRect(x: f.minX + half, y: f.minY - half, width: max(f.width - grip, 0), height: grip)
        case .bottom:
            return CropRect(x: f.minX + half, y: f.maxY - half, width: max(f.width - grip, 0), height: grip)
        case .left:
            return CropRect(x: f.minX - half, y: f.minY + half, width: grip, height: max(f.height - grip, 0))
        case .right:
            return CropRect(x: f.maxX - half, y: f.minY + half, width: grip, height: max(f.height - grip, 0))
        case .topLeft:
            return CropRect(x: f.minX - half, y: f.minY - half, width: grip, height: grip)
        case .topRight:
            return CropRect(x: f.maxX - half, y: f.minY - half, width: grip, height: grip)
        case .bottomLeft:
            return CropRect(x: f.minX - half, y: f.maxY - half, width: grip, height: grip)
        case .bottomRight:
            return CropRect(x: f.maxX - half, y: f.maxY - half, width: grip, height: grip)
        }
    }

    /// Hit-test order: corners win over edges, edges over the body.
    public static let hitTestOrder: [CropHandle] =
        [.topLeft, .topRight, .bottomRight, .bottomLeft, .top, .right, .bottom, .left, .body]

    /// The handle under `point` (view points) for a frame drawn at `frame`, or nil when the
    /// point is outside every grip (a press there starts a new rectangle).
    public static func hitTest(
        _ point: CropPoint, frame: CropRect,
        grip: Double = CropHandle.gripSize
    ) -> CropHandle? {
        hitTestOrder.first { $0.hitArea(around: frame, grip: grip).contains(point) }
    }
}
