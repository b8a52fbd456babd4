// The decoder's jobs: each names the descriptors it was handed (CDecoderFiles) and runs one Imaging call.

import CDecoderFiles
import CDecoderSupport
import CropKit
import Decoding
import Foundation
import Glibc
import Imaging

enum DecoderJobs {
    /// The folder the source's name is put in (no such folder exists anywhere: only these names do).
    static let inputFolder = "/run/crop-editor-decoder/in"
    /// Every name in this folder is the result being written (a memfd the editor gets back).
    static let outputFolder = "/run/crop-editor-decoder/out"

    /// The reply to one message as it is sent, and the descriptors to send with it (closed after sending).
    static func answer(_ message: ReceivedMessage) -> (bytes: [UInt8], descriptors: [Int32]) {
        let (reply, descriptors) = run(message)
        return (DecoderTestRequests.encode(reply), descriptors)
    }

    /// The reply to one message, and the descriptors to send with it (closed after sending).
    static func run(_ message: ReceivedMessage) -> (DecoderReply, [Int32]) {
        cdf_reset()
        defer { cdf_reset() }
        DecoderTestRequests.actTakenOver()
        // A picture kept by the job before is for the next job alone, when that is the prints' exports:
        // any other job starts without it, freed.
        var picture = KeptPicture.take()
        guard let request = MessageCoding.decode(DecoderRequest.self, message.bytes) else {
            return (.failed(.decoderStopped), [])
        }
        if case .exportFrames = request {} else { picture = nil }
        do {
            // The message, and so its descriptors, lives until the job is done.
            return try withExtendedLifetime(message) { () throws(ImagingError) in
                DecoderTestRequests.unreadable(
                    try run(DecoderTestRequests.asRun(request), message.descriptors.map(\.fd), picture: picture))
            }
        } catch {
            return (.failed(error), [])
        }
    }

    static func source(_ name: String, _ descriptors: [Int32]) throws(ImagingError) -> String {
        // A name of the editor's choosing, one path component.
        guard let fd = descriptors.first, !name.isEmpty, !name.contains("/") else { throw .decoderStopped }
        let path = inputFolder + "/" + name
        cdf_add_file(path, fd)
        return path
    }

