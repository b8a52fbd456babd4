// Test builds only: what the confinement must refuse, tried on request (never reachable from a file's content).

import Decoding
import Foundation
import Glibc

enum DecoderTestRequests {
    /// The outcome of the call: "-1 errno N" when it failed; a call the filter does not allow
    /// ends the process instead, and no outcome is sent. Release builds, and a decoder the test
    /// harness did not start (`CROP_EDITOR_DECODER_TEST_REQUESTS=1`), only say they refuse.
    static func attempt(_ request: DecoderTestRequest) -> String {
        #if DECODER_TEST_REQUESTS
            guard ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_TEST_REQUESTS"] == "1" else {
                return "refused: not started by the test harness"
            }
            switch request {
            case .openFile:
                let fd = open("/etc/passwd", O_RDONLY)
                return fd < 0 ? "-1 errno \(errno)" : "opened \(fd)"
            case .socket:
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                return fd < 0 ? "-1 errno \(errno)" : "socket \(fd)"
            case .exec:
                var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
                execv("/bin/true", &arguments)
                return "-1 errno \(errno)"
            case .spin:
                var counter: UInt64 = 0
                while true {
                    counter &+= 1
                    if counter == 0 { break }
                }
                return "spun"
            }
        #else
            return "refused: not a test build"
        #endif
    }
}
