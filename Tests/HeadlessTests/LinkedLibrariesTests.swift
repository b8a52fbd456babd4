// The processes that read no pixels link no pixel libraries: only the decoders name libvips, gexiv2, TurboJPEG or libspng.

import Foundation
import Testing

@testable import TestSupport

@Suite struct LinkedLibrariesTests {
    /// The pixel libraries: loading them cost ~45 ms of every start of the command line, paid again by
    /// the decoder that really uses them.
    static let pixelLibraries = ["libvips", "libgexiv2", "libturbojpeg", "libspng"]

    /// The shared libraries `binary` asks the dynamic linker for (`readelf -d`'s NEEDED entries).
    static func needed(_ binary: String) throws -> [String] {
        let dynamic = try Tool.run("readelf", ["-d", binary])
        return dynamic.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    static func binary(_ name: String) -> String { CropEditorProcess.buildFolder.appendingPathComponent(name).path }

    @Test(arguments: ["crop-editor", "crop-editor-gui"])
    func aParentLinksNoPixelLibrary(_ name: String) throws {
        let libraries = try Self.needed(Self.binary(name))
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "readelf listed nothing for \(name): \(libraries)")
        let pixel = libraries.filter { library in Self.pixelLibraries.contains { library.hasPrefix($0) } }
        #expect(pixel.isEmpty, "\(name) links \(pixel): its Imaging use must go through ImagingCore")
    }

    /// The same check finds them where they belong: it is not blind to them.
    @Test func theDecoderLinksThem() throws {
        let libraries = try Self.needed(Self.binary("crop-editor-decoder"))
        for wanted in Self.pixelLibraries {
            #expect(libraries.contains { $0.hasPrefix(wanted) }, "the decoder does not link \(wanted): \(libraries)")
        }
    }

    /// The lean decoder for plain JPEG crops links libjpeg, libexif and gexiv2, and not libvips, TurboJPEG or
    /// libspng: its start is its reason to be.
    @Test func theLeanDecoderLinksNoLibvips() throws {
        let libraries = try Self.needed(Self.binary("crop-editor-jpegcut"))
        for wanted in ["libjpeg", "libexif", "libgexiv2", "libseccomp"] {
            #expect(libraries.contains { $0.hasPrefix(wanted) }, "the lean decoder does not link \(wanted): \(libraries)")
        }
        for unwanted in ["libvips", "libturbojpeg", "libspng"] {
            #expect(!libraries.contains { $0.hasPrefix(unwanted) }, "the lean decoder links \(unwanted)")
        }
    }
}
