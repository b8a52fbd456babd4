// Fuzzing the sidecar reader: an XMP sidecar beside a picture, or the crs: crop in the picture's own XMP.

import CropKit
import Foundation

@testable import Imaging

enum SidecarTarget {
    /// The first byte chooses the picture's orientation and whether the rest is the sidecar or the picture.
    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let rest = bytes.dropFirst()
        let image = FuzzTargets.folder + "/picture.jpg"
        if first & 0x80 == 0 {
            _ = FuzzTargets.file("picture.jpg.xmp", rest)
            _ = FuzzTargets.file("picture.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        } else {
            try? FileManager.default.removeItem(atPath: image + ".xmp")
            _ = FuzzTargets.file("picture.jpg", rest)
        }
        let info = ImageInfo(
            path: image, loader: SupportedImages.jpegLoader, storedWidth: 640, storedHeight: 480,
            orientation: ImageOrientation(exifValue: Int(first & 0x07) + 1), bands: 3, bitsPerSample: 8, hasAlpha: false)
        if let (crop, _) = try? Sidecar.read(info: info) {
            precondition(crop.rect.width > 0 && crop.rect.height > 0, "an empty stored crop")
        }
    }
}
