extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let head = drop(while: isSpace)
        var end = head.endIndex
        while end > head.startIndex, isSpace(head[head.index(before: end)]) { end = head.index(before: end) }
        return head[..<end]
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String { String(Substring(self).trimmingSpaces()) }
}

extension Array<UInt8> {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return [] }
        return self[first...last]
    }
}
