// `PhotoSession.removing`: a photo moved to the trash leaves the session, which goes on at the photo after it.
import CropKit
import Testing

@Suite struct PhotoSessionRemovingTests {
    static let paths = ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"]

    @Test func theShownPhotoLeavingShowsTheNextOrTheLastOne() throws {
        let middle = try #require(PhotoSession(paths: Self.paths, current: "/p/b.jpg").removing("/p/b.jpg"))
        #expect(middle.paths == ["/p/a.jpg", "/p/c.jpg"] && middle.current == "/p/c.jpg" && middle.position == 2)
        let last = try #require(PhotoSession(paths: Self.paths, current: "/p/c.jpg").removing("/p/c.jpg"))
        #expect(last.current == "/p/b.jpg" && last.count == 2 && last.nextPath == nil)
        #expect(PhotoSession(paths: ["/p/a.jpg"], current: "/p/a.jpg").removing("/p/a.jpg") == nil)
    }

    @Test func anotherPhotoLeavingKeepsTheShownOneAndEveryEdit() throws {
        var session = PhotoSession(paths: Self.paths, current: "/p/c.jpg")
        var editor = CropEditor()
        editor.load(uprightWidth: 600, uprightHeight: 400, crop: CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5))
        session.keep(editor, for: "/p/c.jpg")
        editor.apply(.moveLeft)
        session.keep(editor, for: "/p/c.jpg")
        let without = try #require(session.removing("/p/a.jpg"))
        #expect(without.current == "/p/c.jpg" && without.position == 2)
        #expect(without.editor(for: "/p/c.jpg") == editor && without.isUnsaved("/p/c.jpg"))
        #expect(session.removing("/elsewhere/z.jpg") == session)
    }
}
