// Keeping a crop beside the image without touching it: Lightroom-style crs: tags in IMAGE.xmp, written atomically with gexiv2.

import CExiv
import CropKit
import Foundation
import Glibc
import ImagingCore

/// The crs: convention, checked against darktable's Lightroom import (src/develop/lightroom.c):
/// it reads crs:CropLeft/Top/Right/Bottom and turns them with the image's orientation (flip X/Y,
/// swap X/Y) before handing them to its clipping module, which works on the upright image after
/// its flip module. So the crs values are fractions of the *stored* pixel grid, before EXIF
/// orientation; we store and read them that way and convert with `ImageOrientation`.
extension Sidecar {
    /// Adobe Camera Raw settings, the namespace Lightroom, darktable and digiKam read crops from.
    static let crsNamespace = "http://ns.adobe.com/camera-raw-settings/1.0/"
    /// Our own namespace for what crs: cannot say (shape, output size).
    static let ownNamespace = "https://cropeditor.github.io/ns/1.0/"
    static let ownPrefix = "cropeditor"

    /// A minimal XMP packet for a new sidecar; gexiv2 then adds the tags.
    static let emptyPacket = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    /// gexiv2 must be initialised once, on the main thread, before any use (its XMP parser is
    /// global state); our namespace is registered with it. Call at start-up; later calls do nothing.
    public static func prepare() { _ = prepared }

    private static let prepared: Void = {
        _ = gexiv2_initialize()
        var error: UnsafeMutablePointer<GError>?
        // Already registered (a second process-wide registration) is as good as registered.
        _ = gexiv2_metadata_try_register_xmp_namespace(ownNamespace, ownPrefix, &error)
        if let error { g_error_free(error) }
    }()

    /// Stores `crop` for `image` in `IMAGE.xmp`, keeping every other tag already there. A sidecar
    /// that cannot be read is kept as `IMAGE.xmp~` before a fresh one replaces it. The image is
    /// never opened for writing.
    /// Returns the backup's path when an unreadable sidecar had to be set aside.
    @discardableResult
    public static func write(_ crop: StoredCrop, for image: String) throws(ImagingError) -> String? {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let info = try ImageProbe.probe(path: image)
        let target = path(for: image)
        let file = try AtomicFile(target: target)
        do throws(ImagingError) {
            let existing = FileManager.default.fileExists(atPath: target) ? target : nil
            let unreadable = try compose(crop, info: info, existing: existing, into: file.temporary)
            let backup = unreadable ? try setAside(target) : nil
            try file.commit()
            return backup
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes the sidecar for `crop` into `temporary` (an existing file, emptied): `existing`'s
    /// tags with the crop's, or a fresh packet when there is none or it cannot be read. Returns
    /// whether `existing` could not be read (it must then be set aside, `setAside`). Reads and
    /// writes only these two files, so the decoding process can run it on the descriptors it holds.
    public static func compose(
        _ crop: StoredCrop, info: ImageInfo, existing: String?, into temporary: String
    ) throws(ImagingError) -> Bool {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        prepare()
        var unreadable = false
        if let existing, let metadata = try? openMetadata(existing) {
            g_object_unref(metadata)
            guard let bytes = FileManager.default.contents(atPath: existing) else {
                throw .sidecar(.copy(detail: "the sidecar could not be read again"))
            }
            try replaceContents(of: temporary, with: bytes)
        } else {
            // Foreign or corrupt: a fresh one, and the caller keeps the old one aside.
            unreadable = existing != nil
            try replaceContents(of: temporary, with: Data(emptyPacket.utf8))
        }
        let metadata = try openMetadata(temporary)
        defer { g_object_unref(metadata) }
        let corners = LightroomCrop(crop, info: info)
        try set(metadata, "Xmp.crs.HasCrop", "True")
        try set(metadata, "Xmp.crs.CropLeft", format(corners.left))
        try set(metadata, "Xmp.crs.CropTop", format(corners.top))
        try set(metadata, "Xmp.crs.CropRight", format(corners.right))
        try set(metadata, "Xmp.crs.CropBottom", format(corners.bottom))
        try set(metadata, "Xmp.crs.CropAngle", format(corners.angle))
        try set(metadata, "Xmp.\(ownPrefix).Shape", crop.shape.rawValue)
        if let size = crop.outputSize.storedText {
            try set(metadata, "Xmp.\(ownPrefix).OutputSize", size)
        } else {
            gexiv2_metadata_clear_tag(metadata, "Xmp.\(ownPrefix).OutputSize")
        }
        try setPerspective(metadata, crop, info: info)
        try setFrames(metadata, crop)
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_save_file(metadata, temporary, &error) != 0 else {
            throw .sidecar(.write(detail: message(error)))
        }
        return unreadable
    }

    /// The crop kept for `image`: its sidecar first, then a crs: crop in its own XMP. nil when
    /// there is none; an error when a sidecar exists but cannot be read (it is left alone).
    public static func read(for image: String) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        try read(info: try ImageProbe.probe(path: image))
    }

    /// The same for a file already probed (opening a picture probes it once for everything).
    public static func read(info: ImageInfo) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let image = info.path
        prepare()
        let sidecar = path(for: image)
        if FileManager.default.fileExists(atPath: sidecar) {
            let metadata: UnsafeMutablePointer<GExiv2Metadata>
            do { metadata = try openMetadata(sidecar) } catch {
                throw .sidecar(.unreadable(name: (sidecar as NSString).lastPathComponent))
            }
            defer { g_object_unref(metadata) }
            if let crop = storedCrop(metadata, info: info) { return (crop, .sidecar(sidecar)) }
        }
        guard let metadata = try? openMetadata(image) else { return nil }
        defer { g_object_unref(metadata) }
        return storedCrop(metadata, info: info).map { ($0, .embedded) }
    }

