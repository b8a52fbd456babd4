// `PhotoSession`: browsing a folder's photos in order, each photo's editor kept, and which crops are unsaved.
import CropKit
import Testing

@Suite struct PhotoSessionTests {
    static let paths = ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"]

    /// An editor on a 600×400 picture, moved left `steps` times.
    static func editor(moved steps: Int = 0) -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: 600, uprightHeight: 400, crop: CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5))
        for _ in 0..<steps { editor.apply(.moveLeft) }
        return editor
    }

    @Test func browsingGoesThroughThePathsInOrderAndStopsAtTheEnds() {
        var session = PhotoSession(paths: Self.paths, current: "/p/b.jpg")
        #expect(session.position == 2 && session.count == 3)
        #expect(session.nextPath == "/p/c.jpg" && session.previousPath == "/p/a.jpg")
        #expect(session.neighbours == ["/p/c.jpg", "/p/a.jpg"])
        let moved = session.move(to: "/p/c.jpg")
        #expect(moved)
        #expect(session.nextPath == nil && session.current == "/p/c.jpg" && session.position == 3)
        let movedAway = session.move(to: "/elsewhere/d.jpg")
        #expect(!movedAway)
        #expect(session.current == "/p/c.jpg")
        session.move(to: "/p/a.jpg")
        #expect(session.previousPath == nil && session.neighbours == ["/p/b.jpg"])
    }

    @Test func aPathMissingFromTheListingIsBrowsedAlone() {
        let session = PhotoSession(paths: Self.paths, current: "/p/z.gif")
        #expect(session.paths == ["/p/z.gif"] && session.count == 1)
        #expect(session.nextPath == nil && session.previousPath == nil)
    }

    @Test func eachPhotoKeepsItsWholeEditorUndoHistoryIncluded() {
        var session = PhotoSession(paths: Self.paths, current: "/p/a.jpg")
        #expect(session.editor(for: "/p/a.jpg") == nil)
        var edited = Self.editor(moved: 2)
        edited.shape = .circle
        session.keep(Self.editor(), for: "/p/a.jpg")
        session.keep(edited, for: "/p/a.jpg")
        session.keep(Self.editor(moved: 1), for: "/p/b.jpg")
        let restored = session.editor(for: "/p/a.jpg")
        #expect(restored == edited)
        #expect(restored?.shape == .circle)
        var undone = restored!
        undone.undo()
        #expect(undone.crop == Self.editor(moved: 1).crop, "the history came back with the photo")
        #expect(session.editor(for: "/p/b.jpg") == Self.editor(moved: 1))
    }

    @Test func aPhotoIsUnsavedOnceItsEditDiffersFromTheFirstOrTheSavedOne() {
        var session = PhotoSession(paths: Self.paths, current: "/p/a.jpg")
        session.keep(Self.editor(), for: "/p/a.jpg")
        #expect(!session.isUnsaved("/p/a.jpg") && session.unsavedPaths.isEmpty)
        session.keep(Self.editor(moved: 1), for: "/p/a.jpg")
        session.keep(Self.editor(moved: 3), for: "/p/c.jpg")
        session.keep(Self.editor(moved: 4), for: "/p/c.jpg")
        #expect(session.unsavedPaths == ["/p/a.jpg", "/p/c.jpg"])
        // Moving back to where it started is no change to save.
        session.keep(Self.editor(), for: "/p/a.jpg")
        #expect(session.unsavedPaths == ["/p/c.jpg"])
        // A save that finished after a further edit leaves that edit unsaved.
        let saved = SavedEdit(Self.editor(moved: 4))
        session.keep(Self.editor(moved: 5), for: "/p/c.jpg")
        session.markSaved("/p/c.jpg", edit: saved)
        #expect(session.isUnsaved("/p/c.jpg"))
        session.keep(Self.editor(moved: 4), for: "/p/c.jpg")
        #expect(!session.isUnsaved("/p/c.jpg"))
        // The shape and the turns are edits; the ratio is a lock that carries over, not an edit.
        var round = Self.editor()
        round.shape = .circle
        session.keep(Self.editor(), for: "/p/b.jpg")
        session.keep(round, for: "/p/b.jpg")
        #expect(session.isUnsaved("/p/b.jpg"))
        session.keep(Self.editor(), for: "/p/b.jpg")
        #expect(!session.isUnsaved("/p/b.jpg"))
        var turned = Self.editor()
        turned.apply(.rotateRight)
        #expect(SavedEdit(turned) != SavedEdit(Self.editor()))
        var locked = Self.editor()
        locked.setAspectRatio(.free)
        #expect(SavedEdit(locked) == SavedEdit(Self.editor()))
    }

    @Test func relistingKeepsTheEditsOfPhotosStillThereAndForgettingDropsOne() {
        var session = PhotoSession(paths: Self.paths, current: "/p/b.jpg")
        session.keep(Self.editor(), for: "/p/a.jpg")
        session.keep(Self.editor(moved: 1), for: "/p/a.jpg")
        session.keep(Self.editor(), for: "/p/c.jpg")
        let relisted = session.relisted(["/p/a.jpg", "/p/b.jpg", "/p/b2.jpg"], showing: "/p/b2.jpg")
        #expect(relisted.current == "/p/b2.jpg" && relisted.position == 3)
        #expect(relisted.editor(for: "/p/a.jpg") == Self.editor(moved: 1) && relisted.isUnsaved("/p/a.jpg"))
        #expect(relisted.editor(for: "/p/c.jpg") == nil, "a photo gone from the folder is forgotten")
        var forgetting = relisted
        forgetting.forget("/p/a.jpg")
        #expect(forgetting.editor(for: "/p/a.jpg") == nil && forgetting.unsavedPaths.isEmpty)
    }
}
