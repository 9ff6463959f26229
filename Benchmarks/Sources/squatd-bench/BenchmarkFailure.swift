/// Why a benchmark could not run or measure (a program that would not start or failed, a
/// /proc file that could not be read, bad arguments): the text is shown as it is.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}
