// A held key told from single presses: repeats within the window are quick, the sharp frame comes once the key has been let go.

import Testing

@testable import CropKit

@Suite struct KeyRepeatTests {
    let start = ContinuousClock.now

    @Test func onePressIsNotARepeatAndIsSettledAtOnce() {
        var keys = KeyRepeat()
        let repeated = keys.press(at: start)
        #expect(!repeated)
        #expect(!keys.isRepeating)
        #expect(keys.isSettled(at: start))
    }

    @Test func pressesAtTheKeyboardsRepeatRateRepeatUntilLetGo() {
        var keys = KeyRepeat()
        keys.press(at: start)
        for k in 1...20 {
            let repeated = keys.press(at: start + .milliseconds(500 + 30 * k))
            #expect(repeated, "press \(k)")
            #expect(!keys.isSettled(at: start + .milliseconds(500 + 30 * k + 20)), "settled between two repeats")
        }
        let last = start + .milliseconds(500 + 30 * 20)
        #expect(!keys.isSettled(at: last + KeyRepeat.settleDelay - .milliseconds(1)))
        keys.settle(at: last + .milliseconds(100))
        #expect(keys.isRepeating, "settling too early changes nothing")
        #expect(keys.isSettled(at: last + KeyRepeat.settleDelay))
        keys.settle(at: last + KeyRepeat.settleDelay)
        #expect(!keys.isRepeating)
    }

    @Test func pressesSlowerThanTheRepeatWindowAreEachSharp() {
        var keys = KeyRepeat()
        for k in 0..<5 {
            let repeated = keys.press(at: start + KeyRepeat.repeatWindow * k + .milliseconds(k))
            #expect(!repeated, "press \(k)")
        }
    }
}
