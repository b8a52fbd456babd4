// The decoder's jobs: each names the descriptors it was handed (CDecoderFiles) and runs the same Imaging call the editor once ran itself.

import CDecoderFiles
import CropKit
import Decoding
import Foundation
import Glibc
import Imaging

enum DecoderJobs {
    /// The folder the source's name is put in (no such folder exists anywhere: only these names do).
    static let inputFolder = "/run/crop-editor-decoder/in"
    /// Every name in this folder is the result's temporary file.
    static let outputFolder = "/run/crop-editor-decoder/out"

    /// The reply to one message, and the descriptors to send with it (closed after sending).
    static func run(_ message: ReceivedMessage) -> (DecoderReply, [Int32]) {
        cdf_reset()
        defer { cdf_reset() }
        guard let request = MessageCoding.decode(DecoderRequest.self, message.bytes) else {
            return (.failed(.decoderStopped), [])
        }
        do {
            return try run(request, message.descriptors)
        } catch {
            return (.failed(error), [])
        }
    }

    private static func source(_ name: String, _ descriptors: [Int32]) throws(ImagingError) -> String {
        // A name of the editor's choosing, one path component.
        guard let fd = descriptors.first, !name.isEmpty, !name.contains("/") else { throw .decoderStopped }
        let path = inputFolder + "/" + name
        cdf_add_file(path, fd)
        return path
    }

    /// The crop kept for the picture, or why its sidecar could not be read.
    private static func keptCrop(_ info: ImageInfo) -> KeptCrop {
        do {
            guard let (crop, from) = try Sidecar.read(info: info) else { return KeptCrop() }
            return KeptCrop(crop: crop, inSidecar: from != .embedded)
        } catch {
            return KeptCrop(problem: error)
        }
    }

    private static func run(_ request: DecoderRequest, _ descriptors: [Int32]) throws(ImagingError) -> (DecoderReply, [Int32]) {
        switch request {
        case .probe(let name):
            return (.probed(try Imaging.probe(path: try source(name, descriptors))), [])
        case .thumbnail(let name, let maxWidth, let maxHeight, let hasSidecar):
            let path = try source(name, descriptors)
            if hasSidecar, descriptors.count > 1 { cdf_add_file(Sidecar.path(for: path), descriptors[1]) }
            let (info, pixels) = try Imaging.displayThumbnail(path: path, maxWidth: maxWidth, maxHeight: maxHeight)
            let kept = keptCrop(info)
            guard let fd = SealedPixels.seal(pixels) else { throw .library(.decode, detail: "no memory for the pixels") }
            let grid = Imaging.losslessGrid(info: info)
            return (.thumbnail(info: info, width: pixels.width, height: pixels.height, losslessGrid: grid, kept: kept), [fd])
        case .storedCrop(let name, let hasSidecar):
            let path = try source(name, descriptors)
            if hasSidecar, descriptors.count > 1 { cdf_add_file(Sidecar.path(for: path), descriptors[1]) }
            return (.storedCrop(keptCrop(try Imaging.probe(path: path))), [])
        case .export(let info, let crop, let outputExtension, let options):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            guard descriptors.count > 1, !outputExtension.contains("/") else { throw .decoderStopped }
            cdf_set_output(outputFolder, descriptors[1])
            let output = outputFolder + "/result." + outputExtension
            return (.exported(try Imaging.export(info.named(path), crop: crop, output: output, options: options)), [])
        case .writeSidecar(let crop, let info, let hasExisting):
            let image = inputFolder + "/" + (info.path as NSString).lastPathComponent
            var existing: String?
            if hasExisting, descriptors.count == 2 {
                existing = Sidecar.path(for: image)
                cdf_add_file(existing!, descriptors[0])
            }
            guard let temporary = descriptors.last, descriptors.count == (hasExisting ? 2 : 1) else { throw .decoderStopped }
            cdf_set_output(outputFolder, temporary)
            let unreadable = try Sidecar.compose(
                crop, info: info.named(image), existing: existing, into: outputFolder + "/sidecar.xmp")
            return (.sidecarWritten(existingUnreadable: unreadable), [])
        case .levelSuggestion(let name):
            return (.level(try Imaging.levelSuggestion(path: try source(name, descriptors))), [])
        case .smartCrop(let name, let transform, let target):
            let path = try source(name, descriptors)
            return (.suggested(try Imaging.smartCrop(path: path, transform: transform, target: target)), [])
        case .region(let info, let region, let scale):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            // The editor's cancellation flag, when it sent one: its memfd mapped here too.
            let flag = descriptors.count > 1 ? SealedPixels.mapFlag(descriptors[1]) : nil
            defer { if let flag { SealedPixels.unmapFlag(flag) } }
            let rendered = try Imaging.renderRegion(
                info.named(path), region: region, scale: scale, cancellation: flag.map { RenderCancellation(sharing: $0) })
            guard let fd = SealedPixels.seal(rendered.pixels) else { throw .library(.decode, detail: "no memory for the pixels") }
            return (.region(region: rendered.region, width: rendered.pixels.width, height: rendered.pixels.height), [fd])
        case .test(let test):
            return (.tested(DecoderTestRequests.attempt(test)), [])
        }
    }
}
