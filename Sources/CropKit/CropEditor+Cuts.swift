// Cuts in the editing model: bands added, removed, moved and resized as undo steps, every frame carried onto the joined picture.

extension CropEditor {
    /// Removes one more band from the picture (`PictureCut`, on the picture the cuts before it leave)
    /// as one step; every frame keeps framing the same content on the joined picture.
    @discardableResult
    public mutating func addCut(_ cut: PictureCut) throws(FramingRefusal) -> Changes {
        try setCuts(cuts + [cut])
    }

    /// Puts the band at `index` back as one step; the cuts after it still remove what they removed
    /// (`PictureCut.rebased`).
    @discardableResult
    public mutating func removeCut(at index: Int) throws(FramingRefusal) -> Changes {
        guard cuts.indices.contains(index) else { throw .noSuchCut(index) }
        return try setCuts(PictureCut.rebased(cuts, from: index + 1, onto: Array(cuts[..<index]), on: shownSize))
    }

    /// Moves the band at `index` by `rows` rows or columns (negative: up or left) as one step.
    @discardableResult
    public mutating func moveCut(at index: Int, by rows: Int) throws(FramingRefusal) -> Changes {
        guard cuts.indices.contains(index) else { throw .noSuchCut(index) }
        var cut = cuts[index]
        let (start, overflow) = cut.start.addingReportingOverflow(rows)
        cut.start = overflow ? -1 : start
        return try replaceCut(at: index, with: cut)
    }

    /// Makes the band at `index` `rows` rows or columns longer (negative: shorter) as one step, its start kept.
    @discardableResult
    public mutating func resizeCut(at index: Int, by rows: Int) throws(FramingRefusal) -> Changes {
        guard cuts.indices.contains(index) else { throw .noSuchCut(index) }
        var cut = cuts[index]
        let (length, overflow) = cut.length.addingReportingOverflow(rows)
        cut.length = overflow ? 0 : length
        return try replaceCut(at: index, with: cut)
    }

    /// Makes the band at `index` `cut` as one step, checked on the picture the cuts before it leave;
    /// the cuts after it still remove what they removed (`PictureCut.rebased`).
    @discardableResult
    public mutating func replaceCut(at index: Int, with cut: PictureCut) throws(FramingRefusal) -> Changes {
        guard cuts.indices.contains(index) else { throw .noSuchCut(index) }
        let prefix = Array(cuts[..<index]) + [cut]
        do { _ = try JoinedPicture(shownSize, cuts: prefix) } catch { throw .cut(error) }
        return try setCuts(PictureCut.rebased(cuts, from: index + 1, onto: prefix, on: shownSize))
    }

    /// Makes `list` the picture's cuts as one step (the cut mode's drag, a restored set), each frame
    /// carried from the joined picture before to the one after (`JoinedPicture.carried`), a frame with
    /// a locked ratio then shrunk about its centre to it. Refused with a perspective correction or a
    /// frame at an angle, and when the cuts do not fit the picture as shown.
    @discardableResult
    public mutating func setCuts(_ list: [PictureCut]) throws(FramingRefusal) -> Changes {
        guard uprightSize != nil else { throw .noPicture }
        guard list != cuts else { return [] }
        guard perspective == nil, frames.allSatisfy({ $0.angle.isZero }) else { throw .warped }
        let after: JoinedPicture
        do { after = try JoinedPicture(shownSize, cuts: list) } catch { throw .cut(error) }
        let before = joined ?? (try? JoinedPicture(shownSize, cuts: [])) ?? after
        session.cancel()
        let carried = frames.map { frame in
            var moved = frame
            moved.crop = Self.held(before.carried(frame.crop, to: after), to: frame.aspectRatio, on: after.size)
            return moved
        }
        var next = state
        next.cuts = list
        next.crop = carried[activeFrame].crop
        if !frameList.isEmpty { next.frames = carried }
        show(next)
        return recorded([.committed, .picture, .shown])
    }

    /// The export's crop of the frame at `index` in whole pixels, as `cropPixels` is the active one's:
    /// on the joined picture with cuts, the rectified one with a perspective, at an angle on its box.
    public func cropPixels(ofFrame index: Int) -> PixelRect {
        let frame = frames[index]
        let box = frameBox(angle: frame.angle)
        return frame.angle.isZero
            ? frame.crop.pixelRect(imageWidth: box.width, imageHeight: box.height) : box.pixelRect(for: frame.crop)
    }

    /// `crop` shrunk about its centre to `ratio` on a picture of `size` (Free: as it is).
    static func held(_ crop: CropRect, to ratio: AspectRatio, on size: PixelSize) -> CropRect {
        guard let wanted = ratio.normalizedRatio(imageWidth: size.width, imageHeight: size.height), crop.height > 0 else {
            return crop
        }
        let (width, height) =
            crop.width / crop.height > wanted ? (crop.height * wanted, crop.height) : (crop.width, crop.width / wanted)
        return CropRect(x: crop.midX - width / 2, y: crop.midY - height / 2, width: width, height: height)
    }

    /// Keeps `list` and the joined picture it leaves; cuts that do not fit leave none.
    mutating func installCuts(_ list: [PictureCut]) {
        let made = list.isEmpty || uprightSize == nil ? nil : try? JoinedPicture(shownSize, cuts: list)
        cuts = made == nil ? [] : list
        joined = made
    }
}
