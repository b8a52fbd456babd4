// libFuzzer's entry point: FUZZ_TARGET names which of our parsers each input is fed to.

import Foundation

/// The parser every input of this run goes to, named once from the environment.
private let target: (@Sendable ([UInt8]) -> Void)? = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let run = FuzzTargets.all[name] else {
        FileHandle.standardError.write(
            Data("FUZZ_TARGET must be one of: \(FuzzTargets.all.keys.sorted().joined(separator: " "))\n".utf8))
        exit(2)
    }
    return run
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target?(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
