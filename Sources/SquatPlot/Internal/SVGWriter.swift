/// Builds an SVG document as text: elements appended in drawing order (later on top).
/// Numbers are written with one decimal (a tenth of a pixel is below what any screen shows),
/// text is XML-escaped.
struct SVGWriter {
    private(set) var body = ""
    let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        body.reserveCapacity(256 * 1024)
    }

    /// The finished document.
    var document: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <rect x="0" y="0" width="\(n(width))" height="\(n(height))" fill="white"/>
        \(body)</svg>

        """
    }

    /// Appends raw markup (already escaped).
    mutating func raw(_ markup: String) { body += markup; body += "\n" }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                       opacity: Double = 1, extra: String = "") {
        raw("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(width, 0)))\" height=\"\(n(max(height, 0)))\" fill=\"\(fill)\""
            + (opacity < 1 ? " fill-opacity=\"\(n2(opacity))\"" : "") + (extra.isEmpty ? "" : " " + extra) + "/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
                       width: Double = 1, dash: String? = nil) {
        raw("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n2(width))\""
            + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>")
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double,
                           dash: String? = nil, cssClass: String? = nil) {
        guard !points.isEmpty else { return }
        var text = "<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n2(width))\" stroke-linejoin=\"round\""
        if let dash { text += " stroke-dasharray=\"\(dash)\"" }
        if let cssClass { text += " class=\"\(cssClass)\"" }
        text += " points=\""
        for (i, p) in points.enumerated() {
            if i > 0 { text += " " }
            text += n(p.x); text += ","; text += n(p.y)
        }
        raw(text + "\"/>")
    }

    /// Text anchored at (x, y) (baseline); `anchor` is start, middle or end.
    mutating func text(_ string: String, x: Double, y: Double, size: Double = 12, anchor: String = "start",
                       fill: String = "#222", weight: String? = nil, rotate: Bool = false) {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if rotate { attributes += " transform=\"rotate(-90 \(n(x)) \(n(y)))\"" }
        raw("<text \(attributes)>\(escaped(string))</text>")
    }

    /// `string` safe inside XML text and attribute values.
    func escaped(_ string: String) -> String {
        var out = ""
        for ch in string {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 allows no control characters but tab, LF and CR, even escaped (a file
            // name may hold any byte but / and NUL).
            case _ where ch.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }:
                out += "\u{FFFD}"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A coordinate with one decimal.
    func n(_ v: Double) -> String { Self.decimal(v, scale: 10) }
    /// A width or opacity with two decimals.
    func n2(_ v: Double) -> String { Self.decimal(v, scale: 100) }

    /// Whether a rectangle `width` pixels wide is written with width 0, which SVG does not
    /// draw at all (what ``rect(x:y:width:height:fill:opacity:extra:)`` writes; no allocation).
    static func drawsNothing(width: Double) -> Bool {
        let w = max(width, 0)
        return !w.isFinite || (min(w, 1e15) * 10).rounded() == 0
    }

    /// `v` with at most log10(`scale`) decimals, trailing zeros dropped ("12.5", "-3", "0.05").
    static func decimal(_ v: Double, scale: Int) -> String {
        guard v.isFinite else { return "0" }
        // Clamped far beyond any drawing or label (10¹⁵: epoch seconds and milliseconds stay
        // exact): an absurd value in a recording (1e150 m/s²) must not trap converting to Int.
        let limit = min(1e15, 9e18 / Double(scale))
        let units = Int((min(max(v, -limit), limit) * Double(scale)).rounded())
        let whole = abs(units) / scale, fraction = abs(units) % scale
        let sign = units < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var f = String(fraction)
        while f.count < String(scale).count - 1 { f = "0" + f }
        while f.hasSuffix("0") { f.removeLast() }
        return sign + String(whole) + "." + f
    }
}
