// The pipes: `-` as IMAGE read whole into sealed bytes, and `--output=-`'s result written whole to standard output.

import Decoding
import Foundation
import Glibc
import ImagingCore

enum StandardStreams {
    /// Where the decoder reads `options`' picture: its file, or for `-` standard input's bytes, read
    /// to their end (at most `SealedBytes.standardInputLimit`) into a sealed memfd, never a file.
    static func source(_ options: HeadlessOptions) throws(HeadlessError) -> DecoderSource {
        guard options.readsStandardInput else { return .file(options.image) }
        // A terminal would wait for a picture someone types: say how to use `-` instead.
        guard isatty(STDIN_FILENO) == 0 else {
            throw HeadlessError(image: options.imageName, .conflict(.standardInputIsTerminal))
        }
        do {
            return .bytes(try SealedBytes.reading(from: STDIN_FILENO, name: options.imageName))
        } catch .unreadable(.empty) {
            throw HeadlessError(image: options.imageName, .failure(.standardInputEmpty))
        } catch {
            throw HeadlessError(image: options.imageName, error)
        }
    }

    /// Writes the whole result to standard output. A reader that went away (EPIPE) is one line, not
    /// the signal that would end the process without a word.
    static func write(_ bytes: PixelMapping, image: String) throws(HeadlessError) {
        signal(SIGPIPE, SIG_IGN)
        let failure = bytes.withUnsafeBytes { AtomicFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
        guard failure == 0 else {
            throw HeadlessError(
                image: image, .failure(failure == EPIPE ? .standardOutputClosed : .standardOutputFailed(errno: failure)))
        }
    }
}
