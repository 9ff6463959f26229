/// Where each enabled channel sits in one buffered IIO scan.
///
/// The kernel packs the enabled channels in `_index` order, each aligned to its own storage
/// size (all its elements: a repeated channel `s32X4` is aligned to 16 bytes), and pads the scan
/// to a multiple of the largest of those (so a 64-bit timestamp after three 16-bit axes starts at
/// byte 8 and the scan is 16 bytes). As `iio_compute_scan_bytes` in the kernel's
/// industrialio-buffer.c.
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
    }

    /// Channels in scan order, with their offsets filled in.
    private(set) var channels: [Channel]
    /// Bytes per scan.
    private(set) var scanBytes: Int

    /// Orders `enabled` by index and computes offsets and the scan size.
    init(enabled: [Channel]) {
        var ordered = enabled.sorted { $0.index < $1.index }
        var offset = 0, largest = 1
        for k in ordered.indices {
            let align = ordered[k].type.totalBytes
            largest = max(largest, align)
            offset = (offset + align - 1) / align * align
            ordered[k].offset = offset
            offset += ordered[k].type.totalBytes
        }
        channels = ordered
        scanBytes = (offset + largest - 1) / largest * largest
    }

    /// The channel called `name`, if enabled.
    func channel(named name: String) -> Channel? {
        channels.first { $0.name == name }
    }
}
