// `--perspective` on one picture: the quadrilateral on the picture as displayed, its rectification, and the crop on it.

import CropKit
import Decoding
import ImagingCore

extension HeadlessCommand {
    /// The rectification `--perspective` asks for on the picture as displayed (after the EXIF
    /// orientation, `--flip` and `--rotate`), checked before any pixel is made; nil without it.
    static func rectification(
        _ options: HeadlessOptions, source: DecoderSource, info: ImageInfo
    ) throws(HeadlessError) -> Rectification? {
        guard let request = options.perspective else { return nil }
        let image = options.imageName
        let transform = options.export.transform
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let picture = PixelSize(width: shown.width, height: shown.height)
        let upright = PixelSize(width: info.width, height: info.height)
        if request == .upright {
            let found: Rectification?
            do { found = try DecoderPool.shared.upright(source, info: info) } catch { throw HeadlessError(image: image, error) }
            guard let found else { throw HeadlessError(image: image, .failure(.noUprightLines)) }
            return carried(found, by: transform, upright: upright)
        }
        let quad: PerspectiveQuad
        if let given = request.quad(on: picture) {
            quad = given
        } else {
            let found: PerspectiveQuad?
            do { found = try DecoderPool.shared.findDocument(source, info: info) } catch {
                throw HeadlessError(image: image, error)
            }
            guard let found else { throw HeadlessError(image: image, .failure(.noDocument)) }
            // Found on the upright picture: carried through --flip and --rotate, its corners renamed with it.
            quad = found.mapped(by: transform, pictureSize: upright)
        }
        do {
            return try Rectification.make(
                quad: quad, picture: picture, ratio: lockedRatio(options), pixelLimit: SupportedImages.pixelLimit)
        } catch {
            throw HeadlessError(image: image, error.imagingError)
        }
    }

    /// The rectified picture's proportions when they are not estimated: `--aspect`'s, or without it
    /// those of an exact size or a print of the whole corrected picture (a page is A4).
    private static func lockedRatio(_ options: HeadlessOptions) -> Double? {
        let exact = options.crop == nil ? options.outputSize?.exactPixels : nil
        return options.aspect ?? exact.map { Double($0.width) / Double($0.height) }
    }

    /// A rectification made on a `picture` carried through `transform` (`--flip`, `--rotate`): its
    /// quadrilateral's corners go where their pixels go, and the rectified picture turns with it.
    private static func carried(
        _ made: Rectification, by transform: ImageOrientation, upright picture: PixelSize
    ) -> Rectification {
        let size = transform.swapsAxes ? PixelSize(width: made.size.height, height: made.size.width) : made.size
        return Rectification(quad: made.quad.mapped(by: transform, pictureSize: picture), size: size)
    }

    /// A kept crop of a perspective-corrected picture (the window's, or `--sidecar`'s): its
    /// rectification, made on the upright picture and carried through `--flip` and `--rotate`, and
    /// the crop on that rectified picture in pixels. nil when the kept crop has no perspective.
    static func keptPerspective(
        _ kept: StoredCrop, info: ImageInfo, transform: ImageOrientation
    ) -> (rect: PixelRect, rectification: Rectification)? {
        let upright = PixelSize(width: info.width, height: info.height)
        guard let made = kept.rectification(upright: upright) else { return nil }
        let rectification = carried(made, by: transform, upright: upright)
        let size = rectification.size
        let rect = transform.displayedRect(fromStored: kept.rect).pixelRect(imageWidth: size.width, imageHeight: size.height)
        return (rect, rectification)
    }

    /// `--sidecar` with a perspective: `kept` takes the rectification (on the picture as shown) as
    /// the sidecar keeps it, on the upright picture, and `crop` (its pixels on the rectified
    /// picture) normalized on the upright picture's rectified one. The proportions are kept when
    /// they were not estimated (as given by `--aspect` or an exact size; Upright's), so they come back the same.
    static func keep(
        _ rectification: Rectification, crop: PixelRect, options: HeadlessOptions, info: ImageInfo, in kept: inout StoredCrop
    ) {
        let transform = options.export.transform
        let upright = PixelSize(width: info.width, height: info.height)
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let onUpright = carried(
            rectification, by: transform.inverse, upright: PixelSize(width: shown.width, height: shown.height))
        let size = rectification.size
        let normalized = CropRect(pixelRect: crop, imageWidth: size.width, imageHeight: size.height)
        kept.rect = transform.storedRect(fromDisplayed: normalized)
        kept.angle = .zero
        kept.perspectiveCorners = onUpright.quad.corners.map {
            CropPoint(x: $0.x / Double(upright.width), y: $0.y / Double(upright.height))
        }
        let given = lockedRatio(options).map { transform.swapsAxes ? 1 / $0 : $0 }
        let uprightRatio = Double(onUpright.size.width) / Double(onUpright.size.height)
        kept.perspectiveRatio = options.perspective == .upright ? uprightRatio : given
    }
}
