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
            // Made on the upright picture: carried through --flip and --rotate, the rectified picture turning with it.
            let size = transform.swapsAxes ? PixelSize(width: found.size.height, height: found.size.width) : found.size
            return Rectification(quad: found.quad.mapped(by: transform, pictureSize: upright), size: size)
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
        // Without --aspect, an exact size or a print of the whole corrected picture gives it its ratio (a page is A4).
        let exact = options.crop == nil ? options.outputSize?.exactPixels : nil
        let ratio = options.aspect ?? exact.map { Double($0.width) / Double($0.height) }
        do {
            return try Rectification.make(quad: quad, picture: picture, ratio: ratio, pixelLimit: SupportedImages.pixelLimit)
        } catch {
            throw HeadlessError(image: image, error.imagingError)
        }
    }
}
