// What an image file is, read from its header alone: format, stored and upright size, orientation, depth, alpha.

import CropKit
import Foundation

public struct ImageInfo: Sendable, Equatable, Codable {
    public let path: String
    /// The libvips loader class, e.g. `VipsForeignLoadJpegFile`.
    public let loader: String
    public let storedWidth: Int
    public let storedHeight: Int
    public let orientation: ImageOrientation
    public let bands: Int
    /// Bits per sample of the decoded image (8 or 16 for the formats we open).
    public let bitsPerSample: Int
    public let hasAlpha: Bool

    /// The facts as the decoder's probe read them (`ImageProbe.probe`, in the decoder).
    package init(
        path: String, loader: String, storedWidth: Int, storedHeight: Int, orientation: ImageOrientation, bands: Int,
        bitsPerSample: Int, hasAlpha: Bool
    ) {
        self.path = path
        self.loader = loader
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.bands = bands
        self.bitsPerSample = bitsPerSample
        self.hasAlpha = hasAlpha
    }

    /// The upright size: what people see and crop.
    public var width: Int { orientation.displayedSize(storedWidth: storedWidth, storedHeight: storedHeight).width }
    public var height: Int { orientation.displayedSize(storedWidth: storedWidth, storedHeight: storedHeight).height }
    public var isJPEG: Bool { loader == SupportedImages.jpegLoader }
    /// The same facts for the same bytes reached by another name (the decoding process reads a
    /// descriptor under a name of its own; the editor knows the file's real path).
    public func named(_ path: String) -> ImageInfo {
        ImageInfo(
            path: path, loader: loader, storedWidth: storedWidth, storedHeight: storedHeight,
            orientation: orientation, bands: bands, bitsPerSample: bitsPerSample, hasAlpha: hasAlpha)
    }
    package var isTIFF: Bool { loader == SupportedImages.tiffLoader }
}

extension ImageInfo {
    /// The checks every path gets before any library reads its header, each with its own cause (public
    /// for the process that opens files for the decoding process).
    public static func checkReadable(_ path: String) throws(ImagingError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(.missing)
        }
        guard !isDirectory.boolValue else { throw .unreadable(.folder) }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(.permissionDenied) }
        // stat itself: Foundation's attributes also look up the owner's name (the user database),
        // which the confined decoder cannot reach.
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { throw .unreadable(.empty) }
    }
}
