// Straightening on the canvas: the angle keys and accessible actions, the ruler's live angle, Level, and straighten mode.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// `]` and `[` turn by 0.1°, with Shift by 1° (Shift+] is `}` on most layouts, so both are bound);
    /// `L` levels the picture by its lines.
    nonisolated static let straightenKeys: [(keyval: Int32, shift: Bool, hundredths: Int)] = [
        (GDK_KEY_bracketright, false, StraightenAngle.fineStep.hundredths),
        (GDK_KEY_bracketleft, false, -StraightenAngle.fineStep.hundredths),
        (GDK_KEY_bracketright, true, StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_bracketleft, true, -StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_braceright, true, StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_braceleft, true, -StraightenAngle.coarseStep.hundredths),
    ]

    nonisolated static func installStraightenActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // Parameterless, so AT-SPI lists them.
        install(.straightenClockwise, on: klass) { canvas, _ in canvas.turnAngle(by: StraightenAngle.coarseStep) }
        install(.straightenCounterclockwise, on: klass) { canvas, _ in canvas.turnAngle(by: StraightenAngle.coarseStep.reversed) }
        // The keys' action carries a parameter, which keeps it off AT-SPI's list.
        install(.straightenKey, on: klass, parameterType: "(si)") { canvas, parameter in
            guard let (what, hundredths) = parameter?.stringAndInt else { return }
            if what == "level" { canvas.level() } else { canvas.turnAngle(by: StraightenAngle(hundredths: Int(hundredths))) }
        }
        for key in straightenKeys {
            klass.bindKey(
                key.keyval, key.shift ? GDK_SHIFT_MASK : GdkModifierType(0), to: CanvasAction.straightenKey.detailed,
                string: "turn", int: Int32(key.hundredths))
        }
        klass.bindKey(GDK_KEY_l, to: CanvasAction.straightenKey.detailed, string: "level", int: 0)
        klass.bindKey(GDK_KEY_L, GDK_SHIFT_MASK, to: CanvasAction.straightenKey.detailed, string: "level", int: 0)
    }

    /// The angle keys' repeat (`turnAngle`): quick frames while `]` or `[` is held.
    var angleKeys: KeyBurst {
        get { modes.angleKeys }
        set { modes.angleKeys = newValue }
    }

    /// Turns the picture further by `step` as one undoable step (keys, actions). Its frames are
    /// quick until no key has come for `KeyBurst.settleDelay`, then one sharp frame: a key held
    /// down repeats faster than a 12000 × 8000 photo turns sharp on a 3840 × 2160 screen.
    func turnAngle(by step: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        angleKeys.press(at: .now)
        // Checked once the burst may have ended; a later key schedules a check of its own.
        Timer.once(milliseconds: UInt32(KeyBurst.settleDelay / .milliseconds(1)) + 1) { [weak self] in
            self?.settleAngleKeys()
        }
        edit { $0.turnAngle(by: step) }
    }

    /// The sharp frame once the angle keys have stopped.
    func settleAngleKeys() {
        let now = ContinuousClock.now
        guard angleKeys.isActive, angleKeys.isSettled(at: now) else { return }
        angleKeys.settle(at: now)
        widget.queueDraw()
    }

    /// Sets the angle as one undoable step (the entry, Level, a level line).
    public func setAngle(_ angle: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.setAngle(angle) }
    }

    /// Shows the picture at `angle` while the ruler is dragged; `endAngleChange` makes it one step.
    public func changeAngle(to angle: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.changeAngle(to: angle) }
        // The fine grid shows from the first press, before the angle moves.
        widget.queueDraw()
    }

    /// Ends the ruler's drag: one undoable step, then a sharp frame.
    public func endAngleChange() {
        edit { $0.endAngleChange() }
        widget.queueDraw()
    }

    /// Levels the picture by its dominant near-level and near-plumb lines, read from the display
    /// thumbnail, as one undoable step. Returns whether there was anything to level by; the
    /// window says so when there was not (`CanvasEvent.nothingToLevel`).
    @discardableResult
    public func level() -> Bool {
        guard let image else { return false }
        guard let suggestion = LevelReading.suggestion(for: image.surface) else {
            onEvent?(.nothingToLevel)
            return false
        }
        // Read on the upright picture: a mirror shows its lines tilted the other way.
        setAngle(transform.mirrors ? suggestion.reversed : suggestion)
        return true
    }

    /// The straighten mode: a drag on the picture draws a line to level it by, not a crop.
    public var straightenMode: Bool {
        get { overlay is LevelLineOverlay }
        set { if newValue != straightenMode { overlay = newValue ? LevelLineOverlay(canvas: self) : nil } }
    }

    /// The line being drawn in straighten mode, in view points.
    var levelLine: LevelLine? { (overlay as? LevelLineOverlay)?.line }
}
