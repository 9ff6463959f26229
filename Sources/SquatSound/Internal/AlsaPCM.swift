import CAlsa
import Glibc

/// One open ALSA playback PCM, set up for low latency. The only code that calls libasound.
///
/// Owner: the player thread that opened it, until `deinit` calls `snd_pcm_close`. Blocking mode:
/// `write` sleeps inside `snd_pcm_writei` while the buffer is full, it never spins.
final class AlsaPCM {
    /// Target ring buffer length, microseconds: short, so a sound starts within a few ms of its rep,
    /// long enough that a busy machine rarely underruns.
    static let bufferMicroseconds: UInt32 = 40_000
    /// Target period length, microseconds. Playback starts once one period is written (the start
    /// threshold), so a clip shorter than the buffer starts at once instead of at drain.
    static let periodMicroseconds: UInt32 = 10_000
    /// Consecutive recoveries (underrun, suspend) after which a write gives up.
    static let recoveryLimit = 8

    let name: String
    /// Frames per second the PCM runs at; may differ from what was asked if the PCM cannot convert.
    let frameRate: Int
    let channelCount: Int
    /// Frames per period and per buffer, as ALSA set them.
    let periodFrames: Int
    let bufferFrames: Int

    private let handle: OpaquePointer

    /// Installs a silent libasound error handler once: squatd reports ALSA failures itself, once,
    /// through its logger, instead of libasound printing a line to stderr on each failed open.
    private static let libraryErrorsSilenced: Void = squatd_alsa_silence_library_errors()

    /// Opens `name` for playback (`snd_pcm_open`, non-blocking so a busy device fails at once
    /// instead of hanging, then switched to blocking) and asks for S16_LE interleaved frames at
    /// `frameRate` and `channelCount`, letting ALSA resample where the PCM can (`plug`, `default`,
    /// sound servers). A PCM that cannot takes its nearest rate and channel count; read them back
    /// from `frameRate` and `channelCount`.
    init(name: String, frameRate: Int, channelCount: Int) throws(SoundError) {
        _ = Self.libraryErrorsSilenced
        self.name = name
        let handle = try Self.make("snd_pcm_open", name) { snd_pcm_open(&$0, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK) }
        self.handle = handle
        do {
            try Self.check(snd_pcm_nonblock(handle, 0), "snd_pcm_nonblock", name)
            let hardware = try Self.setHardwareParameters(handle, name: name, frameRate: frameRate, channelCount: channelCount)
            try Self.setSoftwareParameters(handle, name: name, periodFrames: hardware.periodFrames)
            self.frameRate = hardware.frameRate
            self.channelCount = hardware.channelCount
            self.periodFrames = hardware.periodFrames
            self.bufferFrames = hardware.bufferFrames
        } catch {
            snd_pcm_close(handle)
            throw error
        }
    }

    deinit {
        snd_pcm_close(handle)
    }

    /// Writes frames `range` of `clip` (`snd_pcm_writei`), blocking until ALSA accepted at least
    /// some; returns how many it accepted. An underrun (`EPIPE`) or a suspend (`ESTRPIPE`) is
    /// recovered with `snd_pcm_recover` and the write retried.
    ///
    /// - Throws: `SoundError.device` when ALSA cannot recover (device gone: `ENODEV`).
    func write(_ clip: SoundClip, frames range: Range<Int>) throws(SoundError) -> Int {
        var recoveries = 0
        while true {
            let result = injectedWriteError() ?? clip.samples.withUnsafeBufferPointer { samples in
                snd_pcm_writei(handle, samples.baseAddress! + range.lowerBound * clip.channelCount, snd_pcm_uframes_t(range.count))
            }
            if result >= 0 { return Int(result) }
            let code = Int32(truncatingIfNeeded: result)
            if code == -EINTR || code == -EAGAIN { continue }
            recoveries += 1
            guard recoveries <= Self.recoveryLimit, snd_pcm_recover(handle, code, 1) >= 0 else {
                throw Self.error(code, "snd_pcm_writei", name)
            }
        }
    }

    private func injectedWriteError() -> snd_pcm_sframes_t? {
        #if DEBUG
        return AlsaFaults.nextWriteError(on: name).map { snd_pcm_sframes_t($0) }
        #else
        return nil
        #endif
    }

    /// Whether the PCM is playing (`snd_pcm_state` is `RUNNING`), as opposed to prepared and waiting
    /// for the start threshold.
    var isRunning: Bool {
        snd_pcm_state(handle) == SND_PCM_STATE_RUNNING
    }

