// What changed in a window, for `EditorWindow.refresh(_:)`: named by the change, not by the parts that show it.

/// Changes a window's parts follow. Whoever changes something says what changed; `refresh(_:)`
/// alone knows which parts show it, so a new part is added there and nowhere else.
struct WindowChange: OptionSet, Sendable {
    let rawValue: Int

    /// The committed crop (a drag, keys, undo, a turn, the pixel entries): everything about the crop.
    static let crop = WindowChange(rawValue: 1 << 0)
    /// Whether undo or redo is possible.
    static let history = WindowChange(rawValue: 1 << 1)
    /// The zoom or the fixed frame's scale.
    static let zoom = WindowChange(rawValue: 1 << 2)
    /// The straighten angle, while it changes (the ruler, keys) and when straighten mode toggles.
    static let angle = WindowChange(rawValue: 1 << 3)
    /// A picture was shown or closed, a save or a suggestion began or ended: what may be done now.
    static let work = WindowChange(rawValue: 1 << 4)
    /// The folder's session: the photo shown, its unsaved mark, the count.
    static let session = WindowChange(rawValue: 1 << 5)
    /// What the previews show besides the crop: shown or hidden, the shape, the rectified picture come.
    static let previews = WindowChange(rawValue: 1 << 6)
    /// The ratio or the shape the canvas holds was set from outside their menus (a photo shown again,
    /// a kept crop restored, an output size that locks a ratio): their menus and the previews follow.
    static let frame = WindowChange(rawValue: 1 << 7)
}
