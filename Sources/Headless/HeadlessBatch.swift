// A batch command line (`--output-dir=DIR IMAGE…`, or `--sidecar` with several images): checked whole, then one job per image.

import Batch
import Foundation
import ImagingCore

/// Many images with the same options. Usage mistakes are found here, before anything is written;
/// each image's own trouble (a name taken twice, a result onto a source) fails that image alone.
public struct HeadlessBatch: Equatable, Sendable {
    /// Where results go; nil for `--sidecar`, which writes beside each image.
    public let directory: String?
    /// How many images are cropped at once.
    public let jobs: Int
    /// Per image, in the order given: its job, or why it cannot be done.
    public let plan: [Planned]

    public enum Planned: Equatable, Sendable {
        case job(BatchJob)
        case refused(HeadlessError)
    }

    /// Whether the command line is a batch: `--output-dir`, or several IMAGEs.
    static func isBatch(_ tokens: CommandLineTokens) -> Bool {
        tokens.values[.outputDir] != nil || tokens.operands.count > 1
    }

    /// `--jobs`' value, or the number of processor cores.
    static func jobs(_ tokens: CommandLineTokens) throws(HeadlessError) -> Int {
        guard let text = tokens.values[.jobs] else { return max(ProcessInfo.processInfo.activeProcessorCount, 1) }
        guard let jobs = Int(text), (1...maximumJobs).contains(jobs) else {
            throw HeadlessError(image: nil, .value(.bad(.jobs, text)))
        }
        return jobs
    }

    /// Each job is a process holding decoded pictures: more than this is a typo, not a machine.
    static let maximumJobs = 256

    init(_ tokens: CommandLineTokens) throws(HeadlessError) {
        jobs = try Self.jobs(tokens)
        let images = tokens.operands
        let sidecar = tokens.has(.sidecar)
        let directory = tokens.values[.outputDir]
        self.directory = directory
        let format = try Self.format(tokens)
        do { try Self.rules.check(tokens) } catch { throw HeadlessError(image: nil, .syntax(error)) }
        // The options every image shares, checked once on a stand-in image: a mistake there is the
        // command line's (exit 2, nothing written), not any one image's.
        let shared = Self.sharedArguments(tokens)
        let standIn = directory.map { ($0 as NSString).appendingPathComponent("image.\(format ?? "png")") }
        do { _ = try HeadlessOptions.request(Self.tokens(shared, output: standIn, image: "image"), image: "image") } catch {
            throw error.said(of: nil, exitStatus: HeadlessError.badCommandLineStatus)
        }
        let outputs = images.map { image in directory.map { Self.output(for: image, in: $0, format: format) } ?? image + ".xmp" }
        let refusals = Self.refusals(images: images, outputs: outputs, sidecar: sidecar)
        plan = images.indices.map { index -> Planned in
            let image = images[index]
            if let refusal = refusals[index] { return .refused(refusal) }
            let output = sidecar ? nil : outputs[index]
            if let output, OutputFormat(path: output) == nil {
                return .refused(HeadlessError(image: image, .failure(.resultFormat(kind: (output as NSString).pathExtension))))
            }
            do throws(HeadlessError) {
                _ = try HeadlessOptions.request(Self.tokens(shared, output: output, image: image), image: image)
            } catch {
                return .refused(error.said(of: image, exitStatus: HeadlessError.badImageStatus))
            }
            let arguments = shared + (output.map { ["--output=\($0)"] } ?? []) + ["--", image]
            return .job(BatchJob(image: image, arguments: arguments))
        }
    }

    /// `--format`'s extension, or nil for each image's own.
    private static func format(_ tokens: CommandLineTokens) throws(HeadlessError) -> String? {
        guard let text = tokens.values[.format] else { return nil }
        guard ["png", "jpg", "webp", "tif"].contains(text) else { throw HeadlessError(image: nil, .value(.bad(.format, text))) }
        return text
    }

    /// `DIR/NAME`, with `format`'s extension when given.
    static func output(for image: String, in directory: String, format: String?) -> String {
        var name = (image as NSString).lastPathComponent
        if let format { name = (name as NSString).deletingPathExtension + "." + format }
        return (directory as NSString).appendingPathComponent(name)
    }

    /// The single-image options, as words (every option but the batch's own).
    private static func sharedArguments(_ tokens: CommandLineTokens) -> [String] {
        HeadlessOption.allCases.compactMap { option -> String? in
            guard let value = tokens.values[option], ![.outputDir, .format, .jobs, .output].contains(option) else { return nil }
            return option.takesValue ? "--\(option.rawValue)=\(value)" : "--\(option.rawValue)"
        }
    }

    private static func tokens(_ shared: [String], output: String?, image: String) throws(HeadlessError) -> CommandLineTokens {
        var tokens = try CommandLineTokens(shared)
        if let output { tokens.values[.output] = output }
        tokens.operands = [image]
        return tokens
    }

    /// Per image, why it must not be done: its result would be one of the sources, or another
    /// image's result too (then every image of that name fails: which one was meant is not ours to guess).
    private static func refusals(images: [String], outputs: [String], sidecar: Bool) -> [HeadlessError?] {
        var sourcePaths = Set<String>()
        var sourceFiles = Set<FileKey>()
        for image in images {
            sourcePaths.insert(FileIdentity.resolved(image))
            if let key = FileKey(image) { sourceFiles.insert(key) }
        }
        let resolved = outputs.map(FileIdentity.resolved)
        var sharing: [String: [Int]] = [:]
        for (index, path) in resolved.enumerated() { sharing[path, default: []].append(index) }
        return images.indices.map { index -> HeadlessError? in
            let image = images[index], output = outputs[index]
            if sourcePaths.contains(resolved[index]) || FileKey(output).map(sourceFiles.contains) == true {
                return HeadlessError(image: image, .failure(.resultReplacesSource(output: output)))
            }
            let others = (sharing[resolved[index]] ?? []).filter { $0 != index }.map { images[$0] }
            guard let other = others.first else { return nil }
            if others.count == 1, FileIdentity.same(other, image) {
                return HeadlessError(image: image, .failure(.imageGivenTwice(output: output)))
            }
            return HeadlessError(
                image: image,
                .failure(.resultShared(output: output, other: other, more: others.count - 1, sidecar: sidecar)))
        }
    }

    /// A file's identity on disk (a hard link or another spelling is the same file).
    private struct FileKey: Hashable {
        let device: UInt64, inode: UInt64
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
