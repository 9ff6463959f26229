import Foundation
import Testing

/// A umockdev testbed in the test process, reached through libumockdev loaded with `dlopen`,
/// so the package builds and the suite passes where umockdev is not installed (the tests
/// that need it print why they skipped). The code under test runs as a child process
/// (``Child``) with `UMOCKDEV_DIR` and `LD_PRELOAD=libumockdev-preload.so.0`; the test plays
/// the hardware. `UMOCKDEV_DIR` is per process, so suites using this are `.serialized`.
public final class Testbed {
    private typealias New = @convention(c) () -> OpaquePointer?
    private typealias AddFromString = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    private typealias LoadIoctl = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    private typealias SetAttribute = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void
    private typealias GetString = @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?
    private typealias GetDevFD = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Int32
    private typealias Remove = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Void
    private typealias Unref = @convention(c) (OpaquePointer) -> Void

    private struct Library {
        let new: New, addFromString: AddFromString, loadIoctl: LoadIoctl, setAttribute: SetAttribute
        let rootDir: GetString, devFD: GetDevFD, remove: Remove, unref: Unref
    }

    /// Why umockdev tests cannot run here, or nil when they can.
    public static let unavailableReason: String? = {
        if library == nil { return "libumockdev.so.0 not found (install umockdev and libumockdev-dev)" }
        if preloadPath == nil { return "libumockdev-preload.so.0 not found (install umockdev)" }
        return nil
    }()

    private static let library: Library? = {
        guard let handle = dlopen("libumockdev.so.0", RTLD_NOW | RTLD_LOCAL),
              let gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL)
        else { return nil }
        func symbol<T>(_ h: UnsafeMutableRawPointer, _ name: String, as: T.Type) -> T? {
            dlsym(h, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let new = symbol(handle, "umockdev_testbed_new", as: New.self),
              let add = symbol(handle, "umockdev_testbed_add_from_string", as: AddFromString.self),
              let ioctl = symbol(handle, "umockdev_testbed_load_ioctl", as: LoadIoctl.self),
              let set = symbol(handle, "umockdev_testbed_set_attribute", as: SetAttribute.self),
              let root = symbol(handle, "umockdev_testbed_get_root_dir", as: GetString.self),
              let fd = symbol(handle, "umockdev_testbed_get_dev_fd", as: GetDevFD.self),
              let remove = symbol(handle, "umockdev_testbed_remove_device", as: Remove.self),
              let unref = symbol(gobject, "g_object_unref", as: Unref.self)
        else { return nil }
        return Library(new: new, addFromString: add, loadIoctl: ioctl, setAttribute: set, rootDir: root,
                       devFD: fd, remove: remove, unref: unref)
    }()

    public static let preloadPath: String? = {
        ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]
            .map { $0 + "/libumockdev-preload.so.0" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    private let lib: Library
    private let handle: OpaquePointer
    public let root: String

    /// A fresh, empty testbed; nil (with the reason printed) where umockdev is missing.
    public static func make(_ test: String = #function) -> Testbed? {
        if let reason = unavailableReason {
            print("Test \(test) skipped: \(reason)")
            return nil
        }
        return Testbed()
    }

    private init?() {
        guard let lib = Self.library, let handle = lib.new(), let root = lib.rootDir(handle) else { return nil }
        self.lib = lib
        self.handle = handle
        self.root = String(cString: root)
        free(root)
    }

    deinit { lib.unref(handle) }

    /// Adds devices from udevadm-export text (`P:`, `N:`, `E:`, `A:` lines).
    public func add(_ description: String) {
        var error: UnsafeMutableRawPointer?
        let ok = lib.addFromString(handle, description, &error)
        precondition(ok != 0, "umockdev rejected the device description:\n\(description)")
    }

    public func loadIoctl(node: String, text: String) throws {
        let file = root + "/" + node.replacingOccurrences(of: "/", with: "_") + ".ioctl"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        var error: UnsafeMutableRawPointer?
        precondition(lib.loadIoctl(handle, node, file, &error) != 0, "umockdev rejected \(file)")
    }

    public func setAttribute(_ syspath: String, _ name: String, _ value: String) {
        lib.setAttribute(handle, syspath, name, value)
    }

    /// A sysfs attribute as the program under test sees it (written by it or by the test).
    public func attribute(_ syspath: String, _ name: String) -> String? {
        (try? String(contentsOfFile: root + syspath + "/" + name, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The test's end of an emulated node: what is written here, the program reads.
    public func deviceFD(_ node: String) -> Int32 { lib.devFD(handle, node) }

    private var seqnum = 1

    /// Announces an add/remove/change of a device to the udev monitors in the testbed.
    public func uevent(_ syspath: String, _ action: String, subsystem: String, node: String? = nil) {
        UeventSender.post(root: root, syspath: syspath, subsystem: subsystem, node: node, action: action, seqnum: seqnum)
        seqnum += 1
    }

    public func remove(_ syspath: String) { lib.remove(handle, syspath) }

    /// Writes bytes to an emulated node.
    public func write(_ node: String, _ bytes: [UInt8]) {
        let fd = deviceFD(node)
        precondition(fd >= 0, "no emulated node \(node)")
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(n == bytes.count, "short write to \(node)")
    }

    /// Starts a built product inside this testbed.
    public func spawn(_ product: String, _ arguments: [String], environment: [String: String] = [:],
                      asNobody: Bool = false, timeout: Double = 20) throws -> Child {
        try spawn(executable: Child.productPath(product), arguments, environment: environment,
                  asNobody: asNobody, timeout: timeout)
    }

    /// Starts the program at `executable` inside this testbed; what it runs inherits the
    /// testbed (`make`, whose recipe runs squatd).
    public func spawn(executable: String, _ arguments: [String], environment: [String: String] = [:],
                      asNobody: Bool = false, timeout: Double = 20) throws -> Child {
        try Child(executable: executable, arguments: arguments, environment: environment.merging([
            "UMOCKDEV_DIR": root, "LD_PRELOAD": Self.preloadPath ?? "libumockdev-preload.so.0",
        ]) { $1 }, asNobody: asNobody, timeout: timeout)
    }
}

/// Waits until `condition` holds, checking every 5 ms, for at most `seconds`.
public func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5000)
    }
    return condition()
}
