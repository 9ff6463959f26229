#if DEBUG
import Foundation

/// Test seam, debug builds only: makes `AlsaPCM.write` see the given errors from `snd_pcm_writei`
/// instead of calling it, so tests can drive underrun, suspend and device-gone paths through the
/// real `snd_pcm_recover` on a real (null) PCM. Keyed by PCM name, so parallel tests using
/// different PCMs do not disturb each other.
enum AlsaFaults {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pendingWriteErrors: [String: [Int32]] = [:]

    /// Queues negated errno values (`-EPIPE`, ...) for the next writes on `pcm`.
    static func injectWriteErrors(_ codes: [Int32], on pcm: String) {
        lock.withLock { pendingWriteErrors[pcm, default: []].append(contentsOf: codes) }
    }

    /// The next queued error for a write on `pcm`, if any.
    static func nextWriteError(on pcm: String) -> Int32? {
        lock.withLock {
            guard var codes = pendingWriteErrors[pcm], !codes.isEmpty else { return nil }
            let code = codes.removeFirst()
            pendingWriteErrors[pcm] = codes.isEmpty ? nil : codes
            return code
        }
    }
}
#endif
