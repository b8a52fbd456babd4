// Zoomed in on a picture with cuts: the sharp region asked of the picture under the joined view, and its pieces joined.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// The region of the picture as shown that holds every piece of `visible` (normalized on the joined
    /// picture), on the upright picture the decoder renders: the smallest rectangle around the pieces.
    func sharpRegion(underJoined visible: CropRect, joined: JoinedPicture) -> CropRect? {
        let size = joined.size
        let x0 = Int((visible.minX * Double(size.width)).rounded(.down)),
            x1 = Int((visible.maxX * Double(size.width)).rounded(.up))
        let y0 = Int((visible.minY * Double(size.height)).rounded(.down)),
            y1 = Int((visible.maxY * Double(size.height)).rounded(.up))
        let pieces = joined.pieces(of: PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))).joined()
        guard let left = pieces.map(\.x).min(), let top = pieces.map(\.y).min(),
            let right = pieces.map({ $0.x + $0.width }).max(), let bottom = pieces.map({ $0.y + $0.height }).max()
        else { return nil }
        let shown = joined.original
        let region = CropRect(
            x: Double(left) / Double(shown.width), y: Double(top) / Double(shown.height),
            width: Double(right - left) / Double(shown.width), height: Double(bottom - top) / Double(shown.height))
        return transform.storedRect(fromDisplayed: region)
    }
}

extension JoinedDisplay {
    /// `tile` (a region of the upright picture, rendered sharp) as the joined picture shows it: the
    /// pieces it holds placed side by side at its resolution, a region of the joined picture. Made
    /// once per tile, so frames copy it as they copy any sharp region.
    static func joinedTile(_ tile: SharpTile, transform: ImageOrientation, joined: JoinedPicture) -> SharpTile? {
        let shown = joined.original
        let region = transform.displayedRect(fromStored: tile.region)
        let across = (lower: region.minX * Double(shown.width), upper: region.maxX * Double(shown.width))
        let down = (lower: region.minY * Double(shown.height), upper: region.maxY * Double(shown.height))
        let (tileWidth, tileHeight) =
            transform.swapsAxes ? (tile.surface.height, tile.surface.width) : (tile.surface.width, tile.surface.height)
        let sx = Double(tileWidth) / (across.upper - across.lower), sy = Double(tileHeight) / (down.upper - down.lower)
        let columns = placed(joined.columns, within: across), rows = placed(joined.rows, within: down)
        guard let jx0 = columns.first?.joined.lowerBound, let jx1 = columns.last?.joined.upperBound,
            let jy0 = rows.first?.joined.lowerBound, let jy1 = rows.last?.joined.upperBound
        else { return nil }
        let width = max(1, Int(((jx1 - jx0) * sx).rounded())), height = max(1, Int(((jy1 - jy0) * sy).rounded()))
        guard let surface = ImageSurface(width: width, height: height) else { return nil }
        surface.draw { c in
            for row in rows {
                let top = ((row.joined.lowerBound - jy0) * sy).rounded(), bottom = ((row.joined.upperBound - jy0) * sy).rounded()
                for column in columns {
                    let left = ((column.joined.lowerBound - jx0) * sx).rounded()
                    let right = ((column.joined.upperBound - jx0) * sx).rounded()
                    guard right > left, bottom > top else { continue }
                    let piece = CropRect(
                        x: column.shown.lowerBound / Double(shown.width), y: row.shown.lowerBound / Double(shown.height),
                        width: (column.shown.upperBound - column.shown.lowerBound) / Double(shown.width),
                        height: (row.shown.upperBound - row.shown.lowerBound) / Double(shown.height))
                    c.saved {
                        c.rectangle(left, top, right - left, bottom - top)
                        cairo_clip(c.cr)
                        cairo_translate(c.cr, left, top)
                        SourceMapping.setSource(
                            c, tile.surface, transform: transform, shown: piece, width: Int(right - left),
                            height: Int(bottom - top), covering: tile.region)
                        cairo_paint(c.cr)
                    }
                }
            }
        }
        let size = joined.size
        let covered = CropRect(
            x: jx0 / Double(size.width), y: jy0 / Double(size.height), width: (jx1 - jx0) / Double(size.width),
            height: (jy1 - jy0) / Double(size.height))
        return SharpTile(surface: surface, region: covered, source: tile.source)
    }

    /// The stretches of an axis's kept ranges inside `within` (positions on the picture as shown), each
    /// with where it lies on the joined picture.
    private static func placed(
        _ kept: [Range<Int>], within: (lower: Double, upper: Double)
    ) -> [(shown: Range<Double>, joined: Range<Double>)] {
        var joinedStart = 0.0
        var result: [(shown: Range<Double>, joined: Range<Double>)] = []
        for range in kept {
            let lower = max(Double(range.lowerBound), within.lower), upper = min(Double(range.upperBound), within.upper)
            if lower < upper {
                let start = joinedStart + lower - Double(range.lowerBound)
                result.append((lower..<upper, start..<(start + upper - lower)))
            }
            joinedStart += Double(range.count)
        }
        return result
    }
}
