// The jobs that read a picture, one function each, every reply checked against its request.

import CDecoderSupport
import CropKit
import Foundation
import Glibc
import ImagingCore

extension DecoderPool {
    /// What a job sent and what came back: the reply, the descriptors with it, and whether a sidecar went along.
    struct Answer {
        let reply: DecoderReply
        let received: [OwnedDescriptor]
        let sentSidecar: Bool
    }

    /// Runs the request `make` builds on `source`, opened here (`PictureFiles`: no link followed,
    /// checked on its descriptor) and handed over, with a file's sidecar after it when `withSidecar`
    /// and one passed the same checks (`make` is told whether it did; one that did not is absent).
    func run(
        on source: DecoderSource, withSidecar: Bool = false, _ make: (_ hasSidecar: Bool) -> DecoderRequest
    ) throws(ImagingError) -> Answer {
        let (input, sidecar) = try source.openForDecoder(withSidecar: withSidecar)
        let (reply, received) = try run(
            make(sidecar != nil), file: source.poolKey, descriptors: [input] + (sidecar.map { [$0] } ?? []))
        return Answer(reply: reply, received: received, sentSidecar: sidecar != nil)
    }

    /// As `run(on:)`, for a reply that carries no descriptors (any sent are closed).
    func reply(on source: DecoderSource, _ make: (_ hasSidecar: Bool) -> DecoderRequest) throws(ImagingError) -> DecoderReply {
        try run(on: source, make).reply
    }

    /// The header checks of `source` (`ImageProbe.probe`, in a decoder): an `ImageInfo` whose `path` is
    /// the source's (a file's path, the bytes' name), every number in it within the pixel limit.
    public func probe(_ source: DecoderSource) throws(ImagingError) -> ImageInfo {
        let reply = try reply(on: source) { _ in .probe(name: source.decoderName) }
        guard case .probed(let info) = reply else { throw .decoderStopped }
        return try ReplyChecks.checked(info).named(source.path)
    }

    /// The window's picture, at most `maxWidth` × `maxHeight`: what `DisplayThumbnail.load` gives
    /// (pixels mapped from the decoder's sealed memfd), a JPEG's block grid, and the crop kept for it
    /// (the sidecar first, then the picture's own XMP) or why a sidecar that exists could not be read.
    /// Bytes have no sidecar; their own XMP may keep a crop.
    public func displayThumbnail(_ source: DecoderSource, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> Thumbnail {
        let answer = try run(on: source, withSidecar: true) { hasSidecar in
            .thumbnail(name: source.decoderName, maxWidth: maxWidth, maxHeight: maxHeight, hasSidecar: hasSidecar)
        }
        guard case .thumbnail(let info, let width, let height, let grid, let kept) = answer.reply,
            (1...max(maxWidth, 1)).contains(width), (1...max(maxHeight, 1)).contains(height), ReplyChecks.isGrid(grid),
            answer.received.count == 1,
            let pixels = answer.received[0].withFD({ SealedPixels.read($0, width: width, height: height) })
        else { throw .decoderStopped }
        let checked = try Self.checked(kept, sentSidecar: answer.sentSidecar)
        return Thumbnail(
            info: try ReplyChecks.checked(info).named(source.path), pixels: pixels, losslessGrid: grid,
            storedCrop: Self.stored(checked, path: source.path), sidecarProblem: checked.problem.map(ReplyChecks.checked))
    }

    /// What `displayThumbnail` brings back.
    public struct Thumbnail: Sendable {
        public let info: ImageInfo
        public let pixels: RGBAPixels
        public let losslessGrid: LosslessGrid?
        public let storedCrop: (crop: StoredCrop, source: StoredCropSource)?
        public let sidecarProblem: ImagingError?
    }

    /// The crop kept for `source`, as `Sidecar.read(for:)`: nil when there is none, an error when a
    /// sidecar exists but cannot be read (bytes: only their own XMP).
    public func storedCrop(_ source: DecoderSource) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        let answer = try run(on: source, withSidecar: true) { .storedCrop(name: source.decoderName, hasSidecar: $0) }
        guard case .storedCrop(let kept) = answer.reply else { throw .decoderStopped }
        let checked = try Self.checked(kept, sentSidecar: answer.sentSidecar)
        if let problem = checked.problem { throw ReplyChecks.checked(problem) }
        return Self.stored(checked, path: source.path)
    }

    /// A kept crop as the decoder found it, its numbers checked; a crop or a problem "in the sidecar"
    /// when no sidecar was sent is a decoder's invention.
    private static func checked(_ kept: KeptCrop, sentSidecar: Bool) throws(ImagingError) -> KeptCrop {
        guard sentSidecar || (!kept.inSidecar && kept.problem == nil) else { throw .decoderStopped }
        return try ReplyChecks.checked(kept)
    }

    private static func stored(_ kept: KeptCrop, path: String) -> (crop: StoredCrop, source: StoredCropSource)? {
        kept.crop.map { ($0, kept.inSidecar ? .sidecar(Sidecar.path(for: path)) : .embedded) }
    }

