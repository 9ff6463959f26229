#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C math library, named once here so other files need no platform conditionals.
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func naturalLog(_ x: Double) -> Double { log(x) }
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// Degrees to radians.
@inline(__always)
func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

/// Radians to degrees.
@inline(__always)
func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

/// Standard gravity, m/s² (the true gravity of the simulated world; the simulated sensor may
/// read it differently, see ``SensorImperfections``).
let standardGravity = 9.80665
