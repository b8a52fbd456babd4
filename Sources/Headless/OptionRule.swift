// The rules between options as tables of condition and problem, checked in order: one image's, and a batch's.

/// A rule between options: when `isBroken` says `values` break it, `problem` is the mistake.
struct OptionRule<Values, Problem>: Sendable {
    let isBroken: @Sendable (Values) -> Bool
    let problem: @Sendable (Values) -> Problem

    init(_ problem: @escaping @Sendable (Values) -> Problem, when isBroken: @escaping @Sendable (Values) -> Bool) {
        self.isBroken = isBroken
        self.problem = problem
    }

    init(_ problem: Problem, when isBroken: @escaping @Sendable (Values) -> Bool) where Problem: Sendable {
        self.init({ _ in problem }, when: isBroken)
    }
}

extension Array {
    /// Throws the problem of the first rule `values` break, in the table's order.
    func check<Values, Problem: Error>(_ values: Values) throws(Problem) where Element == OptionRule<Values, Problem> {
        if let broken = first(where: { $0.isBroken(values) }) { throw broken.problem(values) }
    }
}

extension HeadlessOptions {
    /// The options that shape written pixels, which `--sidecar` does not write.
    static let pixelOptions: [HeadlessOption] = [.quality, .lossless, .preferLossless, .strip, .rotate, .flip]

    /// The rules between one image's options, one line each, in the order they are checked.
    static let rules: [OptionRule<OptionValues, HeadlessProblem.Conflict>] =
        [
            OptionRule(.standardInputWithSidecar) { $0.sidecar && $0.readsStandardInput },
            OptionRule({ .photosWith($0.photosCompanion ?? "") }) { $0.crop == .photos && $0.photosCompanion != nil },
            OptionRule(.trimToleranceWithoutTrim) { $0.has(.trimTolerance) && $0.crop != .trim },
            OptionRule(.aspectWithoutAutomaticCrop) {
                $0.has(.aspect) && $0.crop?.isAutomatic != true && $0.perspective == nil
            },
            OptionRule(.trimWithStraighten) { $0.crop == .trim && $0.has(.straighten) },
            OptionRule(.autoCropNeedsAspect) { $0.crop == .auto && $0.ratio == nil },
            OptionRule(.autoCropWithStraighten) { $0.crop == .auto && $0.has(.straighten) },
            OptionRule(.uprightWithPerspective) { $0.has(.upright) && $0.has(.perspective) },
            OptionRule({ .perspectiveWithStraighten($0.perspectiveOption) }) { $0.perspective != nil && $0.has(.straighten) },
            OptionRule({ .perspectiveWithAutomaticCrop($0.perspectiveOption) }) {
                $0.perspective != nil && $0.crop?.isAutomatic == true
            },
            OptionRule({ .cutWith($0.cutCompanion ?? "") }) { !$0.cuts.isEmpty && $0.cutCompanion != nil },
            OptionRule(.sizeAndPrintSize) { $0.has(.size) && $0.has(.printSize) },
            OptionRule(.sidecarWithOutput) { $0.sidecar && $0.has(.output) },
            OptionRule(.sidecarNeedsCrop) { $0.sidecar && $0.crop == nil && $0.straighten == nil && $0.perspective == nil },
        ]
        + pixelOptions.map { option in OptionRule(.notForSidecar(option)) { $0.sidecar && $0.has(option) } }
        + [
            OptionRule(.noOutput) { !$0.sidecar && !$0.has(.output) },
            OptionRule(.standardOutputNeedsFormat) { $0.writesStandardOutput && $0.format == nil },
            OptionRule(.circleNeedsTransparency) { $0.shape == .circle && $0.outputFormat?.holdsCircle == false },
            OptionRule(.losslessCircle) { $0.lossless && $0.shape == .circle },
            OptionRule(.losslessSize) { $0.lossless && $0.outputSize?.isOriginal == false },
            OptionRule(.losslessStraighten) { $0.lossless && $0.straighten != nil },
            OptionRule({ .losslessPerspective($0.perspectiveOption) }) { $0.lossless && $0.perspective != nil },
        ]

    /// Checks `values` against `rules`: the first rule broken is the mistake.
    static func validate(_ values: OptionValues) throws(HeadlessProblem.Conflict) { try rules.check(values) }
}

extension HeadlessBatch {
    /// The rules of a batch's command line (several IMAGEs, or `--output-dir`), in the order they are checked.
    static let rules: [OptionRule<CommandLineTokens, HeadlessProblem.Syntax>] = [
        OptionRule({ .outputWithSeveralImages(count: $0.operands.count) }) { $0.has(.output) && !$0.has(.outputDir) },
        OptionRule(.outputAndOutputDirectory) { $0.has(.output) && $0.has(.outputDir) },
        OptionRule(.sidecarAndOutputDirectory) { $0.has(.sidecar) && $0.has(.outputDir) },
        OptionRule(.severalImagesNeedDirectory) { !$0.has(.sidecar) && !$0.has(.outputDir) },
        OptionRule(.formatWithSidecar) { $0.has(.sidecar) && $0.has(.format) },
    ]
}
