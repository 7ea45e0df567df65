/// Punycode (RFC 3492), the encoding that turns a non-ASCII domain label into its `xn--` form.
enum XPunycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    /// The encoded label without the `xn--` prefix, in lower case.
    static func encode(_ scalars: [Unicode.Scalar]) -> String {
        let codes = scalars.map { Int($0.value) }
        var output = String(String.UnicodeScalarView(scalars.filter(\.isASCII))).lowercased()
        let basicCount = output.unicodeScalars.count
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias, handled = basicCount
        while handled < codes.count {
            let next = codes.filter { $0 >= n }.min() ?? n
            delta += (next - n) * (handled + 1)
            n = next
            for code in codes {
                if code < n { delta += 1 }
                guard code == n else { continue }
                output += digits(for: delta, bias: bias)
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The generalized variable-length integer for `value` (RFC 3492 section 6.3).
    private static func digits(for value: Int, bias: Int) -> String {
        var result = "", q = value, k = base
        while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            result.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
        }
        result.append(digit(q))
        return result
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
