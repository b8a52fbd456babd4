// A cropping session over a folder: its photos in order, the one shown, each photo's editor and whether its crop is saved.

/// What a saved photo's edit was: the photo is unsaved while its editor's differs. The ratio is a
/// lock, not an edit (it carries over to the next photo), so it is not part of it, except as a
/// frame's own among several.
public struct SavedEdit: Hashable, Sendable {
    public let crop: CropRect
    public let orientation: ImageOrientation
    public let angle: StraightenAngle
    public let shape: CropShape
    /// Every frame once the picture has had several (`CropState.frames`), and which one is edited.
    public let frames: [FrameState]
    public let activeFrame: Int
    public let cuts: [PictureCut]

    public init(_ editor: CropEditor) {
        crop = editor.crop
        orientation = editor.orientation
        angle = editor.angle
        shape = editor.shape
        let state = editor.state
        frames = state.frames
        activeFrame = state.activeFrame
        cuts = state.cuts
    }
}

/// The photos of one folder in the order they are browsed, which one is shown, and for every photo
/// shown so far its whole editor (crop, angle, shape, undo history) and its edit when last saved or
/// first shown. Paths are compared as given.
public struct PhotoSession: Hashable, Sendable {
    /// One photo's editor and the edit it had when last saved (or first shown).
    struct Entry: Hashable, Sendable {
        var editor: CropEditor
        var saved: SavedEdit
    }

    /// Every photo of the folder, in browsing order.
    public private(set) var paths: [String]
    /// The index in `paths` of the photo shown.
    public private(set) var index: Int
    private var entries: [String: Entry] = [:]

    /// A session over `paths` showing `current`; a current path missing from `paths` is browsed alone.
    public init(paths: [String], current: String) {
        if let found = paths.firstIndex(of: current) {
            self.paths = paths
            index = found
        } else {
            self.paths = [current]
            index = 0
        }
    }

    /// The photo shown.
    public var current: String { paths[index] }
    /// The shown photo's place, counted from 1.
    public var position: Int { index + 1 }
    public var count: Int { paths.count }
    public var nextPath: String? { index + 1 < paths.count ? paths[index + 1] : nil }
    public var previousPath: String? { index > 0 ? paths[index - 1] : nil }
    /// The photos either side of the shown one (the ones worth preparing ahead).
    public var neighbours: [String] { [nextPath, previousPath].compactMap { $0 } }

    /// Shows `path`; false (and nothing changes) when it is not one of the session's.
    @discardableResult
    public mutating func move(to path: String) -> Bool {
        guard let found = paths.firstIndex(of: path) else { return false }
        index = found
        return true
    }

    /// The editor `path` was last left with, or nil for a photo not shown yet.
    public func editor(for path: String) -> CropEditor? { entries[path]?.editor }

    /// Keeps `editor` as `path`'s. The first editor kept for a photo is its starting point: the
    /// photo is unsaved once its edit differs from that one's.
    public mutating func keep(_ editor: CropEditor, for path: String) {
        if entries[path] == nil {
            entries[path] = Entry(editor: editor, saved: SavedEdit(editor))
        } else {
            entries[path]?.editor = editor
        }
    }

    /// Records that `edit` of `path` was saved (a save may finish after further edits: those stay unsaved).
    public mutating func markSaved(_ path: String, edit: SavedEdit) {
        entries[path]?.saved = edit
    }

    /// Whether `path`'s crop was changed since it was shown or last saved.
    public func isUnsaved(_ path: String) -> Bool {
        guard let entry = entries[path] else { return false }
        return SavedEdit(entry.editor) != entry.saved
    }

    /// The photos with unsaved crops, in browsing order.
    public var unsavedPaths: [String] { paths.filter(isUnsaved) }

    /// The same folder listed again (files came or went) showing `showing`: the photos still there
    /// keep their editors (a shown photo missing from the listing is browsed alone).
    public func relisted(_ newPaths: [String], showing: String) -> PhotoSession {
        var session = PhotoSession(paths: newPaths, current: showing)
        let kept = Set(session.paths)
        session.entries = entries.filter { kept.contains($0.key) }
        return session
    }

    /// Drops what is kept for `path` (its file was replaced: the old crop measured other pixels).
    public mutating func forget(_ path: String) {
        entries[path] = nil
    }
}
