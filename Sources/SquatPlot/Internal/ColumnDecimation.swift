/// Reduces a time series to what can be seen at a given pixel width: for each pixel column,
/// the first, lowest, highest and last point in time order. A 1 kHz, 10-minute recording
/// becomes a few thousand points and still shows every peak.
func decimated(times: [Double], values: (Int) -> Double, x: LinearScale, y: LinearScale) -> [(x: Double, y: Double)] {
    var out: [(x: Double, y: Double)] = []
    out.reserveCapacity(4 * Int(x.range.upperBound - x.range.lowerBound + 1))
    var i = 0
    while i < times.count {
        let column = x(times[i]).rounded(.down)
        var lowIndex = i, highIndex = i, j = i
        while j < times.count, x(times[j]).rounded(.down) == column {
            if values(j) < values(lowIndex) { lowIndex = j }
            if values(j) > values(highIndex) { highIndex = j }
            j += 1
        }
        var picks = [i, lowIndex, highIndex, j - 1]
        picks.sort()
        var previous = -1
        for k in picks where k != previous {
            out.append((x(times[k]), y(values(k))))
            previous = k
        }
        i = j
    }
    return out
}
