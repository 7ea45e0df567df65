/// Random numbers drawn from a route: the same route always gives the same ones, in any process (FNV-1a over its
/// coordinates' bits seeds a SplitMix64), and a route with other points gives others. What a privacy cut hides is
/// part of the seed, so the cut cannot be worked out from what is drawn.
struct RouteSeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(_ route: [Coordinate]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for point in route {
            for bits in [point.latitude.bitPattern, point.longitude.bitPattern] {
                for shift in stride(from: 0, to: 64, by: 8) {
                    hash ^= (bits >> UInt64(shift)) & 0xff
                    hash = hash &* 0x100_0000_01b3
                }
            }
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
