// Cut Out on the crop area: the mode entered and left, bands added, moved, resized, chosen and removed by keys, their words.

import CGtk
import CropKit
import GtkSupport
import Wording

extension CropCanvas {
    /// Whether Cut Out mode is on: a drag across the picture marks a band to cut out.
    public var isCuttingOut: Bool { overlay is CutOutOverlay }

    private var cutOut: CutOutOverlay? { overlay as? CutOutOverlay }

    /// The cut the mode's keys work on, by its place in the editor's list (after an undo, the last one left).
    public var chosenCut: Int? {
        guard let mode = cutOut, let last = editor.cuts.indices.last else { return nil }
        return min(mode.chosen ?? last, last)
    }

    /// Cut Out mode on or off (X, `crop.cut-out`, the window's toggle). It replaces straighten mode's
    /// line or perspective mode's corners, which take the same drags; the window hears the change.
    public var cutOutMode: Bool {
        get { isCuttingOut }
        set {
            guard newValue != isCuttingOut, image != nil || !newValue else { return }
            stopAnimation()
            if editor.isDragging { edit { $0.cancelDrag() } }
            if showsUnrectified { leaveUnrectifiedMode() }
            overlay = newValue ? CutOutOverlay(canvas: self) : nil
            updateAccessibleDescription()
            onEvent?(.cutOutModeChanged(newValue))
        }
    }

    /// A new picture in the mode: its keys start at that picture's last cut.
    func cutOutPictureChanged() { cutOut?.chosen = nil }

    /// Cuts `cut` out of the picture as shown now (the joined picture, measured as `PictureCut` says)
    /// as one undo step, and chooses it. Refused, the crop area says why and nothing changes.
    public func addCut(_ cut: PictureCut) {
        changeCuts(choosing: { $0.cuts.count - 1 }) { (e) throws(FramingRefusal) in try e.addCut(cut) }
    }

    /// The band the B key adds: a tenth of the picture across, in its middle, in the mode's direction.
    func addBandByKey() {
        guard let mode = cutOut else { return }
        let size = pictureBox
        let extent = mode.axis == .rows ? size.height : size.width
        let length = max(1, extent / 10)
        addCut(PictureCut(axis: mode.axis, start: (extent - length) / 2, length: length))
    }

    /// Switches the direction of the band the B key adds, and says it.
    func switchNewBandAxis() {
        guard let mode = cutOut else { return }
        mode.axis = mode.axis == .rows ? .columns : .rows
        announce(mode.axis == .rows ? tr("new bands cut rows") : tr("new bands cut columns"))
    }

    /// Chooses the cut `offset` places on (−1: the one before), going round.
    func chooseNextCut(_ offset: Int) {
        guard let mode = cutOut else { return }
        let count = editor.cuts.count
        guard count > 0, let chosen = chosenCut else { return announce(tr("there are no cuts yet")) }
        mode.chosen = ((chosen + offset) % count + count) % count
        updateAccessibleDescription()
        widget.queueDraw()
    }

    /// Puts the chosen cut back as one undo step; the one before it is chosen then.
    func removeChosenCut() {
        guard let index = chosenCut else { return announce(tr("there are no cuts yet")) }
        changeCuts(choosing: { $0.cuts.isEmpty ? nil : max(0, index - 1) }) { (e) throws(FramingRefusal) in
            try e.removeCut(at: index)
        }
    }

    /// An arrow key in Cut Out mode: the chosen cut moves a row or column (Up or Left: back), ten with
    /// Shift; with Ctrl it grows (Down or Right) or shrinks by one, ten with Shift too. Returns false
    /// when the mode is off, so the arrow moves the crop as usual.
    func moveCutByKey(_ adjustment: CropAdjustment, unit: CropAdjustment.StepUnit) -> Bool {
        guard isCuttingOut else { return false }
        guard let index = chosenCut else {
            announce(tr("there are no cuts yet"))
            return true
        }
        let moves: [CropAdjustment] = [.moveLeft, .moveRight, .moveUp, .moveDown]
        let back: [CropAdjustment] = [.moveLeft, .moveUp, .makeNarrower, .makeShorter]
        guard adjustment != .reset else { return true }
        // The crop's keys: Shift (a resize of the crop) is the bigger step here, Ctrl (a pixel) the resize.
        let rows = (back.contains(adjustment) ? -1 : 1) * (moves.contains(adjustment) ? 1 : 10)
        changeCuts(choosing: { _ in index }) { (e) throws(FramingRefusal) in
            unit == .percent ? try e.moveCut(at: index, by: rows) : try e.resizeCut(at: index, by: rows)
        }
        return true
    }

