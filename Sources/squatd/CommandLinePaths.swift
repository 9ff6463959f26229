import ArgumentParser
import Glibc
import SystemPackage

/// File names from the command line as the kernel passed them.
///
/// ArgumentParser parses `CommandLine.arguments`, whose strings have every byte that is not
/// UTF-8 repaired to U+FFFD. A Linux file name is bytes, and the repaired name names no file.
/// ``paths(_:)`` finds the word of the command line each parsed value came from (a whole word,
/// or what follows `=` in `--option=value` or `-o=value`) and returns that word's bytes. Messages keep
/// showing the repaired text (`FilePath.description`).
enum CommandLinePaths {
    /// The command line's words after the program's name, as ArgumentParser saw them and as
    /// bytes (each with its NUL terminator).
    private static let words: [(text: String, bytes: [CChar])] = {
        var words: [(text: String, bytes: [CChar])] = []
        for i in 1..<Int(CommandLine.argc) {
            guard let word = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: word, count: strlen(word) + 1))
            words.append((String(cString: word), bytes))
            // An option and its value in one word: ArgumentParser takes `=` after a long
            // name and after a short one alike.
            if bytes.first == 0x2D, let equals = bytes.firstIndex(of: 0x3D) {
                let value = Array(bytes[(equals + 1)...])
                words.append((value.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, value))
            }
        }
        return words
    }()

    /// The file paths `values` (parsed from the command line, in the order given there)
    /// came from. A value that no word spells (a default) is taken as it is.
    ///
    /// Throws when words that differ only in bytes that are not UTF-8 read alike and it cannot
    /// tell which one a value came from (say a file `\xff.csv` and an option value `\xfe.csv`).
    static func paths(_ values: [String]) throws(ValidationError) -> [FilePath] {
        var taken: [String: Int] = [:]
        var paths: [FilePath] = []
        for value in values {
            let candidates = words.filter { $0.text == value }
            guard let first = candidates.first else {
                paths.append(FilePath(value))
                continue
            }
            if candidates.allSatisfy({ $0.bytes == first.bytes }) {
                paths.append(FilePath(platformString: first.bytes))
                continue
            }
            // Words spelled differently that read alike: when each is one of `values`, they
            // were parsed in the order they were given.
            guard candidates.count == values.count(where: { $0 == value }) else {
                throw ValidationError("'\(value)' could be any of \(candidates.count) arguments that differ only in bytes "
                                      + "that are not UTF-8; give that file once, or rename it.")
            }
            let k = taken[value, default: 0]
            taken[value] = k + 1
            paths.append(FilePath(platformString: candidates[k].bytes))
        }
        return paths
    }

    /// The file path `value` came from (see ``paths(_:)``).
    static func path(_ value: String) throws(ValidationError) -> FilePath {
        try paths([value])[0]
    }
}