    private static func storedCrop(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, info: ImageInfo) -> StoredCrop? {
        guard get(metadata, "Xmp.crs.HasCrop")?.lowercased() == "true",
            let left = get(metadata, "Xmp.crs.CropLeft").flatMap(Double.init),
            let top = get(metadata, "Xmp.crs.CropTop").flatMap(Double.init),
            let right = get(metadata, "Xmp.crs.CropRight").flatMap(Double.init),
            let bottom = get(metadata, "Xmp.crs.CropBottom").flatMap(Double.init)
        else { return nil }
        // A missing angle is Lightroom's level crop; one past ±45° no Lightroom writes.
        let angle = get(metadata, "Xmp.crs.CropAngle").flatMap(Double.init) ?? 0
        let corners = LightroomCrop(left: left, top: top, right: right, bottom: bottom, angle: angle)
        guard var crop = corners.storedCrop(info: info) else { return nil }
        crop.shape = get(metadata, "Xmp.\(ownPrefix).Shape").flatMap(CropShape.init(rawValue:)) ?? .rectangle
        crop.outputSize = get(metadata, "Xmp.\(ownPrefix).OutputSize").flatMap(OutputSize.init(storedText:)) ?? .original
        return withFrames(withPerspective(crop, metadata, info: info), metadata, info: info)
    }

    private static func openMetadata(_ path: String) throws(ImagingError) -> UnsafeMutablePointer<GExiv2Metadata> {
        guard let metadata = gexiv2_metadata_new() else { throw .libraryUnavailable(.metadata) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else {
            g_object_unref(metadata)
            throw .library(.metadataOpen, detail: message(error))
        }
        return metadata
    }

    static func set(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ tag: String, _ value: String) throws(ImagingError) {
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_try_set_tag_string(metadata, tag, value, &error) != 0 else {
            throw .sidecar(.tag(tag, detail: message(error)))
        }
    }

    static func get(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ tag: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_has_tag(metadata, tag) != 0,
            let value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error)
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Six decimals: finer than a pixel of a 100-megapixel image, and what Lightroom writes.
    private static func format(_ value: Double) -> String { String(format: "%.6f", value) }

    /// gexiv2's words for a failure (freed here), nil when it gave none.
    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String? {
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) }
    }

    /// `bytes` as the whole of `path`'s contents (an open, a write: no copy call the decoding process lacks).
    private static func replaceContents(of path: String, with bytes: Data) throws(ImagingError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .sidecar(.write(detail: String(cString: strerror(errno)))) }
        defer { close(fd) }
        let failure = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) }
        guard failure == 0 else { throw .sidecar(.write(detail: String(cString: strerror(failure)))) }
    }
}
