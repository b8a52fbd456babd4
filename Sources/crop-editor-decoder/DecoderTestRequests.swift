// Test builds only: what the confinement must refuse, tried on request as a taken-over decoder would.

import CDecoderSupport
import Decoding
import Foundation
import Glibc
import Imaging

enum DecoderTestRequests {
    /// Whether this decoder obeys test requests: a debug build started by the test harness
    /// (`CROP_EDITOR_DECODER_TEST_REQUESTS=1`).
    static var obeyed: Bool {
        #if DECODER_TEST_REQUESTS
            return ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_TEST_REQUESTS"] == "1"
        #else
            return false
        #endif
    }

    /// The outcome of the call: "-1 errno N" when it failed; a call the filter does not allow
    /// ends the process instead, and no outcome is sent. Release builds, and a decoder the test
    /// harness did not start, only say they refuse.
    static func attempt(_ request: DecoderTestRequest) -> String {
        #if DECODER_TEST_REQUESTS
            guard obeyed else { return "refused: not started by the test harness" }
            return TakenOver.attempt(request)
        #else
            return "refused: not a test build"
        #endif
    }

    /// Before a job, when the harness set `CROP_EDITOR_DECODER_TAKEOVER=PATH`: every way out that
    /// does not end the process, tried as a decoder taken over by the job's picture would, aimed at
    /// PATH, a file of the test's (the job then runs as usual, so the tests see what the attempts
    /// changed outside: nothing).
    static func actTakenOver() {
        #if DECODER_TEST_REQUESTS
            guard obeyed else { return }
            Hostile.beforeJob()
            guard TakenOver.victim != nil else { return }
            for request in DecoderTestRequest.takeover { _ = TakenOver.attempt(request) }
        #endif
    }

    /// Under the harness's `CROP_EDITOR_DECODER_HOSTILE=undecodable-reply`, or asked by a test request:
    /// the bytes and descriptors sent instead of an answer to `message`; nil otherwise.
    static func hostileAnswer(to message: ReceivedMessage) -> (bytes: [UInt8], descriptors: [Int32])? {
        #if DECODER_TEST_REQUESTS
            guard obeyed else { return nil }
            return Hostile.answer(to: message)
        #else
            return nil
        #endif
    }

    /// `reply` as it is sent: every number in it 2^62 under `huge-sizes`.
    static func encode(_ reply: DecoderReply) -> [UInt8] {
        #if DECODER_TEST_REQUESTS
            if obeyed, Hostile.mode == .hugeSizes { return Hostile.huge(reply) }
        #endif
        return MessageCoding.encode(reply)
    }

    /// `request` as this decoder runs it: under `resized-renders`, a rectified region made one pixel
    /// wider and taller than asked (its pixels and its reply agreeing with each other, not with the request).
    static func asRun(_ request: DecoderRequest) -> DecoderRequest {
        #if DECODER_TEST_REQUESTS
            if obeyed, Hostile.mode == .resizedRenders,
                case .rectifiedRegion(let info, let transform, let rectification, let region, let width, let height) = request
            {
                return .rectifiedRegion(
                    info: info, transform: transform, rectification: rectification, region: region, width: width + 1,
                    height: height + 1)
            }
        #endif
        return request
    }

    /// `result` as answered: a sidecar's existing one said unreadable under `unreadable`.
    static func unreadable(_ result: (DecoderReply, [Int32])) -> (DecoderReply, [Int32]) {
        #if DECODER_TEST_REQUESTS
            if obeyed, Hostile.mode == .unreadable, case .sidecarWritten = result.0 {
                return (.sidecarWritten(existingUnreadable: true), result.1)
            }
        #endif
        return result
    }
}

