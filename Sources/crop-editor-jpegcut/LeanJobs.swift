// The lean decoder's two jobs, a JPEG's probe and its plain re-encoded cut; anything else is `notMine`.

import CDecoderFiles
import CDecoderSupport
import CJPEGCut
import CropKit
import Decoding
import Foundation
import Glibc
import ImagingCore
import ImagingMetadata

enum LeanJobs {
    /// The names the descriptors are given, as crop-editor-decoder gives them.
    static let inputFolder = "/run/crop-editor-decoder/in"
    static let outputFolder = "/run/crop-editor-decoder/out"

    /// Not made here: the decoder makes it.
    struct NotMine: Error {
        let reason: String
    }

    static func run(_ message: ReceivedMessage) -> (DecoderReply, [Int32]) {
        cdf_reset()
        defer { cdf_reset() }
        guard let request = MessageCoding.decode(DecoderRequest.self, message.bytes) else {
            return (.failed(.decoderStopped), [])
        }
        do {
            return try withExtendedLifetime(message) { () throws(NotMine) in
                try run(request, message.descriptors.map(\.fd))
            }
        } catch {
            return (.notMine(error.reason), [])
        }
    }

    private static func run(_ request: DecoderRequest, _ descriptors: [Int32]) throws(NotMine) -> (DecoderReply, [Int32]) {
        switch request {
        case .probe(let name):
            return (.probed(try LeanSource.probe(path: try source(name, descriptors))), [])
        case .export(let info, let crop, let outputExtension, let options):
            let path = try source((info.path as NSString).lastPathComponent, descriptors)
            return try export(info.named(path), crop: crop, outputExtension: outputExtension, options: options)
        default:
            throw NotMine(reason: "not a probe or an export")
        }
    }

    private static func source(_ name: String, _ descriptors: [Int32]) throws(NotMine) -> String {
        guard let fd = descriptors.first, !name.isEmpty, !name.contains("/") else { throw NotMine(reason: "no source") }
        let path = inputFolder + "/" + name
        cdf_add_file(path, fd)
        return path
    }

    /// The cut encoded into a sealed memfd, its metadata fixed as the decoder's export fixes it.
    private static func export(
        _ info: ImageInfo, crop: PixelRect, outputExtension: String, options: ExportOptions
    ) throws(NotMine) -> (DecoderReply, [Int32]) {
        let output = outputFolder + "/result." + outputExtension
        guard !outputExtension.contains("/"), info.isJPEG,
            let (format, size) = try? ExportCheck.check(info, crop: crop, output: output, options: options),
            LeanDecoder.covers(options, format: format), size == (crop.width, crop.height)
        else { throw NotMine(reason: "not a plain re-encoded JPEG cut") }
        // No quality asked for: the source's own, as the decoder's export keeps it.
        let quality = options.quality ?? sourceQuality(info.path) ?? ExportOptions.defaultQuality
        let result = cds_result_memfd()
        guard result >= 0 else { throw NotMine(reason: "no memfd") }
        cdf_set_output(outputFolder, result)
        do throws(NotMine) {
            try LeanSource.encode(
                info, crop: crop, transform: options.transform, into: output, quality: quality, strip: options.strip == .all)
            let request = MetadataRequest(
                width: crop.width, height: crop.height, resetOrientation: true, strip: options.strip, format: .jpeg)
            guard let outcome = try? MetadataFixer.fix(path: output, request) else {
                throw NotMine(reason: "metadata the fix could not keep")
            }
            guard cds_sealed_memfd(result) == 0 else { throw NotMine(reason: "memfd not sealed") }
            let exported = ExportResult(
                outputPath: output, width: crop.width, height: crop.height, lossless: false, leftOut: outcome.leftOut)
            return (.exported(exported), [result])
        } catch {
            close(result)
            throw error
        }
    }

    /// The source JPEG's quality estimated from its first quantization table, read as the decoder's export reads it.
    private static func sourceQuality(_ path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return JPEGQuality.estimate(handle.readData(ofLength: 256 * 1024))
    }
}
