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