    /// `--straighten=auto`: the level estimator's suggestion (nil: no lines to go by), within ±45°.
    public func levelSuggestion(_ source: DecoderSource) throws(ImagingError) -> StraightenAngle? {
        let reply = try reply(on: source) { _ in .levelSuggestion(name: source.decoderName) }
        guard case .level(let angle) = reply, angle.map(ReplyChecks.isAngle) ?? true else { throw .decoderStopped }
        return angle
    }

    /// `--perspective=auto`: Find Document's quadrilateral on the upright picture `info` describes (nil: none
    /// found); a quadrilateral that is not a usable one on that picture is a decoder's invention.
    public func findDocument(_ source: DecoderSource, info: ImageInfo) throws(ImagingError) -> PerspectiveQuad? {
        let reply = try reply(on: source) { _ in .findDocument(name: source.decoderName) }
        guard case .document(let quad) = reply else { throw .decoderStopped }
        if let quad, quad.problem(in: PixelSize(width: info.width, height: info.height)) != nil { throw .decoderStopped }
        return quad
    }

    /// `--crop=photos`: Find Photos' prints on the upright picture `info` describes, in reading order
    /// (empty: none found); more than `PhotoFinder.maximumPrints`, or one not within the picture, is invented.
    /// `keepsPicture`: the prints are exported next (`export(_:from:frames:temporaryName:)`), and the
    /// decoder may keep the picture it decoded to find them for that, rather than decode it again.
    public func findPhotos(
        _ source: DecoderSource, info: ImageInfo, keepsPicture: Bool = false
    ) throws(ImagingError) -> [FoundPrint] {
        let reply = try reply(on: source) { _ in .findPhotos(name: source.decoderName, keepsPicture: keepsPicture) }
        guard case .photos(let prints) = reply, prints.count <= PhotoFinder.maximumPrints,
            prints.allSatisfy({ ReplyChecks.isPrint($0, info.width, info.height) })
        else { throw .decoderStopped }
        return prints
    }

    /// `--upright=auto`: Upright's rectification of the upright picture `info` describes (nil: no lines to
    /// go by); one whose quadrilateral is not usable there, or whose size is over the pixel limit, is invented.
    public func upright(_ source: DecoderSource, info: ImageInfo) throws(ImagingError) -> Rectification? {
        let reply = try reply(on: source) { _ in .upright(name: source.decoderName) }
        guard case .upright(let rectification) = reply else { throw .decoderStopped }
        if let rectification {
            let size = rectification.size
            guard rectification.quad.problem(in: PixelSize(width: info.width, height: info.height)) == nil,
                Double(size.width) * Double(size.height) <= Double(SupportedImages.pixelLimit)
            else { throw .decoderStopped }
        }
        return rectification
    }

    /// Suggest and `--crop=auto`: the crop libvips' attention measure suggests (`SmartCrop.suggest`),
    /// on the picture as shown after `transform` with `cuts` made, of `target`'s ratio or at most its size.
    public func smartCrop(
        _ source: DecoderSource, transform: ImageOrientation, cuts: [PictureCut] = [], target: SmartCropTarget
    ) throws(ImagingError) -> PixelRect {
        let reply = try reply(on: source) { _ in
            .smartCrop(name: source.decoderName, transform: transform, cuts: cuts, target: target)
        }
        guard case .suggested(let rect) = reply, ReplyChecks.isSuggestion(rect, for: target) else { throw .decoderStopped }
        return rect
    }

    /// Trim Borders: the crop around the picture inside its plain or transparent border, on the
    /// picture as shown (`info`, source's probe, then `transform` and `cuts`, as the export applies them). The
    /// decoder measures the content's box (`BorderContent.find`: `tolerance` percent, 0–100); a box
    /// outside the picture is refused; `BorderTrim` places the crop, of `ratio` (width ÷ height) when given.
    public func trimBorders(
        _ info: ImageInfo, from source: DecoderSource, transform: ImageOrientation = .up,
        cuts: [PictureCut] = [], tolerance: Int = TrimBorders.defaultTolerance, ratio: Double? = nil
    ) throws(ImagingError) -> BorderTrim.Outcome {
        let tolerance = min(max(tolerance, 0), 100)
        let displayed = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let shown: PixelSize
        do { shown = try JoinedPicture(PixelSize(width: displayed.width, height: displayed.height), cuts: cuts).size } catch {
            throw .invalidRequest(.cut(.problem(error)))
        }
        let reply = try reply(on: source) { _ in
            .borderContent(name: source.decoderName, transform: transform, cuts: cuts, tolerance: tolerance)
        }
        guard case .borderContent(let content) = reply else { throw .decoderStopped }
        if let content, !ReplyChecks.isInside(content, shown.width, shown.height) { throw .decoderStopped }
        return BorderTrim(width: shown.width, height: shown.height).crop(content: content, ratio: ratio)
    }

