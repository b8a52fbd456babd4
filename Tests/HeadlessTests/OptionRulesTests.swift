// The command line's tables: each rule between options broken alone by one line, each value's check, and help's wrapping.

import Testing

@testable import Headless

@Suite struct OptionRulesTests {
    private func problem(_ arguments: [String]) -> HeadlessProblem? {
        do { _ = try HeadlessOptions.parse(arguments); return nil } catch {
            guard case .problem(let problem) = error.cause else { return nil }
            return problem
        }
    }

    /// One command line per rule of `HeadlessOptions.rules`, in the table's order, breaking that rule
    /// and no other: a rule added without its line here fails the count.
    @Test func everyRuleOfOneImageIsBrokenAloneByOneLine() {
        let cases: [([String], HeadlessProblem.Conflict)] = [
            (["--sidecar", "--crop=1x1", "-"], .standardInputWithSidecar),
            (["--crop=photos", "--straighten=1", "--output=o.png", "p.jpg"], .photosWith("--straighten")),
            (["--crop=1x1", "--trim-tolerance=5", "--output=o.png", "p.jpg"], .trimToleranceWithoutTrim),
            (["--crop=1x1", "--aspect=4:5", "--output=o.png", "p.jpg"], .aspectWithoutAutomaticCrop),
            (["--crop=trim", "--straighten=1", "--output=o.png", "p.jpg"], .trimWithStraighten),
            (["--crop=auto", "--output=o.png", "p.jpg"], .autoCropNeedsAspect),
            (["--crop=auto", "--aspect=1:1", "--straighten=1", "--output=o.png", "p.jpg"], .autoCropWithStraighten),
            (["--upright=auto", "--perspective=auto", "--output=o.png", "p.jpg"], .uprightWithPerspective),
            (["--perspective=auto", "--straighten=1", "--output=o.png", "p.jpg"], .perspectiveWithStraighten(.perspective)),
            (["--upright=auto", "--crop=trim", "--output=o.png", "p.jpg"], .perspectiveWithAutomaticCrop(.upright)),
            (["--cut=0x1+0+0", "--lossless", "--crop=1x1", "--output=o.png", "p.jpg"], .cutWith("--lossless")),
            (["--crop=1x1", "--size=10", "--print-size=6x4in", "--output=o.png", "p.jpg"], .sizeAndPrintSize),
            (["--sidecar", "--crop=1x1", "--output=o.png", "p.jpg"], .sidecarWithOutput),
            (["--sidecar", "p.jpg"], .sidecarNeedsCrop),
            (["--sidecar", "--crop=1x1", "--quality=80", "p.jpg"], .notForSidecar(.quality)),
            (["--sidecar", "--crop=1x1", "--lossless", "p.jpg"], .notForSidecar(.lossless)),
            (["--sidecar", "--crop=1x1", "--prefer-lossless", "p.jpg"], .notForSidecar(.preferLossless)),
            (["--sidecar", "--crop=1x1", "--strip=gps", "p.jpg"], .notForSidecar(.strip)),
            (["--sidecar", "--crop=1x1", "--rotate=90", "p.jpg"], .notForSidecar(.rotate)),
            (["--sidecar", "--crop=1x1", "--flip=vertical", "p.jpg"], .notForSidecar(.flip)),
            (["--crop=1x1", "p.jpg"], .noOutput),
            (["--crop=1x1", "--output=-", "p.jpg"], .standardOutputNeedsFormat),
            (["--crop=1x1", "--shape=circle", "--output=o.jpg", "p.jpg"], .circleNeedsTransparency),
            (["--crop=1x1", "--shape=circle", "--lossless", "--output=o.png", "p.jpg"], .losslessCircle),
            (["--crop=1x1", "--size=10", "--lossless", "--output=o.jpg", "p.jpg"], .losslessSize),
            (["--crop=1x1", "--straighten=1", "--lossless", "--output=o.jpg", "p.jpg"], .losslessStraighten),
            (["--upright=auto", "--lossless", "--output=o.jpg", "p.jpg"], .losslessPerspective(.upright)),
        ]
        #expect(cases.count == HeadlessOptions.rules.count)
        for (arguments, conflict) in cases {
            #expect(problem(arguments) == .conflict(conflict), "\(arguments)")
        }
    }

