// The frame a crop becomes when a ratio is chosen: the largest of that ratio, around the current crop's centre.

extension AspectRatio {
    /// The crop after choosing this ratio on a W×H picture: the largest frame of the ratio that
    /// fits the picture (full length on one axis), centred on `rect`'s centre and shifted only as
    /// far as needed to stay inside the unit square. Free returns `rect` sanitized.
    ///
    /// Its shorter side can be under a minimum side only when the ratio cannot meet that minimum
    /// at all (see `CropHandle.adjusting(_:by:minimumSide:ratio:imageAspect:)`).
    public func fitted(_ rect: CropRect, imageWidth: Int, imageHeight: Int) -> CropRect {
        let current = rect.sanitized
        guard let ratio = normalizedRatio(imageWidth: imageWidth, imageHeight: imageHeight),
            let lock = RatioLock(ratio: ratio, minimumSide: CropHandle.defaultMinimumSide)
        else { return current }
        let height = lock.maximumHeight
        let (left, right) = RatioLock.centred(on: current.midX, length: lock.width(forHeight: height))
        let (top, bottom) = RatioLock.centred(on: current.midY, length: height)
        return CropRect(left: left, top: top, right: right, bottom: bottom)
    }
}
