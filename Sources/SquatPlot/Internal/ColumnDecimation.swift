/// Reduces one time series, sample by sample, to what a picture can show: for each column of
/// time, its first, lowest, highest and last point in time order. Memory is a fixed number of
/// columns of 96 bytes (about 115 KB for a file's 1207, 230 KB for a pipe's 2412) whatever the
/// recording's length, and ``append(index:t:value:)``
/// allocates nothing: a 24-hour recording at 100 Hz costs what a 10-second one does.
///
/// Columns are laid out in one of two ways (``Layout``):
/// - ``Layout/pixels(_:)``: the picture's time axis is known before the first sample (a file
///   read twice). Column `i` holds exactly the samples drawn in pixel column `i`, so the points
///   are those a decimation of the whole series at once would pick.
/// - ``Layout/growing``: the span is not known until the last sample (standard input from a
///   pipe). Columns start a microsecond wide at the first sample and merge pairwise whenever a
///   sample falls beyond the last one, so they end between a half and one pixel of the final
///   axis wide, not aligned with its pixels; ``points(x:y:)`` merges those whose first sample
///   is in the same pixel, so a line has as many points as from a file and bends at a
///   different sample only where a column straddles two pixels.
struct ColumnDecimation: Sendable {
    enum Layout: Sendable {
        /// One column per pixel column of `scale`'s range (time in seconds to pixels).
        case pixels(LinearScale)
        /// Columns of a width that doubles as the series grows.
        case growing
    }

    /// One sample of the series: its position in the recording, time (s) and value.
    struct Point: Sendable {
        var index: Int
        var t: Double
        var value: Double
    }

    /// The four points a column keeps; `first.index < 0` marks a column no sample fell in.
    private struct Column: Sendable {
        var first: Point, low: Point, high: Point, last: Point

        static let empty = Column(first: .init(index: -1, t: 0, value: 0), low: .init(index: -1, t: 0, value: 0),
                                  high: .init(index: -1, t: 0, value: 0), last: .init(index: -1, t: 0, value: 0))

        var isEmpty: Bool { first.index < 0 }

        /// `self` followed in time by `later`: the earliest of equal extremes wins, as when
        /// the samples are scanned in order.
        func followed(by later: Column) -> Column {
            if isEmpty { return later }
            if later.isEmpty { return self }
            return Column(first: first, low: later.low.value < low.value ? later.low : low,
                          high: later.high.value > high.value ? later.high : high, last: later.last)
        }
    }

    /// Columns of the growing layout: twice the plot's 1206 pixel columns, so that each ends
    /// half a pixel to a pixel wide (at most; the true reps may widen the axis further).
    static let growingColumns = 2412
    /// Width of a growing layout's columns before the first merge, seconds.
    static let initialWidth = 1e-6

    private let layout: Layout
    private var columns: [Column]
    /// Growing layout: time of the first sample, and the present column width (s).
    private var origin: Double?
    private(set) var width = initialWidth

    init(layout: Layout) {
        self.layout = layout
        switch layout {
        case .pixels(let scale):
            columns = Array(repeating: .empty, count: Int(scale.range.upperBound - scale.range.lowerBound) + 1)
        case .growing:
            columns = Array(repeating: .empty, count: Self.growingColumns)
        }
    }

    /// Adds the sample at position `index` (increasing from call to call), time `t` (s, not
    /// decreasing), with `value`.
    mutating func append(index: Int, t: Double, value: Double) {
        let point = Point(index: index, t: t, value: value)
        let c = column(of: t)
        if columns[c].isEmpty {
            columns[c] = Column(first: point, low: point, high: point, last: point)
            return
        }
        if value < columns[c].low.value { columns[c].low = point }
        if value > columns[c].high.value { columns[c].high = point }
        columns[c].last = point
    }

    /// The kept points in time order, in pixels: for each pixel column of `x`, the first,
    /// lowest, highest and last sample of the columns whose first sample is in it, a sample
    /// that is several of them drawn once. Split into lines where two points are more than
    /// `gap` seconds and 2 pixels apart: no samples came between them (a recording paused,
    /// samples lost), and a line across would draw a movement that nobody measured.
    func lines(x: LinearScale, y: LinearScale, gap: Double) -> [[(x: Double, y: Double)]] {
        var lines: [[(x: Double, y: Double)]] = []
        var line: [(x: Double, y: Double)] = []
        line.reserveCapacity(4 * Int(x.range.upperBound - x.range.lowerBound + 1))
        var lastTime = -Double.infinity
        func add(_ column: Column) {
            var picks = [column.first, column.low, column.high, column.last]
            picks.sort { $0.index < $1.index }
            var previous = -1
            for p in picks where p.index != previous {
                let point = (x: x(p.t), y: y(p.value))
                if let last = line.last, p.t - lastTime > gap, point.x - last.x > 2 {
                    lines.append(line)
                    line.removeAll(keepingCapacity: true)
                }
                line.append(point)
                lastTime = p.t
                previous = p.index
            }
        }
        var pending = Column.empty
        var pendingPixel = 0.0
        for column in columns where !column.isEmpty {
            let pixel = x(column.first.t).rounded(.down)
            if !pending.isEmpty && pixel == pendingPixel {
                pending = pending.followed(by: column)
            } else {
                if !pending.isEmpty { add(pending) }
                pending = column
                pendingPixel = pixel
            }
        }
        if !pending.isEmpty { add(pending) }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private mutating func column(of t: Double) -> Int {
        let last = columns.count - 1
        switch layout {
        case .pixels(let scale):
            // Clamped: a sample outside the axis it was laid out for joins the edge column.
            let position = scale(t).rounded(.down) - scale.range.lowerBound
            return position >= 0 ? (position < Double(last) ? Int(position) : last) : 0
        case .growing:
            let start = origin ?? t
            origin = start
            var position = (t - start) / width
            guard position.isFinite else { return last }
            while position >= Double(columns.count) {
                mergePairs()
                position = (t - start) / width
            }
            return position > 0 ? Int(position) : 0
        }
    }

    /// Halves the number of columns in use by merging neighbours, doubling their width.
    private mutating func mergePairs() {
        let half = columns.count / 2
        for k in 0..<half { columns[k] = columns[2 * k].followed(by: columns[2 * k + 1]) }
        for k in half..<columns.count { columns[k] = .empty }
        width *= 2
    }
}
