// libvips starts with the HEIF module only: the modules of formats the app refuses (PDF, ImageMagick, JPEG XL…) never load.

import Foundation
import Imaging
import Testing

@Suite struct StartupModulesTests {
    @Test func onlyTheHEIFModuleIsLoaded() throws {
        let dir = TempFolder("modules")
        defer { dir.remove() }
        let png = dir.file("one.png")
        try Tool.run([Tool.convert, "-size", "4x4", "xc:red", png])
        _ = try ImageProbe.probe(path: png)
        // Read to the end: /proc files say they are empty, so a read by size gets nothing.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("vips") }.map { $0.split(separator: " ").last ?? "" }
            .reduce(into: Set<String>()) { $0.insert(String($1)) }.sorted().joined(separator: "\n")
        #expect(maps.contains("vips-heif.so"), "the HEIF module was not loaded")
        for refused in ["vips-magick.so", "vips-poppler.so", "vips-openslide.so", "vips-jxl.so"] {
            #expect(!maps.contains(refused), "\(refused) was loaded")
        }
        // libvips' home is left as it was found.
        #expect(ProcessInfo.processInfo.environment["VIPSHOME"] != "/nonexistent/crop-editor/no-vips-modules")
    }
}