#if DECODER_TEST_REQUESTS
    /// The attempts themselves, through the system calls directly (not the libraries' wrappers, which
    /// CDecoderFiles answers for the names it knows).
    private enum TakenOver {
        /// The file the attempts aim at: the harness's, or one every system has.
        static var victim: String? { ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_TAKEOVER"] }
        static var target: String { victim ?? "/etc/passwd" }

        static func attempt(_ request: DecoderTestRequest) -> String {
            switch request {
            case .openFile:
                let fd = open(target, O_RDWR)
                return fd < 0 ? "-1 errno \(errno)" : "opened \(fd)"
            case .socket:
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                return fd < 0 ? "-1 errno \(errno)" : "socket \(fd)"
            case .exec:
                var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
                execv("/bin/true", &arguments)
                return "-1 errno \(errno)"
            case .fork:
                let child = fork()
                if child == 0 { _exit(0) }
                return child < 0 ? "-1 errno \(errno)" : "forked \(child)"
            case .spin:
                var counter: UInt64 = 0
                while true {
                    counter &+= 1
                    if counter == 0 { break }
                }
                return "spun"
            case .forgeFrames: return forgeFrames()
            case .signalOthers: return signalOthers()
            case .statPaths: return statPaths()
            case .executableMemory: return executableMemory()
            case .raiseLimits: return raiseLimits()
            case .writeEverywhere: return writeEverywhere()
            case .readEveryDescriptor: return Hostile.readEveryDescriptor()
            case .truncateMemfds: return Hostile.truncateMemfds()
            case .undecodableReply: return "answered by the main loop"
            case .countWholeDecodes: return "\(DecodedPicture.wholeDecodes)"
            }
        }

        /// Outcomes joined: "-1 errno N" for each call that failed, else what it did.
        private static func outcome(_ result: Int, _ what: String) -> String {
            result < 0 ? "\(what) -1 errno \(errno)" : "\(what) \(result)"
        }

        /// A batch worker's frame naming a file to remove, then a broken length, on 0, 1 and 2 (a
        /// worker's standard input and output were once its socket to the batch).
        private static func forgeFrames() -> String {
            let body = Array(#"{"temporary":{"_0":"\#(target)"}}"#.utf8)
            let length = UInt32(body.count)
            let frame = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * UInt32($0))) } + body + [0xff, 0xff, 0xff, 0x7f]
            return (0...2).map { fd in
                outcome(frame.withUnsafeBytes { write(Int32(fd), $0.baseAddress, $0.count) }, "fd\(fd)")
            }.joined(separator: ", ")
        }

        /// The kernel signals a descriptor's owner when data arrives: owner set to the parent and to
        /// the group of that number (a process group the parent may lead), a signal chosen, O_ASYNC on the socket.
        private static func signalOthers() -> String {
            // The editor's pid, as it started us (getppid is not among the calls allowed).
            let parent = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1 : 1
            return [
                outcome(Int(cds_test_fcntl(3, 8 /* F_SETOWN */, parent)), "setown"),
                outcome(Int(cds_test_fcntl(3, 8 /* F_SETOWN */, -parent)), "setown-group"),
                outcome(Int(cds_test_fcntl(3, 10 /* F_SETSIG */, Int(SIGKILL))), "setsig"),
                outcome(Int(cds_test_fcntl(3, F_SETFL, Int(O_ASYNC | O_NONBLOCK))), "async"),
            ].joined(separator: ", ")
        }

        /// What a path is: stat and statx of the target, with and without AT_EMPTY_PATH.
        private static func statPaths() -> String {
            [
                outcome(cds_test_stat(target, 0), "newfstatat"),
                outcome(cds_test_stat(target, 0x1000 /* AT_EMPTY_PATH */), "newfstatat-empty-path"),
                outcome(cds_test_statx(target, 0), "statx"),
                outcome(cds_test_statx(target, 0x1000), "statx-empty-path"),
            ].joined(separator: ", ")
        }

        /// Memory to run code of its own: a new executable mapping, and an existing page made executable.
        private static func executableMemory() -> String {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let mapped = mmap(nil, page, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            let mapping = mapped == MAP_FAILED ? "mmap -1 errno \(errno)" : "mmap mapped"
            let writable = mmap(nil, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let writable, writable != MAP_FAILED else { return mapping + ", mprotect untried" }
            defer { munmap(writable, page) }
            return mapping + ", " + outcome(Int(mprotect(writable, page, PROT_READ | PROT_EXEC)), "mprotect")
        }

        /// More processor time, more memory.
        private static func raiseLimits() -> String {
            var more = rlimit(rlim_cur: rlim_t.max, rlim_max: rlim_t.max)
            return [
                outcome(Int(cds_test_prlimit(0 /* RLIMIT_CPU */, &more)), "prlimit-cpu"),
                outcome(Int(cds_test_prlimit(9 /* RLIMIT_AS */, &more)), "prlimit-as"),
            ].joined(separator: ", ")
        }

        /// A byte to every descriptor but the socket: what it holds now or held before (a result it
        /// once wrote, a sidecar) must take nothing.
        private static func writeEverywhere() -> String {
            var written: [String] = []
            for fd in Int32(0)..<Int32(DecoderLimits.descriptors) where fd != 3 {
                var byte: UInt8 = 0x58
                if write(fd, &byte, 1) == 1 { written.append("fd\(fd)") }
            }
            return "wrote to " + (written.isEmpty ? "none" : written.joined(separator: " "))
        }
    }
#endif
