// What the editor asks the confined decoder and what it answers: small Codable messages, files passed beside them.

import CropKit
import Foundation
import ImagingCore

/// One job for the decoding process. The descriptors that travel with it (`DescriptorSocket`) are
/// listed per case; the process reads and writes only those.
package enum DecoderRequest: Codable, Sendable {
    /// Descriptors: the source. `name`: the file's own name, which the decoder's libraries see.
    case probe(name: String)
    /// Descriptors: the source, then its sidecar when there is one. Answered with `.thumbnail`, the
    /// pixels in a sealed memfd.
    case thumbnail(name: String, maxWidth: Int, maxHeight: Int, hasSidecar: Bool)
    /// Descriptors: the source, then the result's temporary file (empty, opened for writing by the
    /// editor, which flushes and renames it afterwards).
    case export(info: ImageInfo, crop: PixelRect, outputExtension: String, options: ExportOptions)
    /// Descriptors: the source. Every frame exported as `.export` exports it, the picture decoded once
    /// for them all (`DecodedPicture`); answered with `.exportedFrames`.
    case exportFrames(info: ImageInfo, frames: [FrameRequest])
    /// Descriptors: the source.
    case levelSuggestion(name: String)
    /// Descriptors: the source. Answered with `.document`: Find Document's quadrilateral on the upright picture.
    case findDocument(name: String)
    /// Descriptors: the source. Answered with `.photos`: Find Photos' prints on the upright picture.
    /// `keepsPicture`: the prints are to be exported next (`exportFrames`), so a picture decoded whole
    /// to find them is kept for that job, which then decodes it no more.
    case findPhotos(name: String, keepsPicture: Bool)
    /// Descriptors: the source. Answered with `.upright`: Upright's rectification of the upright picture.
    case upright(name: String)
    /// Descriptors: the source. Answered with `.suggested`, on the picture `cuts` leave of it as shown.
    case smartCrop(name: String, transform: ImageOrientation, cuts: [PictureCut], target: SmartCropTarget)
    /// Descriptors: the source. Answered with `.borderContent`: Trim Borders' measure
    /// (`BorderContent.find`) on the picture `cuts` leave of it as shown, `tolerance` in percent.
    case borderContent(name: String, transform: ImageOrientation, cuts: [PictureCut], tolerance: Int)
    /// The crop kept for a picture (its sidecar first, then its own XMP). Descriptors: the source,
    /// then its sidecar when there is one.
    case storedCrop(name: String, hasSidecar: Bool)
    /// Writes the sidecar for `crop` into the temporary file. Descriptors: the existing sidecar when
    /// there is one (read only), then the temporary file (empty, opened for writing by the editor).
    case writeSidecar(crop: StoredCrop, info: ImageInfo, hasExisting: Bool)
    /// Descriptors: the source, then the cancellation flag's memfd (one int both map). Answered with
    /// `.region`, the pixels in a sealed memfd.
    case region(info: ImageInfo, region: CropRect, scale: Double)
    /// Descriptors: the source, then the cancellation flag's memfd. Answered with `.rectifiedRegion`,
    /// `width` × `height` pixels in a sealed memfd: `region` of the rectified picture (`RectifiedRender`).
    case rectifiedRegion(
        info: ImageInfo, transform: ImageOrientation, rectification: Rectification, region: CropRect, width: Int, height: Int)
    /// Test builds only (see `DecoderTestRequest`): try what the confinement must refuse.
    case test(DecoderTestRequest)
}

