// "Level by a line": the straighten angle that makes a line drawn over the picture level or plumb, whichever is nearer.

extension StraightenAngle {
    /// The shortest drawn line, in view points, that counts as a line rather than a click.
    public static let minimumLevellingLine = 16.0

    /// The angle at which a line drawn over the picture as shown now (turned by `self`) becomes
    /// level or plumb, whichever it is nearer, as darktable and Shotwell do. `start` and `end`
    /// are view points (or any coordinates in which the picture's pixels are square); nil for a
    /// line shorter than `minimumLevellingLine`, or when levelling it would take the angle past ±45°.
    public func levelling(lineFrom start: CropPoint, to end: CropPoint) -> StraightenAngle? {
        let dx = end.x - start.x, dy = end.y - start.y
        guard dx.isFinite, dy.isFinite,
            (dx * dx + dy * dy).squareRoot() >= StraightenAngle.minimumLevellingLine
        else { return nil }
        // The line's tilt clockwise (y runs down), folded to the nearer axis: −45°…45°.
        var tilt = Trigonometry.arctangent2(dy, dx) * 180 / Trigonometry.pi
        tilt = tilt - 90 * (tilt / 90).rounded()
        let degrees = self.degrees - tilt
        return StraightenAngle(validating: degrees)
    }
}
