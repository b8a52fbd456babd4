// A photo leaving the folder (moved to the trash): the session goes on without it, at the photo that followed it.

extension PhotoSession {
    /// The session without `path`, showing the photo that came after it (or before it, when it was
    /// the last): the other photos keep their editors. Nil when it was the only photo; the session
    /// itself when `path` is not one of its photos.
    public func removing(_ path: String) -> PhotoSession? {
        guard let gone = paths.firstIndex(of: path) else { return self }
        let left = paths.filter { $0 != path }
        guard !left.isEmpty else { return nil }
        // Another photo than the shown one leaving keeps the shown one.
        let showing = current != path ? current : left[min(gone, left.count - 1)]
        return relisted(left, showing: showing)
    }
}
