// The joined picture at display size: the thumbnail's kept pieces placed side by side once per set of cuts, and its join lines.

import CGtk
import CropKit
import GtkSupport

/// The picture with its bands cut out, as the crop area shows it: made from the display thumbnail,
/// each kept piece clipped and moved beside its neighbour by Cairo, once each time the cuts, the
/// picture or its turn change. A frame then copies it as it copies any picture, so a drag costs
/// the same with cuts as without. Zoomed in, the sharp region of the picture under the view is
/// joined the same way (`JoinedSharp`).
@MainActor
final class JoinedDisplay {
    /// What the last picture was made of, and the picture.
    private var made: (source: ImageSurface, transform: ImageOrientation, joined: JoinedPicture, picture: LoadedImage)?
    /// The last sharp region joined (`joinedTile`), and the one it was made from.
    private var sharp: (from: SharpTile, transform: ImageOrientation, joined: JoinedPicture, tile: SharpTile?)?

    /// `tile` joined as the joined picture shows it, made once for each tile.
    func sharpTile(_ tile: SharpTile, transform: ImageOrientation, joined: JoinedPicture) -> SharpTile? {
        if let sharp, sharp.from === tile, sharp.transform == transform, sharp.joined == joined { return sharp.tile }
        let made = JoinedDisplay.joinedTile(tile, transform: transform, joined: joined)
        sharp = (tile, transform, joined, made)
        return made
    }

    /// `image` as shown by `transform` with `joined`'s cuts made: a picture already upright (its own
    /// transform is `.up`), measured in the joined picture's pixels. Nil when there is no memory for it.
    func picture(of image: LoadedImage, transform: ImageOrientation, joined: JoinedPicture) -> LoadedImage? {
        if let made, made.source === image.surface, made.transform == transform, made.joined == joined {
            return made.picture
        }
        // The old one goes first, as the display cache's: never two of them at once.
        made = nil
        guard let picture = image.joined(joined, transform: transform) else { return nil }
        made = (image.surface, transform, joined, picture)
        return picture
    }

    /// Lets the joined picture go (no cuts, a new picture).
    func drop() {
        made = nil
        sharp = nil
    }

    /// Draws the kept pieces of `source` (the upright thumbnail) turned by `transform`, side by side:
    /// each piece is a clip of the joined surface with the thumbnail moved under it. The edges fall on
    /// the joined picture's pixel edges rounded to the thumbnail's, so neighbours meet with no gap.
    nonisolated static func draw(
        _ source: ImageSurface, transform: ImageOrientation, joined: JoinedPicture
    ) -> ImageSurface? {
        let shown = joined.original, size = joined.size
        let (thumbWidth, thumbHeight) =
            transform.swapsAxes ? (source.height, source.width) : (source.width, source.height)
        let fx = Double(thumbWidth) / Double(max(shown.width, 1)), fy = Double(thumbHeight) / Double(max(shown.height, 1))
        let width = max(1, Int((Double(size.width) * fx).rounded())), height = max(1, Int((Double(size.height) * fy).rounded()))
        guard let surface = ImageSurface(width: width, height: height) else { return nil }
        let across = pieces(joined.columns, scale: fx), down = pieces(joined.rows, scale: fy)
        surface.draw { c in
            for row in down {
                for column in across {
                    c.saved {
                        c.rectangle(column.to, row.to, column.length, row.length)
                        cairo_clip(c.cr)
                        cairo_translate(c.cr, column.to - column.from, row.to - row.from)
                        SourceMapping.setSource(
                            c, source, transform: transform, shown: .unit, width: thumbWidth, height: thumbHeight)
                        cairo_paint(c.cr)
                    }
                }
            }
        }
        return surface
    }

    /// Each kept range of an axis at thumbnail scale: where it starts on the thumbnail (`from`), where
    /// it goes on the joined one (`to`) and its length there.
    nonisolated static func pieces(_ kept: [Range<Int>], scale: Double) -> [(from: Double, to: Double, length: Double)] {
        var joinedStart = 0
        return kept.map { range in
            let to = (Double(joinedStart) * scale).rounded()
            joinedStart += range.count
            let end = (Double(joinedStart) * scale).rounded()
            return (Double(range.lowerBound) * scale, to, end - to)
        }
    }

    /// Where the parts meet on each axis of the joined picture, in its pixels: after each kept range
    /// but the last (neighbours in the list were apart before the cuts).
    nonisolated static func joins(_ kept: [Range<Int>]) -> [Int] {
        var at = 0
        return kept.dropLast().map { range in
            at += range.count
            return at
        }
    }
}

extension LoadedImage {
    /// This picture shown by `transform` with `joined`'s cuts made, as the crop area shows it
    /// (`JoinedDisplay`), upright from then on; the benchmark makes the picture it drags a crop over so.
    @_spi(Benchmark) public func joined(_ joined: JoinedPicture, transform: ImageOrientation = .up) -> LoadedImage? {
        guard let surface = JoinedDisplay.draw(surface, transform: transform, joined: joined) else { return nil }
        let size = joined.size
        return LoadedImage(title: title, path: path, surface: surface, pixelWidth: size.width, pixelHeight: size.height)
    }
}

/// The thin lines where the parts of the picture meet, in view points: across the picture at each
/// joined row, down it at each joined column; the chosen cut's join, in Cut Out mode, stands out.
@_spi(Benchmark) public struct JoinLines: Equatable, Sendable, OverlayDrawing {
    /// Each join as a segment in view points, and whether it is the chosen cut's.
    var segments: [Segment]

    struct Segment: Equatable, Sendable {
        var start: CropPoint
        var end: CropPoint
        var chosen: Bool
    }

    /// Each line over its dark halo; the chosen cut's wider and in the accent's colour.
    @_spi(Benchmark) public func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        for segment in segments {
            let width = segment.chosen ? OverlayStyle.chosenJoinWidth : OverlayStyle.joinWidth
            for (lineWidth, color) in [
                (width + OverlayStyle.haloExtra, halo), (width, segment.chosen ? OverlayStyle.chosenJoin : OverlayStyle.join),
            ] {
                c.moveTo(segment.start.x, segment.start.y)
                c.lineTo(segment.end.x, segment.end.y)
                c.stroke(width: lineWidth, color: color)
            }
        }
    }
}

extension OverlayStyle {
    /// The join lines: thin, so they mark the join without hiding the pixels on either side of it.
    static let joinWidth = 1.0, chosenJoinWidth = 3.0
    static let join = RGBA(1, 1, 1, 0.8)
    /// The chosen cut's join and the band being marked: a warm red that reads as "removed".
    static let chosenJoin = RGBA(0.93, 0.2, 0.2)
}
