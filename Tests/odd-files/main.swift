// `odd-files DIR`: makes the tests' odd files in DIR and lists them with what the app must do, for measuring by hand.

import Foundation
import OddFiles

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: odd-files DIR\n".utf8))
    exit(2)
}
do {
    for file in try OddFiles.make(in: CommandLine.arguments[1]) { print("\(file.kind)\t\(file.path)") }
} catch {
    FileHandle.standardError.write(Data("odd-files: \(error)\n".utf8))
    exit(1)
}
