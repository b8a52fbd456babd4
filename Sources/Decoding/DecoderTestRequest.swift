// Test builds only: what a test asks a confined decoder to try, and how a pool's decoders answer as hostile ones.

import Foundation
import Glibc
import ImagingCore

/// What a test asks a confined decoding process to try (compiled into the decoder of a debug build
/// only, and obeyed only when the editor's test harness started it so). None is reachable from a file.
package enum DecoderTestRequest: String, Codable, Sendable, CaseIterable {
    /// `open` of /etc/passwd (or the harness's target) for reading and writing.
    case openFile
    /// `socket(AF_INET, SOCK_STREAM)`.
    case socket
    /// `execve("/bin/true")`.
    case exec
    /// Spin on the CPU until stopped (for the time limit).
    case spin
    /// `fork()`.
    case fork
    /// A batch worker's frames (naming a file to remove, then a broken length) on 0, 1 and 2.
    case forgeFrames
    /// `F_SETOWN` to the parent and its group, `F_SETSIG`, `O_ASYNC` on the socket.
    case signalOthers
    /// `stat` and `statx` of /etc/passwd (or the harness's target), with and without `AT_EMPTY_PATH`.
    case statPaths
    /// An executable mapping, and a page made executable.
    case executableMemory
    /// Raising its processor-time and address-space limits.
    case raiseLimits
    /// A byte to every descriptor but its socket.
    case writeEverywhere
    /// Every descriptor it holds but its socket read from its start: what each is and its first bytes.
    case readEveryDescriptor
    /// Every memfd it holds cut to nothing (`ftruncate`) and written to: what each call returned.
    case truncateMemfds
    /// A reply that is no message at all, with four memfds of `HostileDecoder.largeMemfd` bytes each.
    case undecodableReply
    /// How many pictures the process has decoded whole (`DecodedPicture.wholeDecodes`).
    case countWholeDecodes

    /// What a decoder taken over by a picture tries before each job under the harness's
    /// `CROP_EDITOR_DECODER_TAKEOVER=1`: every way out that does not end the process.
    package static let takeover: [DecoderTestRequest] = [
        .forgeFrames, .signalOthers, .statPaths, .executableMemory, .raiseLimits, .writeEverywhere, .openFile,
    ]
}

/// How every decoder of a pool answers when the harness sets `CROP_EDITOR_DECODER_HOSTILE` to one of
/// these (with `CROP_EDITOR_DECODER_TEST_REQUESTS=1`, in a debug build): the jobs of the window and
/// the command line meet a decoder taken over by a picture.
package enum HostileDecoder: String, Sendable, CaseIterable {
    /// Before each job, every descriptor read (`readEveryDescriptor`), its report one line on standard
    /// error (`CROP_EDITOR_DECODER_STDERR=1` shows it); then the job as usual.
    case readDescriptors = "read-descriptors"
    /// Before each job, every memfd cut and written (`truncateMemfds`), reported likewise; then the job.
    case truncateMemfds = "truncate-memfds"
    /// Every job answered with `undecodableReply`.
    case undecodableReply = "undecodable-reply"
    /// A sidecar's write answered "the existing one is unreadable", whether one was sent or not.
    case unreadable
    /// Every number in every reply 2^62.
    case hugeSizes = "huge-sizes"
    /// A rectified region rendered one pixel wider and taller than asked, its reply saying so.
    case resizedRenders = "resized-renders"
    /// Find Photos' job, a kept crop's (`storedCrop`) or several exports' (`exportFrames`, with the
    /// memfd of the results it made) answered with the bytes `forgedVariable` holds, whatever numbers
    /// they say (prints, frames or results a decoder taken over would invent): the job whose reply's
    /// kind they begin with (`{"photos"`, `{"storedCrop"` or `{"exportedFrames"`).
    case forgedReplies = "forged-replies"

    /// The harness's variable.
    package static let variable = "CROP_EDITOR_DECODER_HOSTILE"
    /// What `forgedReplies` answers, as it is sent (an encoded `DecoderReply`, or bytes that only look like one).
    package static let forgedVariable = "CROP_EDITOR_DECODER_FORGED"
    /// 2^62: what `hugeSizes` says every number is.
    package static let hugeNumber = 1 << 62
    /// Each of `undecodableReply`'s memfds, in bytes, all of them written (64 MiB).
    package static let largeMemfd = 64 << 20
    /// The first bytes `readEveryDescriptor` reports of each descriptor.
    package static let reportedBytes = 256

    /// The pool environment that makes every decoder of a new pool answer so.
    package var environment: [String: String] {
        ["CROP_EDITOR_DECODER_TEST_REQUESTS": "1", Self.variable: rawValue]
    }
}

extension DecoderPool {
    /// Asks a process to try `request` (see `DecoderTestRequest`); what the call returned, or
    /// `decoderStopped` when the process was killed for it or answered nonsense. With `source`, the
    /// request travels with that picture's descriptors as a job's would (and its sidecar when
    /// `withSidecar`), opened by the editor's own code (`PictureFiles`); with `withFlag`, a render's
    /// cancellation flag after them, which this process then sets through its own mapping (a flag
    /// the decoder had cut short would end this process there) and whose size ends the outcome.
    package func tryEscaping(
        _ request: DecoderTestRequest, on source: DecoderSource? = nil, withSidecar: Bool = false, withFlag: Bool = false
    ) throws(ImagingError) -> String {
        var sent: [OwnedDescriptor] = []
        if let source {
            let (input, sidecar) = try source.openForDecoder(withSidecar: withSidecar)
            sent = [input] + (sidecar.map { [$0] } ?? [])
        }
        let flag = withFlag ? SealedPixels.makeFlag() : nil
        defer { if let flag { SealedPixels.unmapFlag(UnsafePointer(flag.flag)) } }
        if let flag { sent.append(flag.forDecoder) }
        let (reply, _) = try run(.test(request), file: source?.poolKey, descriptors: sent)
        guard case .tested(let outcome) = reply else { throw .decoderStopped }
        guard let flag else { return outcome }
        RenderCancellation(sharing: flag.flag).cancel()
        var status = stat()
        let size = fstat(flag.forDecoder.fd, &status) == 0 ? "\(status.st_size)" : "unknown"
        return outcome + "; the flag set, \(size) bytes"
    }
}
