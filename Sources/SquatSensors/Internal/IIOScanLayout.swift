/// Where each enabled channel sits in one buffered IIO scan.
///
/// As `iio_compute_scan_bytes` in the kernel's industrialio-buffer.c: the enabled channels in
/// `_index` order, then the timestamp (the kernel keeps it apart from the scan mask and always
/// appends it), each aligned to its own storage size (all its elements: a repeated channel
/// `s32X4` to 16 bytes), and the scan padded to the largest of those, so that a 64-bit timestamp
/// after three 16-bit axes starts at byte 8 and the scan is 16 bytes. The kernel aligns with
/// its `ALIGN` macro, a bit mask that rounds up only for powers of two; a repeat of 3 is not
/// one, and ``kernelAlign(_:to:)`` reproduces what the kernel then does.
struct IIOScanLayout: Sendable, Equatable {
    /// One enabled channel, as read from `scan_elements/`.
    struct Channel: Sendable, Equatable {
        /// Channel name without `in_` and `_en`, e.g. `accel_x` or `timestamp`.
        var name: String
        /// The channel's `_index`.
        var index: Int
        var type: IIOScanType
        /// Byte offset of the channel within a scan.
        var offset: Int

        init(name: String, index: Int, type: IIOScanType, offset: Int = 0) {
            self.name = name
            self.index = index
            self.type = type
            self.offset = offset
        }

        /// Sorts channels into scan order: by index, the timestamp last.
        fileprivate var scanOrder: (Int, Int) { (name == "timestamp" ? 1 : 0, index) }
    }

    /// Channels in scan order, with their offsets filled in.
    private(set) var channels: [Channel]
    /// Bytes per scan.
    private(set) var scanBytes: Int

    /// Orders `enabled` as the kernel does and computes offsets and the scan size.
    init(enabled: [Channel]) {
        var ordered = enabled.sorted { $0.scanOrder < $1.scanOrder }
        var offset = 0, largest = 1
        for k in ordered.indices {
            let length = ordered[k].type.totalBytes
            largest = max(largest, length)
            offset = Self.kernelAlign(offset, to: length)
            ordered[k].offset = offset
            offset += length
        }
        channels = ordered
        scanBytes = Self.kernelAlign(offset, to: largest)
    }

    /// The kernel's `ALIGN(x, a)`, `((x) + (a) - 1) & ~((a) - 1)`: `x` rounded up to a multiple
    /// of `a` when `a` is a power of two; otherwise the bits of `a - 1` are cleared from
    /// `x + a - 1`, which is never below `x` but not always a multiple of `a`
    /// (`ALIGN(2, 6)` is 2, `ALIGN(4, 6)` is 8).
    static func kernelAlign(_ x: Int, to a: Int) -> Int {
        (x + a - 1) & ~(a - 1)
    }

    /// The channel called `name`, if enabled.
    func channel(named name: String) -> Channel? {
        channels.first { $0.name == name }
    }
}
