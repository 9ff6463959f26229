import Foundation

/// An AF_UNIX datagram socket bound at a path or an abstract name (`@name`), standing in for
/// systemd's notification socket.
public final class DatagramReceiver {
    public let address: String
    private let fd: Int32

    public init(address: String) throws {
        self.address = address
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var name = Array(address.utf8)
        if name.first == UInt8(ascii: "@") { name[0] = 0 }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: name) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        guard fd >= 0, result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(fd) }

    /// Every datagram waiting, oldest first, without blocking.
    public func received() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 { return messages }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }
}
