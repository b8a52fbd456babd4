// Test builds only: a decoder answering as one taken over by a picture would, for the tests of what the editor believes.

#if DECODER_TEST_REQUESTS
    import CDecoderSupport
    import Decoding
    import Foundation
    import Glibc

    /// The harness's `CROP_EDITOR_DECODER_HOSTILE` modes (`HostileDecoder`), and the requests that
    /// read, cut and write what the decoder holds. Only `DecoderTestRequests` calls these, once it
    /// has checked the harness started this decoder.
    enum Hostile {
        static let mode = ProcessInfo.processInfo.environment[HostileDecoder.variable].flatMap(HostileDecoder.init)

        /// Before each job: what the mode does to the descriptors the job came with, said on standard error.
        static func beforeJob() {
            switch mode {
            case .readDescriptors: say("read \(readEveryDescriptor())")
            case .truncateMemfds: say("cut \(truncateMemfds())")
            default: break
            }
        }

        /// One line on standard error (`/dev/null` unless the editor passed its own on).
        private static func say(_ line: String) {
            let text = "crop-editor-decoder: took over: \(line)\n"
            _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }

        /// The descriptors it holds, but its standard streams and its socket.
        private static var held: [Int32] {
            (Int32(4)..<Int32(DecoderLimits.descriptors)).filter { fcntl($0, F_GETFD) >= 0 }
        }

        /// Each descriptor it holds, read from its start: `fdN SIZE bytes: FIRST-BYTES` (printable
        /// ASCII as it is, the rest as `\xNN`), joined by `; `, or `none`.
        static func readEveryDescriptor() -> String {
            let reports = held.map { fd -> String in
                var status = stat()
                let size = fstat(fd, &status) == 0 ? "\(status.st_size)" : "?"
                var bytes = [UInt8](repeating: 0, count: HostileDecoder.reportedBytes)
                let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
                let shown = count < 0 ? "-1 errno \(errno)" : escaped(bytes.prefix(count))
                return "fd\(fd) \(size) bytes: \(shown)"
            }
            return reports.isEmpty ? "none" : reports.joined(separator: "; ")
        }

        private static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
            // Backslash and semicolon escaped too: "; fd" then only ever separates two descriptors.
            bytes.map {
                (0x20..<0x7f).contains($0) && $0 != 0x5c && $0 != 0x3b ? String(UnicodeScalar($0)) : String(format: "\\x%02x", $0)
            }
            .joined()
        }

        /// Every memfd it holds (the ones `F_GET_SEALS` answers for) written to, then cut to nothing
        /// (so a mapping of it in the editor would fault past its end).
        static func truncateMemfds() -> String {
            // F_GET_SEALS (1034) answers for a memfd only.
            let reports = held.filter { cds_test_fcntl($0, 1034, 0) >= 0 }.map { fd -> String in
                var byte: UInt8 = 0x58
                let written = pwrite(fd, &byte, 1, 0)
                let wrote = written < 0 ? "-1 errno \(errno)" : "\(written)"
                let cut = ftruncate(fd, 0) == 0 ? "0" : "-1 errno \(errno)"
                return "fd\(fd) write \(wrote) ftruncate \(cut)"
            }
            return reports.isEmpty ? "no memfd" : reports.joined(separator: "; ")
        }

        /// Under `undecodable-reply`, or for the request of that name: bytes that are no message, with
        /// four memfds of `largeMemfd` written bytes each; under `forged-replies`, Find Photos' and a
        /// kept crop's jobs answered with the harness's bytes, and a job of several exports with them
        /// and the memfd of the results it made. nil: answer as usual.
        static func answer(to message: ReceivedMessage) -> (bytes: [UInt8], descriptors: [Int32])? {
            let request = MessageCoding.decode(DecoderRequest.self, message.bytes)
            if mode == .forgedReplies, let forged = ProcessInfo.processInfo.environment[HostileDecoder.forgedVariable] {
                // Each job its own kind of reply: a window opening a picture asks for a kept crop too.
                switch request {
                case .findPhotos where forged.hasPrefix(#"{"photos""#): return (Array(forged.utf8), [])
                case .storedCrop where forged.hasPrefix(#"{"storedCrop""#): return (Array(forged.utf8), [])
                case .exportFrames where forged.hasPrefix(#"{"exportedFrames""#):
                    // The results' own memfd, made honestly, under the forged words.
                    return (Array(forged.utf8), DecoderJobs.run(message).1)
                default: break
                }
            }
            let asked = request.map {
                if case .test(.undecodableReply) = $0 { return true }
                return false
            }
            guard mode == .undecodableReply || asked == true else { return nil }
            let chunk = [UInt8](repeating: 0x5a, count: 1 << 20)
            let memfds = (0..<4).map { _ in cds_result_memfd() }.filter { $0 >= 0 }
            for fd in memfds {
                for _ in 0..<(HostileDecoder.largeMemfd >> 20) {
                    _ = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                }
            }
            return (Array("{not a message".utf8), memfds)
        }

        /// `reply` encoded with every size, count, offset and angle in it 2^62.
        static func huge(_ reply: DecoderReply) -> [UInt8] {
            let encoded = MessageCoding.encode(reply)
            guard let tree = MessageCoding.decode(JSONTree.self, encoded) else { return encoded }
            return MessageCoding.encode(tree.enlarged(under: nil))
        }
    }

    /// Any JSON, to change the numbers of a reply without knowing its shape.
    private indirect enum JSONTree: Codable {
        case object([String: JSONTree]), array([JSONTree]), string(String), whole(Int), real(Double), truth(Bool), null

        /// The names of a reply's sizes, counts, offsets and angles.
        static let sizes: Set<String> = [
            "width", "height", "storedWidth", "storedHeight", "x", "y", "mcuWidth", "mcuHeight", "hundredths", "bands",
            "bitsPerSample",
        ]

        /// The tree with every whole number under one of `sizes` 2^62.
        func enlarged(under key: String?) -> JSONTree {
            switch self {
            case .object(let members):
                return .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.enlarged(under: $0.key)) }))
            case .array(let items): return .array(items.map { $0.enlarged(under: key) })
            case .whole where key.map(Self.sizes.contains) == true: return .whole(HostileDecoder.hugeNumber)
            default: return self
            }
        }

        init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .truth(value)
            } else if let value = try? single.decode(Int.self) {
                self = .whole(value)
            } else if let value = try? single.decode(Double.self) {
                self = .real(value)
            } else if let value = try? single.decode(String.self) {
                self = .string(value)
            } else if let value = try? single.decode([JSONTree].self) {
                self = .array(value)
            } else {
                self = .object(try single.decode([String: JSONTree].self))
            }
        }

        func encode(to encoder: Encoder) throws {
            var single = encoder.singleValueContainer()
            switch self {
            case .object(let value): try single.encode(value)
            case .array(let value): try single.encode(value)
            case .string(let value): try single.encode(value)
            case .whole(let value): try single.encode(value)
            case .real(let value): try single.encode(value)
            case .truth(let value): try single.encode(value)
            case .null: try single.encodeNil()
            }
        }
    }
#endif