    /// A zoomed view's region of `source` (`info` is its probe's answer), as `RegionRender.render`.
    /// A cancellation stops it while it waits for a process and while the decoder renders (`cancellableRender`).
    public func renderRegion(
        _ info: ImageInfo, from source: DecoderSource, region: CropRect, scale: Double,
        cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        let request = DecoderRequest.region(info: info.named(source.decoderName), region: region, scale: scale)
        let (reply, received) = try cancellableRender(request, on: source, cancellation: cancellation)
        guard case .region(let shown, let width, let height) = reply, received.count == 1, ReplyChecks.isSize(width, height),
            Self.regionFits(
                shown, width: width, height: height, asked: region, scale: scale, picture: (info.width, info.height)),
            let pixels = received[0].withFD({ SealedPixels.read($0, width: width, height: height) })
        else { throw .decoderStopped }
        return RenderedRegion(pixels: pixels, region: shown)
    }

    /// The window's picture with a perspective correction, as `RectifiedRender.render`: `region`
    /// (normalized on the rectified picture) of `source` (`info` is its probe's answer) rectified by
    /// `rectification`, whose quadrilateral is on the picture as shown after `transform`, made at
    /// exactly `width` × `height` pixels. Checked here before any work (`Rectification.checkedRender`:
    /// a quadrilateral with a problem is refused with it); pixels of any other size are refused;
    /// cancelled as `renderRegion` is. The region that comes back is the part of `region` inside the picture.
    public func renderRectified(
        _ info: ImageInfo, from source: DecoderSource, transform: ImageOrientation, rectification: Rectification,
        region: CropRect, width: Int, height: Int, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let wanted = try rectification.checkedRender(
            shown: PixelSize(width: shown.width, height: shown.height), region: region, width: width, height: height)
        let request = DecoderRequest.rectifiedRegion(
            info: info.named(source.decoderName), transform: transform, rectification: rectification, region: wanted,
            width: width, height: height)
        let (reply, received) = try cancellableRender(request, on: source, cancellation: cancellation)
        guard case .rectifiedRegion(let gotWidth, let gotHeight) = reply, gotWidth == width, gotHeight == height,
            received.count == 1, let pixels = received[0].withFD({ SealedPixels.read($0, width: width, height: height) })
        else { throw .decoderStopped }
        return RenderedRegion(pixels: pixels, region: wanted)
    }

    /// Runs a render's `request` on `source` with its cancellation flag: one int in a memfd this
    /// process maps writable and seals (its size fixed, no other writer), sent after the source;
    /// the decoder maps it read-only through a read-only descriptor of its own, which its strip loop
    /// reads. A cancellation stops the render before it starts, while it waits for a process and
    /// while the decoder works.
    private func cancellableRender(
        _ request: DecoderRequest, on source: DecoderSource, cancellation: RenderCancellation?
    ) throws(ImagingError) -> (DecoderReply, [OwnedDescriptor]) {
        try cancellation?.check()
        let (input, _) = try source.openForDecoder(withSidecar: false)
        let made = SealedPixels.makeFlag()
        defer { if let made { SealedPixels.unmapFlag(UnsafePointer(made.flag)) } }
        let shared = made.map { RenderCancellation(sharing: $0.flag) }
        let answer = try run(
            request, file: source.poolKey, descriptors: [input] + (made.map { [$0.forDecoder] } ?? []),
            cancellation: cancellation, whileWaiting: { if cancellation?.isCancelled == true { shared?.cancel() } })
        try cancellation?.check()
        return answer
    }

    /// Whether a region's reply is what was asked: the region shown covers the one asked (inside
    /// the picture) and exceeds it by no more than the decoder's rounding to whole blocks
    /// (`regionSlack` pixels a side), and its pixels are that region at `scale`, to a pixel.
    package static func regionFits(
        _ shown: CropRect, width: Int, height: Int, asked: CropRect, scale: Double, picture: (width: Int, height: Int)
    ) -> Bool {
        guard let wanted = asked.intersection(.unit), picture.width > 0, picture.height > 0 else { return false }
        let slackX = regionSlack / Double(picture.width), slackY = regionSlack / Double(picture.height)
        let epsilon = 1e-9
        guard shown.minX >= -epsilon, shown.minY >= -epsilon, shown.maxX <= 1 + epsilon, shown.maxY <= 1 + epsilon,
            shown.minX <= wanted.minX + epsilon, shown.minY <= wanted.minY + epsilon,
            shown.maxX >= wanted.maxX - epsilon, shown.maxY >= wanted.maxY - epsilon,
            shown.minX >= wanted.minX - slackX, shown.minY >= wanted.minY - slackY,
            shown.maxX <= wanted.maxX + slackX, shown.maxY <= wanted.maxY + slackY
        else { return false }
        let expectedWidth = shown.width * Double(picture.width) * scale
        let expectedHeight = shown.height * Double(picture.height) * scale
        return abs(Double(width) - expectedWidth) <= 1.5 && abs(Double(height) - expectedHeight) <= 1.5
    }

    /// How far a region's reply may reach past the region asked, in picture pixels a side: a JPEG
    /// region is decoded in whole blocks of up to 8 × 8 pixels, shrunk at most 8 times.
    package static let regionSlack = 64.0
}
