import SystemPackage

/// What every table of one file shares: the file's path, where its keys are, the warnings so far.
final class ConfigContext {
    let path: FilePath
    let locator: KeyLocator
    private(set) var warnings: [ConfigWarning] = []

    init(path: FilePath, text: String) {
        self.path = path
        self.locator = KeyLocator(text)
    }

    func error(at keyPath: String, _ problem: ConfigError.Problem) -> ConfigError {
        ConfigError(path: path, line: locator.line(of: keyPath), key: keyPath, problem: problem)
    }

    func warn(at keyPath: String, _ problem: ConfigWarning.Problem) {
        warnings.append(ConfigWarning(path: path, line: locator.line(of: keyPath), key: keyPath, problem: problem))
    }
}
