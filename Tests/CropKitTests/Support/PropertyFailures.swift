// Collects broken cases from a property run so one `#expect` reports them, instead of paying for one per operation.
struct PropertyFailures: CustomStringConvertible {
    private(set) var count = 0
    private(set) var examples: [String] = []

    var isEmpty: Bool { count == 0 }

    mutating func check(_ holds: Bool, _ example: @autoclosure () -> String) {
        guard !holds else { return }
        count += 1
        if examples.count < 8 { examples.append(example()) }
    }

    var description: String { "\(count) failures, e.g.:\n" + examples.joined(separator: "\n") }
}
