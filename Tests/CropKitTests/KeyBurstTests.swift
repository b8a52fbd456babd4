// A burst of key presses (a key held down): quick frames while it lasts, the sharp frame once no press came for the settle delay.

import Testing

@testable import CropKit

@Suite struct KeyBurstTests {
    let start = ContinuousClock.now

    @Test func nothingPressedIsSettled() {
        let keys = KeyBurst()
        #expect(!keys.isActive)
        #expect(keys.isSettled(at: start))
    }

    @Test func onePressIsABurstOfOneThatSettlesAfterTheDelay() {
        var keys = KeyBurst()
        keys.press(at: start)
        #expect(keys.isActive)
        #expect(!keys.isSettled(at: start + KeyBurst.settleDelay - .milliseconds(1)))
        keys.settle(at: start + .milliseconds(10))
        #expect(keys.isActive, "settling too early changes nothing")
        keys.settle(at: start + KeyBurst.settleDelay)
        #expect(!keys.isActive)
        #expect(keys.isSettled(at: start + KeyBurst.settleDelay))
    }

    /// The first press is a burst of one (the keyboard waits 500 ms before repeating); its repeats, 30 ms
    /// apart, are one burst that never settles between two of them.
    @Test func aHeldKeyNeverSettlesBetweenTwoRepeats() {
        var keys = KeyBurst()
        keys.press(at: start)
        #expect(keys.isSettled(at: start + .milliseconds(500)), "the sharp frame comes before the repeats start")
        for k in 0..<60 {
            let at = start + .milliseconds(500 + 30 * k)
            if k > 0 { #expect(!keys.isSettled(at: at), "settled before repeat \(k)") }
            keys.settle(at: at)
            keys.press(at: at)
            #expect(keys.isActive)
        }
        let last = start + .milliseconds(500 + 30 * 59)
        #expect(!keys.isSettled(at: last + .milliseconds(149)))
        #expect(keys.isSettled(at: last + .milliseconds(150)))
    }
}
