// A symmetric 3×3 matrix's eigenvector of least eigenvalue (Jacobi's rotations): the point all lines pass nearest.

/// A symmetric 3×3 matrix, entries row by row.
struct SymmetricMatrix3 {
    var m: [Double] = [Double](repeating: 0, count: 9)

    /// Adds weight · v·vᵀ.
    mutating func add(_ v: Vector3, weight: Double) {
        let c = [v.x, v.y, v.z]
        for i in 0..<3 {
            for j in 0..<3 { m[i * 3 + j] += weight * c[i] * c[j] }
        }
    }

    /// The unit eigenvector of the smallest eigenvalue: the v of length 1 that makes vᵀ·M·v least.
    /// Jacobi's method: rotations that each zero one off-diagonal entry, repeated until all are
    /// negligible (a few sweeps for a 3×3), their product holding the eigenvectors as columns.
    func smallestEigenvector() -> Vector3? {
        guard m.allSatisfy(\.isFinite) else { return nil }
        var a = m
        var v: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        for _ in 0..<50 {
            let off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5]
            let scale = a[0] * a[0] + a[4] * a[4] + a[8] * a[8] + off
            if off <= 1e-30 * scale || off == 0 { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where a[p * 3 + q] != 0 {
                // The rotation in the p–q plane that zeroes a[p][q] (Numerical Recipes' stable form).
                let theta = (a[q * 3 + q] - a[p * 3 + p]) / (2 * a[p * 3 + q])
                let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot(), s = t * c
                for k in 0..<3 {
                    let akp = a[k * 3 + p], akq = a[k * 3 + q]
                    a[k * 3 + p] = c * akp - s * akq
                    a[k * 3 + q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let apk = a[p * 3 + k], aqk = a[q * 3 + k]
                    a[p * 3 + k] = c * apk - s * aqk
                    a[q * 3 + k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let vkp = v[k * 3 + p], vkq = v[k * 3 + q]
                    v[k * 3 + p] = c * vkp - s * vkq
                    v[k * 3 + q] = s * vkp + c * vkq
                }
            }
        }
        let smallest = [0, 1, 2].min { a[$0 * 3 + $0] < a[$1 * 3 + $1] }!
        let vector = Vector3(v[smallest], v[3 + smallest], v[6 + smallest])
        let length = vector.length
        return length > 0 && length.isFinite ? vector * (1 / length) : nil
    }
}
