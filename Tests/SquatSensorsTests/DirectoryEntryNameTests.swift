#if canImport(Glibc)
import Glibc
#endif
import SquatSensors
import Testing

/// Names of directory entries as `readdir(3)` hands them out: records only as long as their
/// names need.
@Suite struct DirectoryEntryNameTests {
    /// A short record that ends where readable memory ends, as the last record of the buffer
    /// `getdents(2)` filled can (the page after it is made unreadable here): its name is read
    /// without touching what lies beyond the record. Reading `entry.pointee.d_name` copied the
    /// whole 256-byte field and crashed this test with SIGSEGV.
    @Test(arguments: ["x", "x.csv", ".squats-hand-228.csv.squatd-4242.tmp"])
    func aShortLastRecordIsReadWithinItself(name: String) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped == UnsafeMutableRawPointer(bitPattern: -1) ? nil : mapped)
        defer { munmap(base, 2 * page) }
        try #require(mprotect(base + page, page, PROT_NONE) == 0)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        // The kernel rounds a record up to 8 bytes.
        let length = (nameOffset + name.utf8.count + 1 + 7) / 8 * 8
        let record = base + page - length
        record.initializeMemory(as: UInt8.self, repeating: 0, count: length)
        record.storeBytes(of: UInt16(length), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!, as: UInt16.self)
        for (i, byte) in name.utf8.enumerated() { record.storeBytes(of: byte, toByteOffset: nameOffset + i, as: UInt8.self) }
        #expect(directoryEntryName(record.assumingMemoryBound(to: dirent.self)) == name)
    }
}
