import CSndfile
import Foundation

/// Writes test sound files with libsndfile itself, so no tool beyond the library is needed.
enum SoundFileWriter {
    enum Container {
        case wav, floatWAV, flac, oggVorbis

        var format: Int32 {
            switch self {
            case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            case .floatWAV: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
            case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
            case .oggVorbis: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
            }
        }
    }

    struct WriteFailed: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ samples: [Int16], frameRate: Int, channelCount: Int, as container: Container, to path: String) throws {
        var info = SF_INFO()
        info.samplerate = Int32(frameRate)
        info.channels = Int32(channelCount)
        info.format = container.format
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw WriteFailed(description: "sf_open \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        let frames = samples.count / channelCount
        let written = samples.withUnsafeBufferPointer { sf_writef_short(file, $0.baseAddress, sf_count_t(frames)) }
        guard written == frames else {
            throw WriteFailed(description: "sf_writef_short wrote \(written) of \(frames) frames")
        }
    }

    /// A sine tone, interleaved, the same on every channel.
    static func tone(frequency: Double, seconds: Double, frameRate: Int, channelCount: Int, amplitude: Double = 12_000) -> [Int16] {
        let frames = Int(seconds * Double(frameRate))
        var samples: [Int16] = []
        samples.reserveCapacity(frames * channelCount)
        for frame in 0..<frames {
            let value = Int16(amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(frameRate)))
            for _ in 0..<channelCount { samples.append(value) }
        }
        return samples
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("squatd-\(UUID().uuidString)-\(name)").path
    }
}
