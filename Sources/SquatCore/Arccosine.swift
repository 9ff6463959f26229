/// acos(x), radians, for x in −1…1 (NaN outside): fdlibm's `__ieee754_acos` (e_acos.c), error
/// below one unit in the last place.
///
/// The tilt of every sample of a thigh, calf or upper-arm sensor is an arccosine, and glibc's
/// `acos` took a third of the time of a whole detector step (about 17 of 55 ns): it works in
/// double-double arithmetic behind branches on the range of x, which the noise of a sensor near
/// standing keeps crossing. This one has three branches and one rational approximation. It differs from glibc's by one unit in
/// the last place for about 1 sample in 200 of a tilt signal (10⁻¹⁶ of a degree); no count of
/// any test, recording or benchmark changes.
///
/// Ported from FreeBSD msun `e_acos.c`, which carries this notice:
///
///     Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
///
///     Developed at SunSoft, a Sun Microsystems, Inc. business.
///     Permission to use, copy, modify, and distribute this
///     software is freely granted, provided that this notice
///     is preserved.
@inlinable @inline(__always)
func arccosine(_ x: Double) -> Double {
    let halfPiHigh = 1.57079632679489655800e+00, halfPiLow = 6.12323399573676603587e-17
    let pi = 3.14159265358979311600e+00
    if x >= 1 { return x == 1 ? 0 : .nan }
    if x <= -1 { return x == -1 ? pi + 2 * halfPiLow : .nan }
    if abs(x) < 0.5 {
        return halfPiHigh - (x - (halfPiLow - x * arcsineRatio(x * x)))
    }
    if x < 0 {
        // acos(x) = π − 2·asin(√((1 + x)/2))
        let z = (1 + x) * 0.5
        let s = z.squareRoot()
        let w = arcsineRatio(z) * s - halfPiLow
        return pi - 2 * (s + w)
    }
    // acos(x) = 2·asin(√((1 − x)/2)), with √ split into a head of 26 bits and a tail.
    let z = (1 - x) * 0.5
    let s = z.squareRoot()
    let head = Double(bitPattern: s.bitPattern & 0xffff_ffff_0000_0000)
    let tail = (z - head * head) / (s + head)
    let w = arcsineRatio(z) * s + tail
    return 2 * (head + w)
}

/// fdlibm's rational approximation R(z) with asin(√z) ≈ √z + √z·R(z), for z in 0…0.25 (its error
/// is below 2^-58.75).
@inlinable
func arcsineRatio(_ z: Double) -> Double {
    let p = z * (1.66666666666666657415e-01 + z * (-3.25565818622400915405e-01 + z * (2.01212532134862925881e-01
        + z * (-4.00555345006794114027e-02 + z * (7.91534994289814532176e-04 + z * 3.47933107596021167570e-05)))))
    let q = 1 + z * (-2.40339491173441421878e+00 + z * (2.02094576023350569471e+00
        + z * (-6.88283971605453293030e-01 + z * 7.70381505559019352791e-02)))
    return p / q
}