package enum DecoderReply: Codable, Sendable {
    /// Sent once, confined, before the first job; with whether its libvips opens HEIF and AVIF
    /// (a parent links no libvips to ask, and what the decoder opens is the answer that counts).
    case ready(Confinement, opensHEIF: Bool)
    case failed(ImagingError)
    case probed(ImageInfo)
    /// The sidecar's or the picture's own kept crop comes back with it (`sidecarProblem`: why a
    /// sidecar that exists could not be read).
    case thumbnail(info: ImageInfo, width: Int, height: Int, losslessGrid: LosslessGrid?, kept: KeptCrop)
    case storedCrop(KeptCrop)
    case exported(ExportResult)
    /// One outcome for each frame asked, in order; sent with one sealed memfd holding the results'
    /// bytes one after the other, in that order (a frame that failed has none).
    case exportedFrames([FrameOutcome])
    /// The sidecar is written; the existing one could not be read (the editor sets it aside).
    case sidecarWritten(existingUnreadable: Bool)
    case level(StraightenAngle?)
    /// The document found, nil when there is none.
    case document(PerspectiveQuad?)
    /// The prints found on a scan, in reading order; empty when there are none.
    case photos([FoundPrint])
    /// Upright's correction (the quadrilateral and the size it becomes), nil when there are no lines to go by.
    case upright(Rectification?)
    case suggested(PixelRect)
    /// The box of the content inside a border, nil when there is none.
    case borderContent(PixelRect?)
    case region(region: CropRect, width: Int, height: Int)
    /// The size of the rectified region's pixels (the region is the one asked, inside the picture).
    case rectifiedRegion(width: Int, height: Int)
    /// What a test request's call returned: `-1 errno N` when it failed.
    case tested(String)
    /// The lean decoder (`LeanDecoder`) does not make this one (the file or the request is outside what it
    /// makes exactly as the decoder does, said in a few words): the decoder does it instead.
    case notMine(String)
}

/// One frame of an `exportFrames` job: what an `export` job asks, but the source.
package struct FrameRequest: Codable, Sendable {
    package var crop: PixelRect
    package var outputExtension: String
    package var options: ExportOptions

    package init(crop: PixelRect, outputExtension: String, options: ExportOptions) {
        self.crop = crop
        self.outputExtension = outputExtension
        self.options = options
    }
}

/// What became of one frame of an `exportFrames` job: its result and how many bytes it takes in the
/// reply's memfd, or why it failed.
package enum FrameOutcome: Codable, Sendable {
    case exported(ExportResult, byteCount: Int)
    case failed(ImagingError)
}

/// The crop kept for a picture as the decoder found it.
package struct KeptCrop: Codable, Sendable {
    package var crop: StoredCrop?
    /// In the sidecar (rather than the picture's own XMP).
    package var inSidecar = false
    /// Why a sidecar that exists could not be read.
    package var problem: ImagingError?

    package init(crop: StoredCrop? = nil, inSidecar: Bool = false, problem: ImagingError? = nil) {
        self.crop = crop
        self.inSidecar = inSidecar
        self.problem = problem
    }
}

/// Which confinement the decoding process entered (it says so in its first message).
public struct Confinement: Codable, Sendable, Equatable {
    public var noNewPrivileges: Bool
    /// 0 where the kernel has no Landlock.
    public var landlockABI: Int
    public var seccomp: Bool

    public init(noNewPrivileges: Bool, landlockABI: Int, seccomp: Bool) {
        self.noNewPrivileges = noNewPrivileges
        self.landlockABI = landlockABI
        self.seccomp = seccomp
    }

    /// "Decoders run confined: seccomp, Landlock ABI 3, no new privileges", and what this kernel lacks.
    public var summary: String {
        var parts: [String] = []
        if seccomp { parts.append("seccomp") }
        if landlockABI > 0 { parts.append("Landlock ABI \(landlockABI)") }
        if noNewPrivileges { parts.append("no new privileges") }
        var missing: [String] = []
        if !seccomp { missing.append("seccomp") }
        if landlockABI == 0 { missing.append("Landlock") }
        let confined =
            parts.isEmpty
            ? "Decoders run in a separate process, unconfined" : "Decoders run confined: " + parts.joined(separator: ", ")
        return missing.isEmpty ? confined : confined + "; no \(missing.joined(separator: " or ")) on this kernel"
    }
}
