// Which part of the unturned picture a region of the turned picture's box shows: what the canvas and previews read pixels from.

extension TurnedPicture {
    /// The smallest rectangle of the unturned picture, normalized on it and clipped to it, that
    /// holds every picture point a normalized rectangle of the box shows; nil when the region
    /// shows nothing of the picture. A zoomed view or a preview renders only this much of the file.
    public func pictureRegion(coveringBox region: CropRect) -> CropRect? {
        let r = pixels(region.standardized)
        let points = [
            CropPoint(x: r.minX, y: r.minY), CropPoint(x: r.maxX, y: r.minY),
            CropPoint(x: r.maxX, y: r.maxY), CropPoint(x: r.minX, y: r.maxY),
        ].map(picturePoint(fromBox:))
        let w = Double(width), h = Double(height)
        let minX = max(points.map(\.x).min()! / w, 0), maxX = min(points.map(\.x).max()! / w, 1)
        let minY = max(points.map(\.y).min()! / h, 0), maxY = min(points.map(\.y).max()! / h, 1)
        guard maxX > minX, maxY > minY else { return nil }
        return CropRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension TurnedPicture {
    /// The picture point a box point shows, both normalized (on the box and on the picture): the
    /// map drawing reads pixels through. At no angle it is the point itself.
    public func normalizedPicturePoint(fromBox p: CropPoint) -> CropPoint {
        let box = boundingSize
        let q = picturePoint(fromBox: CropPoint(x: p.x * Double(box.width), y: p.y * Double(box.height)))
        return CropPoint(x: q.x / Double(width), y: q.y / Double(height))
    }
}
