/// `value` rounded to `digits` decimals, as Swift prints a Double ("0.84", "12.5", "100.0").
/// For metadata values: short, exact enough, and parsed back by any reader.
func decimalText(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((value * scale).rounded() / scale)
}