    /// Runs a change of the cuts as one step, any drag or animation ended first, then chooses the cut
    /// `choosing` names; a refusal is said in the description (Orca speaks it) and changes nothing.
    private func changeCuts(
        choosing: (CropEditor) -> Int?, _ change: (inout CropEditor) throws(FramingRefusal) -> CropEditor.Changes
    ) {
        guard image != nil else { return announce(FramingRefusal.noPicture.message) }
        stopAnimation()
        if editor.isDragging { edit { $0.cancelDrag() } }
        describingOnce {
            var refusal: FramingRefusal?
            edit { editor in
                do throws(FramingRefusal) { return try change(&editor) } catch {
                    refusal = error
                    return []
                }
            }
            if let refusal {
                announce(refusal.message)
            } else {
                cutOut?.chosen = choosing(editor)
                // A sharp region joined by the old cuts shows other pixels now.
                dropSharpRegion()
            }
            widget.queueDraw()
        }
    }

    /// The band a drag from `start` to `end` (view points) marks on the picture as shown: the rows it
    /// crossed when it is taller than wide, else the columns, kept inside the picture; nil when it
    /// crossed none.
    func markedCut(from start: CropPoint, to end: CropPoint) -> PictureCut? {
        guard let viewport else { return nil }
        let size = pictureBox
        let a = viewport.normalizedPoint(start), b = viewport.normalizedPoint(end)
        let rows = abs(end.y - start.y) >= abs(end.x - start.x)
        let (low, high) = rows ? (min(a.y, b.y), max(a.y, b.y)) : (min(a.x, b.x), max(a.x, b.x))
        let extent = Double(rows ? size.height : size.width)
        let first = Int((max(0, low) * extent).rounded()), last = Int((min(1, high) * extent).rounded())
        guard last > first else { return nil }
        return PictureCut(axis: rows ? .rows : .columns, start: first, length: last - first)
    }

    /// `cut`, as marked on the picture shown now, in view points.
    func bandDrawing(_ cut: PictureCut) -> MarkedBand? {
        guard let viewport else { return nil }
        let size = pictureBox
        let rect =
            cut.axis == .rows
            ? CropRect(
                x: 0, y: Double(cut.start) / Double(size.height), width: 1, height: Double(cut.length) / Double(size.height))
            : CropRect(
                x: Double(cut.start) / Double(size.width), y: 0, width: Double(cut.length) / Double(size.width), height: 1)
        return MarkedBand(rect: viewport.viewRect(rect), axis: cut.axis)
    }

    /// What the crop area says in the mode before the crop: the chosen cut ("cut 220 rows at 120, 2
    /// of 3"), or how to make one.
    var cutOutWords: String? {
        guard isCuttingOut else { return nil }
        guard let index = chosenCut else { return tr("cut out: drag across the picture to cut a band, or press B") }
        let count = editor.cuts.count
        let place = Localization.format(tr("%1$d of %2$d"), [index + 1, count])
        return count > 1 ? "\(editor.cuts[index].spoken), \(place)" : editor.cuts[index].spoken
    }

