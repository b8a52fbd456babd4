// `--crop=photos` on one picture: the prints Find Photos finds on the scan, one result each, straightened by its own tilt.

import Batch
import CropKit
import Decoding
import ImagingCore

extension HeadlessCommand {
    /// Finds the prints on the scan (on the upright picture, then carried through `--flip` and
    /// `--rotate`) and makes one result of each, `FILE-1.EXT`, `FILE-2.EXT`, … in reading order, as
    /// several results are made (`cropFrames`): each its own straighten angle and the crop on the
    /// straightened picture that holds it. None found is this picture's failure.
    static func cropPhotos(_ options: HeadlessOptions, temporaryName: String? = nil) throws(HeadlessError) -> FramesOutcome {
        let image = options.imageName
        let source = try StandardStreams.source(options)
        let info: ImageInfo
        let prints: [FoundPrint]
        do {
            info = try DecoderPool.shared.probe(source)
            // The decoder keeps the scan it decodes to find them when the prints are to be exported next.
            prints = try DecoderPool.shared.findPhotos(
                source, info: info, keepsPicture: options.output != nil && !options.writesStandardOutput)
        } catch { throw HeadlessError(image: image, error) }
        let transform = options.export.transform
        let upright = PixelSize(width: info.width, height: info.height)
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let cuts = prints.compactMap { found -> (StraightenAngle, PixelRect)? in
            let print = found.mapped(by: transform, pictureSize: upright)
            return print.cut(pictureWidth: shown.width, pictureHeight: shown.height).map { (print.straighten, $0) }
        }
        guard !cuts.isEmpty else { throw HeadlessError(image: image, .failure(.noPhotos)) }
        let frames = cuts.enumerated().map { index, cut in
            var single = options
            single.findsPhotos = false
            single.crop = .pixels(cut.1)
            single.straighten = .angle(cut.0)
            single.output = options.output.map { FrameList.named($0, "\(index + 1)") }
            return HeadlessFrame(label: "\(index + 1)", options: single)
        }
        return try cropFrames(frames, temporaryName: temporaryName, source: source, probed: info)
    }

    /// A batch worker's `--crop=photos` job: as the command line makes it, its lines the outcome's.
    static func photosJob(_ options: HeadlessOptions, temporaryName: String?) throws(HeadlessError) -> BatchOutcome {
        try cropPhotos(options, temporaryName: temporaryName).batchOutcome
    }
}
