// The one thread that starts decoders, never ending: a child set to die with its parent dies when its starting thread ends.

import Foundation

/// Runs start-ups one at a time on a thread of its own that never ends. Linux's parent-death
/// signal (`PR_SET_PDEATHSIG`, which every decoder sets) fires when the *thread* that spawned the
/// child exits, not the process: a decoder started from a short-lived job thread would be killed
/// with it. Spawning from here keeps every decoder alive exactly as long as the editor.
final class Spawner: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [() -> Void] = []

    init() {
        let thread = Thread { [condition] in
            while true {
                condition.lock()
                while self.queue.isEmpty { condition.wait() }
                let work = self.queue.removeFirst()
                condition.unlock()
                work()
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Runs `work` on the spawner's thread and waits for its result.
    func spawn<Value>(_ work: @escaping () -> Value) -> Value {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var value: Value?
        enqueue {
            value = work()
            done.signal()
        }
        done.wait()
        return value!
    }

    /// Runs `work` on the spawner's thread, then `then` with its result there.
    func spawnInBackground<Value>(_ work: @escaping () -> Value, then: @escaping (Value) -> Void) {
        enqueue { then(work()) }
    }

    private func enqueue(_ work: @escaping () -> Void) {
        condition.lock()
        queue.append(work)
        condition.unlock()
        condition.signal()
    }
}
