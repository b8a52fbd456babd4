// `-` as IMAGE and `--output=-` through real pipes: byte for byte the crop made through files, nothing written on a failure.

import Foundation
import Glibc
import OddFiles
import Testing

@testable import TestSupport

/// One run of crop-editor with `input` piped into its standard input (by a writer thread, so a
/// reader that stops early is seen as it is) and its standard output read whole, as bytes.
struct PipedRun {
    let status: Int32
    let exited: Bool
    let output: Data
    let errorLines: [String]

    /// `closeOutput`: the reading end of standard output is closed before the program starts (the
    /// reader went away: its writes fail with EPIPE).
    init(
        _ arguments: [String], input: Data?, in workspace: Workspace, closeOutput: Bool = false
    ) throws {
        let process = Process()
        process.executableURL = CropEditorProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = workspace.root
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        let errURL = workspace.logs.appendingPathComponent("\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        process.standardOutput = stdout
        process.standardError = err
        if closeOutput { try stdout.fileHandleForReading.close() }
        try process.run()
        // The writer stops quietly when the program stops reading (its end of the pipe closes).
        signal(SIGPIPE, SIG_IGN)
        if let input {
            let writing = stdin.fileHandleForWriting
            Thread.detachNewThread {
                input.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let written = write(writing.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if written < 0, errno == EINTR { continue }
                        guard written > 0 else { break }
                        offset += written
                    }
                }
                try? writing.close()
            }
        }
        output = closeOutput ? Data() : stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        status = process.terminationStatus
        exited = process.terminationReason == .exit
        var lines = String(decoding: try Data(contentsOf: errURL), as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        errorLines = lines
    }
}

extension HeadlessBinaryTests {
    @Suite struct Pipes {
        @Test(arguments: [
            ["--crop=120x80+30+20", "--format=png"], ["--crop=trim", "--format=png"],
            ["--crop=trim", "--aspect=1:1", "--format=webp"], ["--crop=50%x50%+10+10", "--format=jpg", "--quality=80"],
        ])
        func standardInAndOutAreTheSameCropAsFiles(_ options: [String]) throws {
            let w = try Workspace()
            try GeneratedScreenshot.plainBorder.make(at: w.url("in/shot.png").path)
            let format = options.first { $0.hasPrefix("--format=") }!.dropFirst("--format=".count)
            let fileOptions = options.filter { !$0.hasPrefix("--format=") }
            let viaFiles = try w.run(fileOptions + ["--output=out/file.\(format)", "in/shot.png"])
            #expect(viaFiles.status == 0, "\(viaFiles.errorLines)")
            let expected = try Data(contentsOf: w.url("out/file.\(format)"))
            let input = try Data(contentsOf: w.url("in/shot.png"))
            // Both ends piped.
            let piped = try PipedRun(options + ["--output=-", "-"], input: input, in: w)
            #expect(piped.status == 0 && piped.errorLines.isEmpty, "\(piped.errorLines)")
            #expect(piped.output == expected)
            // Standard input to a file, and a file to standard output.
            let toFile = try PipedRun(fileOptions + ["--output=out/piped.\(format)", "-"], input: input, in: w)
            #expect(toFile.status == 0 && toFile.output.isEmpty)
            #expect(try Data(contentsOf: w.url("out/piped.\(format)")) == expected)
            let fromFile = try PipedRun(options + ["--output=-", "in/shot.png"], input: nil, in: w)
            #expect(fromFile.status == 0 && fromFile.output == expected)
            // cmp, as a script would check it.
            try piped.output.write(to: w.url("out/piped-both.\(format)"))
            try Tool.run("cmp", [w.url("out/file.\(format)").path, w.url("out/piped-both.\(format)").path])
        }

        @Test func aBadPictureOnStandardInputIsOneLineAndNothingOnStandardOutput() throws {
            let w = try Workspace()
            let cut = try Data(contentsOf: try w.picture("in/photo.png")).prefix(300)
            for input in [Data("not a picture at all".utf8), cut, Data()] {
                let run = try PipedRun(["--crop=10x10+0+0", "--format=png", "--output=-", "-"], input: input, in: w)
                #expect(run.exited && run.status == 1)
                #expect(run.output.isEmpty)
                #expect(
                    run.errorLines.count == 1 && run.errorLines[0].hasPrefix("crop-editor: standard input: "), "\(run.errorLines)"
                )
            }
            let empty = try PipedRun(["--crop=10x10+0+0", "--format=png", "--output=-", "-"], input: Data(), in: w)
            #expect(empty.errorLines == ["crop-editor: standard input: nothing came through standard input"])
            // A crop outside the picture fails after the picture was read: still nothing on standard output.
            let input = try Data(contentsOf: try w.picture("in/small.png", size: "40x30"))
            let outside = try PipedRun(["--crop=100x100+0+0", "--format=png", "--output=-", "-"], input: input, in: w)
            #expect(outside.status != 0 && outside.output.isEmpty && outside.errorLines.count == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("out").path).isEmpty)
        }

        @Test func theCommandLinesThatCannotWorkAreRefused() throws {
            let w = try Workspace()
            let picture = try w.picture("in/photo.png")
            let input = try Data(contentsOf: picture)
            let refused: [([String], String)] = [
                (
                    ["--crop=10x10+0+0", "--output=-", "-"],
                    "crop-editor: standard input: --output=- writes to standard output, which has no name to choose the format: give --format"
                ),
                (
                    ["--crop=10x10+0+0", "--output-dir=out", "-", "in/photo.png"],
                    "crop-editor: - (standard input) can be the only IMAGE, never one of several or of an --output-dir batch"
                ),
                (
                    ["--crop=10x10+0+0", "--output-dir=out", "-"],
                    "crop-editor: - (standard input) can be the only IMAGE, never one of several or of an --output-dir batch"
                ),
                (
                    ["--crop=10x10+0+0", "--sidecar", "-"],
                    "crop-editor: standard input: --sidecar keeps the crop beside the image's file, and standard input (-) has none"
                ),
                (
                    ["--crop=10x10+0+0", "--format=gif", "--output=-", "-"],
                    "crop-editor: standard input: --format must be png, jpg, webp or tif, not “gif”"
                ),
            ]
            for (arguments, line) in refused {
                let run = try PipedRun(arguments, input: input, in: w)
                #expect(run.status == 2 && run.output.isEmpty && run.errorLines == [line], "\(arguments): \(run.errorLines)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("out").path).isEmpty)
            #expect(!w.exists("in/photo.png.xmp"))
        }

        @Test func standardInputPastTheLimitIsRefused() throws {
            let w = try Workspace()
            // 512 MiB and one more chunk: reading stops at the limit.
            let input = Data(count: (512 << 20) + 65536)
            let run = try PipedRun(["--crop=10x10+0+0", "--format=png", "--output=-", "-"], input: input, in: w)
            #expect(run.status == 1 && run.output.isEmpty)
            #expect(
                run.errorLines == [
                    "crop-editor: standard input: more than 512 MiB came through the pipe, the most a picture read from one may hold"
                ])
        }

        @Test func aReaderThatWentAwayIsOneLineAndNoCrash() throws {
            let w = try Workspace()
            let input = try Data(contentsOf: try w.picture("in/photo.png"))
            let run = try PipedRun(
                ["--crop=200x200+0+0", "--format=png", "--output=-", "-"], input: input, in: w, closeOutput: true)
            #expect(run.exited && run.status == 1)
            #expect(
                run.errorLines == ["crop-editor: standard input: standard output was closed before the whole result was written"])
        }
    }
}
