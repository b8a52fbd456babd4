// Several results of one picture: `--aspect`, `--size` or `--print-size` lists split into one request each, named by entry.

import CropKit
import Foundation

/// One of several results of a picture (`--aspect=1:1,4:5`): the name it adds to the output's, and its request.
public struct HeadlessFrame: Equatable, Sendable {
    /// What the output's name gains before its extension: `1x1` makes `out.jpg` `out-1x1.jpg`.
    public var label: String
    public var options: HeadlessOptions
}

/// The options that may list several entries, comma-separated, one result each.
enum FrameList {
    static let listed: [HeadlessOption] = [.aspect, .size, .printSize]
    /// More results than this of one picture is a typo, not a set of formats.
    static let maximum = FrameState.maximumCount

    /// One single-valued command line a result when a listed option holds several entries, each named
    /// by its entry of the first such option; nil when every option holds one value (one result). A
    /// list shorter than the others, other than one value given for all, is refused, as are several
    /// results kept in a sidecar or sent to standard output, more than `maximum`, or a name taken twice.
    static func split(
        _ tokens: CommandLineTokens
    ) throws(HeadlessProblem.Conflict) -> [(label: String, tokens: CommandLineTokens)]? {
        let entries = listed.compactMap { option in
            tokens.values[option].map { (option, $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)) }
        }
        let lists = entries.filter { $0.1.count > 1 }
        guard let first = lists.first else { return nil }
        if tokens.values[.crop] == "photos" { throw .photosWith("a --\(first.0.rawValue) list") }
        if tokens.has(.sidecar) { throw .severalResults(first.0, count: first.1.count, to: .sidecar) }
        if tokens.values[.output] == HeadlessOptions.standardStream {
            throw .severalResults(first.0, count: first.1.count, to: .output)
        }
        if let other = lists.first(where: { $0.1.count != first.1.count }) {
            throw .listLengths(first.0, first.1.count, other.0, other.1.count)
        }
        guard first.1.count <= maximum else { throw .tooManyResults(first.0, count: first.1.count) }
        let labels = first.1.map { label($0, of: first.0) }
        if let twice = labels.indices.first(where: { labels[..<$0].contains(labels[$0]) }) {
            throw .resultNamedTwice(first.0, first.1[twice])
        }
        return labels.indices.map { index in
            var single = tokens
            for (option, values) in entries { single.values[option] = values.count > 1 ? values[index] : values[0] }
            if let output = tokens.values[.output] { single.values[.output] = named(output, labels[index]) }
            return (labels[index], single)
        }
    }

    /// `out.jpg` with `label`: `out-1x1.jpg`, in the same folder.
    static func named(_ output: String, _ label: String) -> String {
        let path = output as NSString
        let stem = path.deletingPathExtension + "-" + label
        return path.pathExtension.isEmpty ? stem : stem + "." + path.pathExtension
    }

    /// An entry as a file name shows it: a ratio as the window names a format's frame (`4:5` as `4x5`,
    /// `FrameNaming`), a size or a print as written, without spaces.
    private static func label(_ entry: String, of option: HeadlessOption) -> String {
        let compact = entry.filter { !$0.isWhitespace && $0 != "/" }.lowercased()
        return option == .aspect ? FrameNaming.label(entry) ?? compact : compact
    }
}
