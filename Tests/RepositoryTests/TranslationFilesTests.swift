// Every source file with words to translate is listed for xgettext, so no window sentence escapes the catalogue.

import Foundation
import Testing

@Suite struct TranslationFilesTests {
    /// `make pot` reads only the files po/POTFILES lists: one that calls `tr(` or `trn(` and is missing
    /// there keeps its words in English in every language.
    @Test func everyFileWithWordsToTranslateIsInPOTFILES() {
        let listed = Set(Repository.text("po/POTFILES").split(separator: "\n").map(String.init))
        let callers = Repository.allFiles.filter { path in
            path.hasPrefix("Sources/") && path.hasSuffix(".swift") && path != "Sources/Wording/Localization.swift"
                && Repository.text(path).range(of: #"\btrn?\(""#, options: .regularExpression) != nil
        }
        #expect(callers.count > 20, "the search found too few files to be right")
        let missing = callers.filter { !listed.contains($0) }
        #expect(missing.isEmpty, "not in po/POTFILES: \(missing)")
    }
}
