// `--cut` on one picture: the bands checked on the picture as displayed, and the crop measured on the joined picture.

import CropKit
import ImagingCore

extension HeadlessCommand {
    /// The crop on the picture `--cut` leaves of the picture as displayed (after the EXIF orientation,
    /// `--flip` and `--rotate`), the cuts checked on it first: `--crop`'s geometry, or all of it.
    static func joinedCrop(_ options: HeadlessOptions, info: ImageInfo) throws(HeadlessError) -> PixelRect {
        try measuredCrop(options, on: joinedSize(options, info: info))
    }

    /// The size of the picture `--cut` leaves, the cuts checked on the picture as displayed first.
    static func joinedSize(_ options: HeadlessOptions, info: ImageInfo) throws(HeadlessError) -> PixelSize {
        let shown = options.export.transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        do { return try JoinedPicture(PixelSize(width: shown.width, height: shown.height), cuts: options.export.cuts).size } catch
        {
            throw HeadlessError(image: options.imageName, .failure(.cutDoesNotFit(error)))
        }
    }

    /// `--crop`'s geometry measured on a picture of `size` made before the crop (rectified, joined), or
    /// all of it without one.
    static func measuredCrop(_ options: HeadlessOptions, on size: PixelSize) throws(HeadlessError) -> PixelRect {
        guard let geometry = options.crop else { return PixelRect(x: 0, y: 0, width: size.width, height: size.height) }
        do { return try geometry.checkedPixelRect(imageWidth: size.width, imageHeight: size.height) } catch {
            throw HeadlessError(image: options.imageName, .failure(.cropDoesNotFit(error)))
        }
    }
}
