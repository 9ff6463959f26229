/// `value` with exactly `digits` decimals ("12.50", "-0.03"), without Foundation.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return "\(value)" }
    let n = Int(scaled), whole = n / Int(scale), fraction = n % Int(scale)
    var text = value < 0 && n != 0 ? "-\(whole)" : "\(whole)"
    if digits > 0 {
        let f = String(fraction)
        text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return text
}
