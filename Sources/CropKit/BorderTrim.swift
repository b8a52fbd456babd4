// Trim Borders' crop from the box of a picture's content (what differs from its border), kept to a locked ratio if there is one.

/// Where Trim Borders puts the crop on a `width`×`height` picture. The content's box comes from
/// elsewhere (the decoder measures the pixels); choosing the crop around it is this.
public struct BorderTrim: Hashable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// What trimming gives.
    public enum Outcome: Hashable, Sendable {
        /// The crop that holds the content.
        case crop(PixelRect)
        /// No border to take away: the content fills the picture, or the picture is all border.
        case nothingToTrim
    }

    /// The crop for `content` (nil: no pixel differs from the border, or no border colour was
    /// found). Without a ratio it is the content's box itself. With one (width ÷ height in pixels),
    /// it is the smallest rectangle of that ratio around the content, centred on it and shifted only as
    /// far as it must to stay inside the picture; when no rectangle of that ratio around the content
    /// fits in the picture, the largest one the picture holds, centred on the content likewise.
    /// Nothing to trim when the crop would be the whole picture.
    public func crop(content: PixelRect?, ratio: Double? = nil) -> Outcome {
        guard let content = inside(content) else { return .nothingToTrim }
        let rect: PixelRect
        if let ratio, ratio.isFinite, ratio > 0 {
            let picture = SuggestedCrop(width: width, height: height)
            let centre = (x: Double(content.x) + Double(content.width) / 2, y: Double(content.y) + Double(content.height) / 2)
            rect = picture.placed(around(content, ratio: ratio) ?? picture.largestSize(ratio: ratio), around: centre)
        } else {
            rect = content
        }
        return rect == PixelRect(x: 0, y: 0, width: width, height: height) ? .nothingToTrim : .crop(rect)
    }

    /// `content` clipped to the picture, nil when nothing of it is inside.
    private func inside(_ content: PixelRect?) -> PixelRect? {
        guard let content, content.width > 0, content.height > 0 else { return nil }
        func end(_ start: Int, _ length: Int, _ limit: Int) -> Int {
            // A hostile box near Int.max must not overflow.
            let (sum, overflow) = start.addingReportingOverflow(length)
            return overflow ? limit : min(sum, limit)
        }
        let left = max(content.x, 0), top = max(content.y, 0)
        let right = end(content.x, content.width, width), bottom = end(content.y, content.height, height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest size of `ratio` that holds `content` (its other side rounded to the nearest
    /// pixel, never below the content's), or nil when it does not fit in the picture.
    private func around(_ content: PixelRect, ratio: Double) -> PixelSize? {
        var size = PixelSize(width: content.width, height: content.height)
        if Double(content.width) >= Double(content.height) * ratio {
            size.height = max(Int((Double(content.width) / ratio).rounded()), content.height)
        } else {
            size.width = max(Int((Double(content.height) * ratio).rounded()), content.width)
        }
        return size.width <= width && size.height <= height ? size : nil
    }
}
