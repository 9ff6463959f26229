extension BidirectionalCollection {
    /// Without the leading and trailing elements `isSpace` matches.
    func trimming(while isSpace: (Element) -> Bool) -> SubSequence {
        let head = drop(while: isSpace)
        var end = head.endIndex
        while end > head.startIndex, isSpace(head[head.index(before: end)]) { end = head.index(before: end) }
        return head[..<end]
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring { trimming { $0 == " " || $0 == "\t" } }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String { String(Substring(self).trimmingSpaces()) }
}

extension Array<UInt8> {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> ArraySlice<UInt8> { trimming { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
}