    /// Runs `write` with every name in the output folder naming a fresh memfd, then seals it: the
    /// encoded result goes back to the editor, which alone writes the user's files (a decoder never
    /// holds a writable descriptor on one). Returns what `write` returned and the sealed memfd.
    static func intoResult<Value>(_ write: () throws(ImagingError) -> Value) throws(ImagingError) -> (Value, Int32) {
        let result = cds_result_memfd()
        guard result >= 0 else { throw .writeFailed(.write(errno: errno)) }
        cdf_set_output(outputFolder, result)
        do throws(ImagingError) {
            let value = try write()
            guard cds_sealed_memfd(result) == 0 else { throw .writeFailed(.write(errno: errno)) }
            return (value, result)
        } catch {
            close(result)
            throw error
        }
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

    /// `render` run with the editor's cancellation flag, when it sent one after the source: mapped
    /// read-only here (this side only reads it).
    private static func withFlag(
        _ descriptors: [Int32], _ render: (RenderCancellation?) throws(ImagingError) -> RenderedRegion
    ) throws(ImagingError) -> RenderedRegion {
        let flag = descriptors.count > 1 ? SealedPixels.observeFlag(descriptors[1]) : nil
        defer { if let flag { SealedPixels.unmapFlag(flag) } }
        return try render(flag.map { RenderCancellation(sharing: UnsafeMutablePointer(mutating: $0)) })
    }

    /// A render's pixels in a sealed memfd, to send back.
    private static func seal(_ rendered: RenderedRegion) throws(ImagingError) -> Int32 {
        guard let fd = SealedPixels.seal(rendered.pixels) else { throw .library(.decode, detail: "no memory for the pixels") }
        return fd
    }

    private static func run(
        _ request: DecoderRequest, _ descriptors: [Int32], picture: KeptPicture?
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        switch request {
        case .probe(let name):
            return (.probed(try ImageProbe.probe(path: try source(name, descriptors))), [])
        case .thumbnail(let name, let maxWidth, let maxHeight, let hasSidecar):
            let path = try source(name, descriptors)
            if hasSidecar, descriptors.count > 1 { cdf_add_file(Sidecar.path(for: path), descriptors[1]) }
            let (info, pixels) = try DisplayThumbnail.load(path: path, maxWidth: maxWidth, maxHeight: maxHeight)
            let kept = keptCrop(info)
            guard let fd = SealedPixels.seal(pixels) else { throw .library(.decode, detail: "no memory for the pixels") }
            let grid = LosslessJPEG.grid(info: info)
            return (.thumbnail(info: info, width: pixels.width, height: pixels.height, losslessGrid: grid, kept: kept), [fd])
        case .storedCrop(let name, let hasSidecar):
            let path = try source(name, descriptors)
            if hasSidecar, descriptors.count > 1 { cdf_add_file(Sidecar.path(for: path), descriptors[1]) }
            return (.storedCrop(keptCrop(try ImageProbe.probe(path: path))), [])
        case .export(let info, let crop, let outputExtension, let options):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            guard !outputExtension.contains("/") else { throw .decoderStopped }
            let output = outputFolder + "/result." + outputExtension
            let (exported, result) = try intoResult { () throws(ImagingError) in
                try CropExporter.export(info.named(path), crop: crop, output: output, options: options)
            }
            return (.exported(exported), [result])
        case .exportFrames(let info, let frames):
            return try exportFrames(info, frames, descriptors, picture: picture)
        case .writeSidecar(let crop, let info, let hasExisting):
            let image = inputFolder + "/" + (info.path as NSString).lastPathComponent
            var existing: String?
            if hasExisting, descriptors.count == 1 {
                existing = Sidecar.path(for: image)
                cdf_add_file(existing!, descriptors[0])
            }
            guard descriptors.count == (hasExisting ? 1 : 0) else { throw .decoderStopped }
            let (unreadable, result) = try intoResult { () throws(ImagingError) in
                try Sidecar.compose(crop, info: info.named(image), existing: existing, into: outputFolder + "/sidecar.xmp")
            }
            return (.sidecarWritten(existingUnreadable: unreadable), [result])
        case .levelSuggestion(let name):
            return (.level(try LevelSuggestion.suggest(path: try source(name, descriptors))), [])
        case .upright(let name):
            guard case .corrected(let correction) = try PerspectiveSuggestions.upright(path: try source(name, descriptors)) else {
                return (.upright(nil), [])
            }
            return (.upright(correction.rectification), [])
        case .findDocument(let name):
            return (.document(try PerspectiveSuggestions.findDocument(path: try source(name, descriptors))?.quad), [])
        case .findPhotos(let name, let keepsPicture):
            return (.photos(try findPhotos(try source(name, descriptors), keepsPicture: keepsPicture, descriptors)), [])
        case .smartCrop(let name, let transform, let cuts, let target):
            let path = try source(name, descriptors)
            return (.suggested(try SmartCrop.suggest(path: path, transform: transform, cuts: cuts, target: target)), [])
        case .borderContent(let name, let transform, let cuts, let tolerance):
            let path = try source(name, descriptors)
            let content = try BorderContent.find(path: path, transform: transform, cuts: cuts, tolerance: tolerance)
            return (.borderContent(content), [])
        case .region(let info, let region, let scale):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            let rendered = try withFlag(descriptors) { cancellation throws(ImagingError) in
                try RegionRender.render(info.named(path), region: region, scale: scale, cancellation: cancellation)
            }
            return (
                .region(region: rendered.region, width: rendered.pixels.width, height: rendered.pixels.height),
                [try seal(rendered)]
            )
        case .rectifiedRegion(let info, let transform, let rectification, let region, let width, let height):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            let rendered = try withFlag(descriptors) { cancellation throws(ImagingError) in
                try RectifiedRender.render(
                    info.named(path), transform: transform, rectification: rectification, region: region, width: width,
                    height: height, cancellation: cancellation)
            }
            return (.rectifiedRegion(width: rendered.pixels.width, height: rendered.pixels.height), [try seal(rendered)])
        case .test(let test):
            return (.tested(DecoderTestRequests.attempt(test)), [])
        }
    }
}