    nonisolated static func installCutOutActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        install(.cutOut, on: klass) { canvas, _ in canvas.cutOutMode.toggle() }
        install(.cutKey, on: klass, parameterType: "(si)") { canvas, parameter in
            guard let (what, value) = parameter?.stringAndInt, canvas.isCuttingOut else { return }
            switch what {
            case "band": canvas.addBandByKey()
            case "axis": canvas.switchNewBandAxis()
            case "next": canvas.chooseNextCut(Int(value))
            case "remove": canvas.removeChosenCut()
            default: canvas.cutOutMode = false
            }
        }
        for key in [GDK_KEY_x, GDK_KEY_X] { klass.bindKey(key, to: CanvasAction.cutOut.detailed) }
        // Bound before the frames' F and Shift+F and the perspective mode's Return: while the mode is
        // off its action is disabled and those keys go on to theirs.
        let key = CanvasAction.cutKey.detailed
        for band in [GDK_KEY_b, GDK_KEY_B] { klass.bindKey(band, to: key, string: "band", int: 0) }
        for axis in [GDK_KEY_o, GDK_KEY_O] { klass.bindKey(axis, to: key, string: "axis", int: 0) }
        klass.bindKey(GDK_KEY_f, to: key, string: "next", int: 1)
        klass.bindKey(GDK_KEY_F, GDK_SHIFT_MASK, to: key, string: "next", int: -1)
        for remove in [GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace] {
            klass.bindKey(remove, to: key, string: "remove", int: 0)
        }
        for enter in [GDK_KEY_Return, GDK_KEY_KP_Enter] { klass.bindKey(enter, to: key, string: "leave", int: 0) }
    }

    /// The mode's keys answer only while it is on, so F, Delete and Return do their usual work otherwise.
    func setCutKeysEnabled(_ enabled: Bool) {
        widget.setActionEnabled(CanvasAction.cutKey.detailed, enabled)
    }
}

extension CropCanvas {
    /// Whether the join lines show outside Cut Out mode (the window's Show Join Lines setting); in the
    /// mode they always show, the chosen cut's standing out.
    public var showsJoinLines: Bool {
        get { modes.showsJoinLines }
        set {
            modes.showsJoinLines = newValue
            widget.queueDraw()
        }
    }

    /// The join lines this frame draws, nil without cuts (or with them hidden).
    var joinLinesDrawing: JoinLines? {
        guard let joined = editor.joined, !showsUnrectified, let viewport, showsJoinLines || isCuttingOut else { return nil }
        let size = joined.size, picture = viewport.imageFrame
        func across(_ y: Int, chosen: Bool) -> JoinLines.Segment {
            let v = viewport.viewPoint(CropPoint(x: 0, y: Double(y) / Double(size.height))).y
            return JoinLines.Segment(
                start: CropPoint(x: picture.minX, y: v), end: CropPoint(x: picture.maxX, y: v), chosen: chosen)
        }
        func down(_ x: Int, chosen: Bool) -> JoinLines.Segment {
            let v = viewport.viewPoint(CropPoint(x: Double(x) / Double(size.width), y: 0)).x
            return JoinLines.Segment(
                start: CropPoint(x: v, y: picture.minY), end: CropPoint(x: v, y: picture.maxY), chosen: chosen)
        }
        var segments =
            JoinedDisplay.joins(joined.rows).map { across($0, chosen: false) }
            + JoinedDisplay.joins(joined.columns).map { down($0, chosen: false) }
        // The chosen cut's join over the others, even at the picture's edge where no line is.
        if let index = chosenCut, let (axis, at) = joinPosition(ofCut: index) {
            segments.append(axis == .rows ? across(at, chosen: true) : down(at, chosen: true))
        }
        return segments.isEmpty ? nil : JoinLines(segments: segments)
    }

    /// Where the cut at `index` joins its two sides on the joined picture as shown: its start, moved
    /// back by the bands the later cuts of its direction removed before it.
    func joinPosition(ofCut index: Int) -> (PictureCut.Axis, Int)? {
        let cuts = editor.cuts
        guard cuts.indices.contains(index) else { return nil }
        let cut = cuts[index]
        var at = cut.start
        for later in cuts[(index + 1)...] where later.axis == cut.axis && later.start < at {
            at -= min(later.length, at - later.start)
        }
        return (cut.axis, at)
    }
}
