// Which saves run with one libvips worker (a plain upright cut into JPEG or PNG): the same pixels, and the setting restored.

import CVips
import CropKit
import Foundation
import ImagingCore
import Testing

@testable import Imaging

@Suite struct SaveWorkersTests {
    @Test func onlyAPlainCutSavedAsJPEGOrPNGHasOneWorker() throws {
        let dir = TempFolder("save-workers")
        defer { dir.remove() }
        let upright = dir.file("up.jpg"), turned = dir.file("turned.jpg")
        try Tool.run(["convert", "-size", "64x48", "xc:gray", upright])
        try Tool.run(["convert", "-size", "64x48", "xc:gray", turned])
        try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=6", turned])
        let up = try ImageProbe.probe(path: upright), right = try ImageProbe.probe(path: turned)
        let plain = ExportOptions()
        #expect(CropExporter.savesWithOneWorker(info: up, format: .jpeg, options: plain))
        #expect(CropExporter.savesWithOneWorker(info: up, format: .png, options: plain))
        #expect(!CropExporter.savesWithOneWorker(info: up, format: .webp, options: plain))
        #expect(!CropExporter.savesWithOneWorker(info: up, format: .tiff, options: plain))
        #expect(!CropExporter.savesWithOneWorker(info: right, format: .jpeg, options: plain), "turned by its EXIF")
        for changed in [
            ExportOptions(shape: .circle), ExportOptions(outputSize: .longerSide(32)),
            ExportOptions(straighten: StraightenAngle(degrees: 2)),
        ] {
            #expect(!CropExporter.savesWithOneWorker(info: up, format: .jpeg, options: changed), "\(changed)")
        }
        var turnedByUser = plain
        turnedByUser.transform = .right
        #expect(!CropExporter.savesWithOneWorker(info: up, format: .jpeg, options: turnedByUser))
    }

    /// The cut saved with one worker has the source's own pixels there, and the setting is back as
    /// it was afterwards.
    @Test func theSaveGivesTheSourcesPixelsAndRestoresTheSetting() throws {
        let dir = TempFolder("save-workers-pixels")
        defer { dir.remove() }
        let source = dir.file("s.png"), out = dir.file("out.png")
        try Tool.run(["convert", "-size", "640x480", "-seed", "9", "plasma:fractal", source])
        // The setting is the process's: held under the lock every export takes, so another suite's
        // export running beside this one cannot change it between the two readings.
        // libvips started first: before its start the setting reads 0.
        try ImagingLibraries.start()
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let before = vips_concurrency_get()
        let crop = PixelRect(x: 33, y: 21, width: 401, height: 333)
        _ = try CropExporter.export(source: source, crop: crop, output: out)
        #expect(vips_concurrency_get() == before)
        #expect(try Tool.decode(out) == (try Tool.decode(source, crop: crop)))
    }
}