    /// Waits until everything written has been played (`snd_pcm_drain`).
    func drain() throws(SoundError) {
        let code = snd_pcm_drain(handle)
        if code == -ESTRPIPE || code == -EPIPE { return }  // suspended or underrun at the very end: nothing left to hear
        try Self.check(code, "snd_pcm_drain", name)
    }

    /// Stops at once, discarding what was not played yet (`snd_pcm_drop`).
    func drop() {
        snd_pcm_drop(handle)
    }

    private struct HardwareParameters {
        var frameRate: Int
        var channelCount: Int
        var periodFrames: Int
        var bufferFrames: Int
    }

    private static func setHardwareParameters(
        _ handle: OpaquePointer, name: String, frameRate: Int, channelCount: Int
    ) throws(SoundError) -> HardwareParameters {
        let params = try make("snd_pcm_hw_params_malloc", name) { snd_pcm_hw_params_malloc(&$0) }
        defer { snd_pcm_hw_params_free(params) }
        try check(snd_pcm_hw_params_any(handle, params), "snd_pcm_hw_params_any", name)
        try check(snd_pcm_hw_params_set_access(handle, params, SND_PCM_ACCESS_RW_INTERLEAVED), "snd_pcm_hw_params_set_access", name)
        guard snd_pcm_hw_params_set_format(handle, params, SND_PCM_FORMAT_S16_LE) >= 0 else {
            throw .unsupportedSampleFormat(pcm: name)
        }
        try check(snd_pcm_hw_params_set_rate_resample(handle, params, 1), "snd_pcm_hw_params_set_rate_resample", name)
        var channels = UInt32(channelCount)
        try check(snd_pcm_hw_params_set_channels_near(handle, params, &channels), "snd_pcm_hw_params_set_channels_near", name)
        var rate = UInt32(frameRate)
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(handle, params, &rate, &direction), "snd_pcm_hw_params_set_rate_near", name)
        var bufferTime = bufferMicroseconds
        try check(snd_pcm_hw_params_set_buffer_time_near(handle, params, &bufferTime, &direction), "snd_pcm_hw_params_set_buffer_time_near", name)
        var periodTime = periodMicroseconds
        try check(snd_pcm_hw_params_set_period_time_near(handle, params, &periodTime, &direction), "snd_pcm_hw_params_set_period_time_near", name)
        try check(snd_pcm_hw_params(handle, params), "snd_pcm_hw_params", name)
        var periodFrames: snd_pcm_uframes_t = 0
        var bufferFrames: snd_pcm_uframes_t = 0
        try check(snd_pcm_hw_params_get_period_size(params, &periodFrames, &direction), "snd_pcm_hw_params_get_period_size", name)
        try check(snd_pcm_hw_params_get_buffer_size(params, &bufferFrames), "snd_pcm_hw_params_get_buffer_size", name)
        return HardwareParameters(
            frameRate: Int(rate), channelCount: Int(channels),
            periodFrames: max(1, Int(periodFrames)), bufferFrames: max(1, Int(bufferFrames))
        )
    }

    private static func setSoftwareParameters(_ handle: OpaquePointer, name: String, periodFrames: Int) throws(SoundError) {
        let params = try make("snd_pcm_sw_params_malloc", name) { snd_pcm_sw_params_malloc(&$0) }
        defer { snd_pcm_sw_params_free(params) }
        try check(snd_pcm_sw_params_current(handle, params), "snd_pcm_sw_params_current", name)
        let period = snd_pcm_uframes_t(periodFrames)
        try check(snd_pcm_sw_params_set_start_threshold(handle, params, period), "snd_pcm_sw_params_set_start_threshold", name)
        try check(snd_pcm_sw_params_set_avail_min(handle, params, period), "snd_pcm_sw_params_set_avail_min", name)
        try check(snd_pcm_sw_params(handle, params), "snd_pcm_sw_params", name)
    }

    /// Calls an ALSA function that creates an object through its first argument (`snd_pcm_open`,
    /// `snd_pcm_*_params_malloc`) and returns the object.
    private static func make(
        _ call: String, _ name: String, _ create: (inout OpaquePointer?) -> Int32
    ) throws(SoundError) -> OpaquePointer {
        var created: OpaquePointer?
        try check(create(&created), call, name)
        guard let created else { throw .device(pcm: name, call: call, code: ENOMEM, reason: "returned no object") }
        return created
    }

    /// libasound returns a negated errno on failure; this turns it into a `SoundError`.
    private static func check(_ result: Int32, _ call: String, _ name: String) throws(SoundError) {
        if result < 0 { throw error(result, call, name) }
    }

    private static func error(_ result: Int32, _ call: String, _ name: String) -> SoundError {
        .device(pcm: name, call: call, code: -result, reason: String(cString: snd_strerror(result)))
    }
}