    @Test func everyRuleOfABatchIsBrokenAloneByOneLine() {
        let cases: [([String], HeadlessProblem.Syntax)] = [
            (["--crop=1x1", "--output=o.png", "a.jpg", "b.jpg"], .outputWithSeveralImages(count: 2)),
            (["--crop=1x1", "--output=o.png", "--output-dir=d", "a.jpg"], .outputAndOutputDirectory),
            (["--crop=1x1", "--sidecar", "--output-dir=d", "a.jpg"], .sidecarAndOutputDirectory),
            (["--crop=1x1", "a.jpg", "b.jpg"], .severalImagesNeedDirectory),
            (["--crop=1x1", "--sidecar", "--format=png", "a.jpg", "b.jpg"], .formatWithSidecar),
        ]
        #expect(cases.count == HeadlessBatch.rules.count)
        for (arguments, syntax) in cases {
            #expect(problem(arguments) == .syntax(syntax), "\(arguments)")
        }
    }

    /// A value is checked on its own, whatever else the line holds; the message says what a good one is.
    @Test func everyCheckedValueSaysWhatAGoodOneIs() {
        let checked: [(HeadlessOption, [String])] = [
            (.quality, ["--crop=1x1", "--output=o.jpg"]), (.strip, ["--crop=1x1", "--output=o.jpg"]),
            (.shape, ["--crop=1x1", "--output=o.png"]), (.flip, ["--crop=1x1", "--output=o.png"]),
            (.rotate, ["--crop=1x1", "--output=o.png"]), (.aspect, ["--crop=auto", "--output=o.png"]),
            (.trimTolerance, ["--crop=trim", "--output=o.png"]), (.resolution, ["--crop=1x1", "--output=o.png"]),
            (.printSize, ["--crop=1x1", "--output=o.png"]), (.format, ["--crop=1x1", "--output=-"]),
            (.jobs, ["--crop=1x1", "--output=o.png"]), (.perspective, ["--output=o.png"]),
            (.upright, ["--output=o.png"]),
        ]
        for (option, line) in checked {
            let found = problem(line + ["--\(option.rawValue)=nonsense", "p.jpg"])
            #expect(found == .value(.bad(option, "nonsense")), "\(option)")
            #expect(found?.words.hasPrefix("--\(option.rawValue) must be \(option.expects), not") == true, "\(option)")
        }
        let described = HeadlessOption.allCases.filter { $0.entry.expects != nil }
        #expect(Set(described) == Set(checked.map(\.0)), "an option that says what a good value is must be checked")
    }

    @Test func everyOptionIsDescribedAndEveryValueNamed() {
        for option in HeadlessOption.allCases {
            guard HeadlessOption.entries[option] != nil else {
                Issue.record("--\(option.rawValue) has no entry in HeadlessOption.entries")
                continue
            }
            #expect(!option.entry.help.isEmpty, "\(option)")
            #expect(option.entry.expects == nil || option.takesValue, "a flag has no value to check: \(option)")
            #expect(HelpText.text.contains(option.synopsis), "\(option)")
        }
    }

    @Test func wrappingBreaksAtSpacesWithinTheWidthAndKeepsQuotedPhrasesWhole() {
        let text = "one two three \"a quoted phrase here\" four five"
        #expect(HelpText.wrapped(text, width: 14) == ["one two three", "\"a quoted phrase here\"", "four five"])
        #expect(HelpText.wrapped("", width: 10) == [])
        #expect(HelpText.wrapped("unbreakable-longer-than-width x", width: 10) == ["unbreakable-longer-than-width", "x"])
        let lines = HelpText.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= HelpText.width }, "\(lines.filter { $0.count > HelpText.width })")
    }
}
