// A re-encoded result's metadata before the save: the gain map's description dropped when it cannot follow, EXIF, XMP on request.

import CVips
import Foundation
import ImagingCore

extension CropExporter {
    /// What a result whose metadata could not be fixed is written again without.
    enum LeftOutMetadata { case keepingXMP, all }

    /// A copy of `image` without what the result must not carry (`bare`'s metadata, a gain map's
    /// description), or nil when it needs no change.
    static func editedMetadata(
        _ image: UnsafeMutablePointer<VipsImage>, bare: LeftOutMetadata?,
        dropGainMap: Bool
    ) throws(ImagingError) -> UnsafeMutablePointer<VipsImage>? {
        var edited: UnsafeMutablePointer<VipsImage>?
        if let bare {
            edited = cv_without_metadata(image, 1, bare == .keepingXMP ? 1 : 0)
            guard edited != nil else { throw ImagingLibraries.vipsFailure(.leaveOutMetadata) }
        }
        if dropGainMap, let cleaned = withoutGainMapXMP(edited ?? image) {
            cv_unref(edited)
            edited = cleaned
        }
        return edited
    }

    /// A copy of `image` whose XMP no longer describes a gain map, or nil when it has none to remove.
    private static func withoutGainMapXMP(_ image: UnsafeMutablePointer<VipsImage>) -> UnsafeMutablePointer<VipsImage>? {
        var size = 0
        guard let data = cv_xmp(image, &size),
            let cleaned = GainMapDescription.removed(
                from: String(
                    decoding: UnsafeRawBufferPointer(start: data, count: size),
                    as: UTF8.self))
        else { return nil }
        return Array(cleaned.utf8).withUnsafeBytes { cv_with_xmp(image, $0.baseAddress, $0.count) }
    }
}
