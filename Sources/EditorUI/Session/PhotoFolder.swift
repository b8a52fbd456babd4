// The photos of a folder a session browses: the files the Open dialog's filter would offer, in GNOME Files' name order.

import CGtk
import Decoding
import Foundation
import GtkSupport

enum PhotoFolder {
    /// The formats the imaging module opens (HEIF only where this libvips has it): the Open
    /// dialog's filter and the folder listing both take them from here. The decoder says whether
    /// its libvips opens HEIF (`ready`): the window links no libvips to ask, and a build-time fact
    /// would be wrong where libvips' HEIF module is packaged apart. The window starts a decoder
    /// with itself, so the answer is known before the first dialog or folder listing asks.
    static var mimeTypes: [String] {
        ["image/jpeg", "image/png", "image/webp", "image/tiff", "image/gif"]
            + (DecoderPool.shared.opensHEIF() ? ["image/heif", "image/avif"] : [])
    }

    /// Whether a file of this name is one the Open dialog offers: its content type guessed from the
    /// name, as GIO guesses it for the chooser, is one of `mimeTypes` or a subtype of one.
    static func isPhoto(name: String, mimeTypes: [String]) -> Bool { Files.isOfType(name: name, mimeTypes: mimeTypes) }

    /// The photos in `folder` (hidden files left out, as Files leaves them out), sorted as GNOME Files
    /// sorts names: by `g_utf8_collate_key_for_filename`, so "IMG_2" comes before "IMG_10".
    /// Runs off the main thread (a folder on a slow disk may take a while).
    static func photos(in folder: String, mimeTypes: [String]) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let photos = names.filter { name in
            guard !name.hasPrefix("."), isPhoto(name: name, mimeTypes: mimeTypes) else { return false }
            var isFolder: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        return sortedAsFiles(photos).map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Names in GNOME Files' order: the collation keys compared byte by byte (they are not text),
    /// the names themselves breaking ties.
    static func sortedAsFiles(_ names: [String]) -> [String] {
        names.map { (key: Files.collationKey(ofName: $0), name: $0) }
            .sorted { $0.key == $1.key ? $0.name < $1.name : $0.key.lexicographicallyPrecedes($1.key) }
            .map(\.name)
    }
}
