// The jobs whose result this process writes (an export, Keep Crop's sidecar): the decoder only encodes into a sealed memfd.

import CDecoderSupport
import CropKit
import Foundation
import Glibc
import ImagingCore

extension DecoderPool {
    /// Exports as `CropExporter.export` does, the picture read from `source` (`info` is its probe's
    /// answer). The request is checked here first (no bytes needed); the decoder encodes the result
    /// into a memfd it seals and hands back, and this process alone writes it (`AtomicFile`: a file
    /// with no name in the output's folder until it is whole, then renamed over the target, keeping
    /// the target's owner, mode and attributes). The decoder never holds a writable descriptor on a
    /// file of the user's. `temporaryName`: the name the result has before its rename (a batch's).
    public func export(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, output: String,
        options: ExportOptions = ExportOptions(), temporaryName: String? = nil
    ) throws(ImagingError) -> ExportResult {
        let (_, size) = try ExportCheck.check(info, crop: crop, output: output, options: options)
        let file = try AtomicFile(target: output, name: temporaryName)
        let (exported, result) = try encode(
            info, from: source, crop: crop, outputExtension: (output as NSString).pathExtension, size: size, options: options)
        try write(result, limit: DecoderLimits.resultLimit(width: size.width, height: size.height), into: file)
        return ExportResult(
            outputPath: file.target, width: exported.width, height: exported.height,
            lossless: exported.lossless, leftOut: exported.leftOut)
    }

    /// The whole export as `export` makes it, handed back as the encoded bytes instead of a file
    /// (`--output=-`, Copy): nothing is written anywhere. `result.outputPath` is empty.
    public func encodedExport(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, format: OutputFormat,
        options: ExportOptions = ExportOptions()
    ) throws(ImagingError) -> (result: ExportResult, bytes: PixelMapping) {
        var checked = options
        // No file is written, so none can be the source.
        checked.allowOverwritingSource = true
        let outputExtension = format.fileExtension
        let (_, size) = try ExportCheck.check(info, crop: crop, output: "result." + outputExtension, options: checked)
        let (exported, result) = try encode(
            info, from: source, crop: crop, outputExtension: outputExtension, size: size, options: options)
        let limit = DecoderLimits.resultLimit(width: size.width, height: size.height)
        guard
            let mapping = result.withFD({ fd in
                SealedPixels.sealedSize(fd, limit: limit).flatMap { SealedPixels.map(fd, count: $0) }
            })
        else { throw .decoderStopped }
        let answer = ExportResult(
            outputPath: "", width: exported.width, height: exported.height, lossless: exported.lossless,
            leftOut: exported.leftOut)
        return (answer, mapping)
    }

    /// The decoder's export of `source` into a sealed memfd of its own: what it says and that memfd,
    /// checked against the size asked for.
    private func encode(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, outputExtension: String,
        size: (width: Int, height: Int), options: ExportOptions
    ) throws(ImagingError) -> (ExportResult, OwnedDescriptor) {
        let (input, _) = try source.openForDecoder(withSidecar: false)
        var decoderOptions = options
        // Decided here: the decoder sees only its own names for the two files.
        decoderOptions.allowOverwritingSource = true
        let request = DecoderRequest.export(
            info: info.named(source.decoderName), crop: crop, outputExtension: outputExtension, options: decoderOptions)
        let (reply, received) = try run(request, file: source.poolKey, descriptors: [input])
        guard case .exported(let exported) = reply, received.count == 1, ReplyChecks.isSize(exported.width, exported.height),
            exported.width <= max(size.width, 1) + 1, exported.height <= max(size.height, 1) + 1
        else { throw .decoderStopped }
        return (exported, received[0])
    }

    /// Writes the encoded result in the sealed memfd `result` (no longer than `limit`) as `file`.
    private func write(_ result: OwnedDescriptor, limit: Int, into file: AtomicFile) throws(ImagingError) {
        try result.withFD { (fd: Int32) throws(ImagingError) in
            guard let count = SealedPixels.sealedSize(fd, limit: limit) else { throw .decoderStopped }
            // Sealed: its size cannot change under the copy, which the kernel does (no mapping here).
            try file.create { descriptor in AtomicFile.copyAll(from: fd, count: count, to: descriptor) }
            try file.commit()
        }
    }

    /// Keep Crop and `--sidecar`: keeps `crop` for `image` in `IMAGE.xmp`, as `Sidecar.write`. The
    /// existing sidecar is opened as the picture's is (`PictureFiles`); one that fails those checks is
    /// refused (`ImagingError.SidecarRefusal`: a link, a pipe, another device, …) and nothing is
    /// written. The decoder reads the existing one and hands back the new one's bytes, written here.
    /// When it says the existing one is unreadable, that very file is set aside under a fresh name
    /// (`Sidecar.setAside`: nothing is removed on a decoder's word), its path returned; it saying so
    /// when no sidecar was sent is a protocol error.
    @discardableResult
    public func writeSidecar(_ crop: StoredCrop, for image: String) throws(ImagingError) -> String? {
        let info = try probe(.file(image))
        let target = Sidecar.path(for: image)
        let existing: OwnedDescriptor?
        switch try PictureFiles.sidecar(of: image) {
        case .absent: existing = nil
        case .opened(let file): existing = file
        case .refused(let why): throw .sidecar(.refused(name: (target as NSString).lastPathComponent, why))
        }
        let file = try AtomicFile(target: target)
        let request = DecoderRequest.writeSidecar(crop: crop, info: info, hasExisting: existing != nil)
        let (reply, received) = try run(request, file: image, descriptors: existing.map { [$0] } ?? [])
        guard case .sidecarWritten(let unreadable) = reply, received.count == 1, !unreadable || existing != nil else {
            throw .decoderStopped
        }
        var backup: String?
        if unreadable, let existing {
            backup = try existing.withFD { (fd: Int32) throws(ImagingError) in try Sidecar.setAside(fd, of: target) }
        }
        try write(received[0], limit: DecoderLimits.sidecarLimit, into: file)
        return backup
    }
}
