import Foundation
import Testing

/// `make install` into a staging root, and checks of what it installs with systemd's own tools
/// (each skipped with a reason when the tool is absent).
@Suite struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let builtSquatd: String = {
        var products = Bundle.main.bundleURL
        if products.lastPathComponent.hasSuffix("xctest") { products.deleteLastPathComponent() }
        return products.appendingPathComponent("squatd").path
    }()
    let stage = ScratchDirectory()

    /// The repository's example config, or a stand-in on a branch that does not have it yet.
    func exampleConfig() -> String {
        let example = Self.repository + "/systemd/squatd.toml"
        if FileManager.default.fileExists(atPath: example) { return example }
        stage.write("example.toml", bytes: Array("# example\n".utf8))
        return stage.file("example.toml")
    }

    func make(_ target: String, _ extra: [String] = []) throws -> (status: Int32, output: String) {
        try run("/usr/bin/make", ["-s", "-C", Self.repository, target, "DESTDIR=\(stage.file("root"))", "PREFIX=/usr",
                                  "SQUATD_BINARY=\(Self.builtSquatd)", "EXAMPLE_CONFIG=\(exampleConfig())"] + extra)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "make is not installed"))
    func installsEveryFileAndNeverOverwritesTheConfig() throws {
        let install = try make("install")
        #expect(install.status == 0, "\(install.output)")
        let root = stage.file("root")
        let expected: [(String, Int)] = [
            ("/usr/bin/squatd", 0o755), ("/usr/lib/systemd/system/squatd.service", 0o644),
            ("/usr/lib/systemd/user/squatd.service", 0o644),
            ("/usr/lib/udev/rules.d/60-squatd.rules", 0o644), ("/usr/lib/sysusers.d/squatd.conf", 0o644),
            ("/usr/lib/modules-load.d/squatd.conf", 0o644),
            ("/etc/squatd/squatd.toml", 0o644),
        ]
        for (path, mode) in expected {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
        let unit = try String(contentsOfFile: root + "/usr/lib/systemd/system/squatd.service", encoding: .utf8)
        let userUnit = try String(contentsOfFile: root + "/usr/lib/systemd/user/squatd.service", encoding: .utf8)
        for text in [unit, userUnit] {
            #expect(text.contains("\nExecStart=/usr/bin/squatd run\n"))
            #expect(!text.contains("@BINDIR@"))
        }
        #expect(FileManager.default.contentsEqual(atPath: root + "/usr/bin/squatd", andPath: Self.builtSquatd))

        try Data("# edited by the admin\n".utf8).write(to: URL(fileURLWithPath: root + "/etc/squatd/squatd.toml"))
        let again = try make("install")
        #expect(again.status == 0)
        #expect(again.output.contains("keeping \(root)/etc/squatd/squatd.toml"))
        #expect(try String(contentsOfFile: root + "/etc/squatd/squatd.toml", encoding: .utf8) == "# edited by the admin\n")

        let uninstall = try make("uninstall")
        #expect(uninstall.status == 0)
        for (path, _) in expected.dropLast() { #expect(!FileManager.default.fileExists(atPath: root + path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: root + "/etc/squatd/squatd.toml"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
    func unitVerifiesCleanAndStaysHardened() throws {
        // verify checks that ExecStart= exists, so point it at the binary just built.
        let template = try String(contentsOfFile: Self.repository + "/systemd/squatd.service.in", encoding: .utf8)
        let binDirectory = URL(fileURLWithPath: Self.builtSquatd).deletingLastPathComponent().path
        stage.write("squatd.service", bytes: Array(template.replacingOccurrences(of: "@BINDIR@", with: binDirectory).utf8))
        let verify = try run("/usr/bin/systemd-analyze", ["verify", stage.file("squatd.service")])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")

        let security = try run("/usr/bin/systemd-analyze", ["security", "--offline=yes", stage.file("squatd.service")])
        let figure = security.output.split(separator: "\n").last { $0.contains("Overall exposure level") }.map(String.init)
        let exposure = figure.flatMap { $0.split(separator: " ").compactMap { Double($0) }.first }
        print("systemd-analyze security --offline=yes squatd.service: \(figure ?? "no figure")")
        #expect(exposure.map { $0 <= 1.5 } == true, "hardening regressed: \(figure ?? security.output)")
    }

    /// The user unit (a desktop's sound server owns the card) is checked by the user manager's
    /// rules: `systemd-analyze --user` needs a runtime directory, which a test gives it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
    func userUnitVerifiesClean() throws {
        let template = try String(contentsOfFile: Self.repository + "/systemd/squatd-user.service.in", encoding: .utf8)
        let binDirectory = URL(fileURLWithPath: Self.builtSquatd).deletingLastPathComponent().path
        stage.write("squatd.service", bytes: Array(template.replacingOccurrences(of: "@BINDIR@", with: binDirectory).utf8))
        try FileManager.default.createDirectory(atPath: stage.file("runtime"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let verify = try run("/usr/bin/env", ["XDG_RUNTIME_DIR=\(stage.file("runtime"))", "/usr/bin/systemd-analyze",
                                              "--user", "verify", stage.file("squatd.service")])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")
        #expect(template.contains("\nType=notify\n") && template.contains("\nStateDirectory=squatd\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-sysusers"), "systemd-sysusers is not installed"))
    func sysusersCreatesTheServiceUser() throws {
        let root = stage.file("root")
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        let sysusers = try run("/usr/bin/systemd-sysusers", ["--root=\(root)", Self.repository + "/systemd/squatd.sysusers"])
        #expect(sysusers.status == 0, "\(sysusers.output)")
        let passwd = try String(contentsOfFile: root + "/etc/passwd", encoding: .utf8)
        let entry = try #require(passwd.split(separator: "\n").first { $0.hasPrefix("squatd:") }).split(separator: ":")
        #expect(entry[5] == "/var/lib/squatd" && entry[6].hasSuffix("nologin"))
        #expect(try String(contentsOfFile: root + "/etc/group", encoding: .utf8).contains("squatd:x:\(entry[3]):"))
    }

    /// The udev rule's RUN program, run on a stand-in sysfs directory: the attributes that exist
    /// get the group (here nogroup, for squatd) and group write; absent ones are skipped.
    @Test(.enabled(if: getgrnam("nogroup") != nil, "no group 'nogroup' to stand in for squatd"))
    func udevRuleOpensTheIIOAttributesToTheGroup() throws {
        let rules = try String(contentsOfFile: Self.repository + "/systemd/60-squatd.rules", encoding: .utf8)
        let runLine = try #require(rules.split(separator: "\n").first { $0.hasPrefix("RUN+=\"/bin/sh -c '") })
        let script = try #require(runLine.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first)
        let device = stage.file("sys/devices/platform/accel/iio:device0")
        for attribute in ["buffer/enable", "buffer/length", "scan_elements/in_accel_x_en", "scan_elements/in_accel_y_en",
                          "scan_elements/in_accel_z_en", "in_accel_sampling_frequency", "in_accel_scale"] {
            let path = device + "/" + attribute
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("0\n".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o644)
        }
        let command = String(script)
            .replacingOccurrences(of: "/sys%p", with: device)
            .replacingOccurrences(of: "$$", with: "$")
            .replacingOccurrences(of: "chgrp squatd", with: "chgrp nogroup")
        let result = try run("/bin/sh", ["-c", command])
        #expect(result.status == 0, "\(result.output)")
        let nogroup = getgrnam("nogroup")!.pointee.gr_gid
        func owner(_ attribute: String) -> (gid: gid_t, mode: mode_t) {
            var status = stat()
            stat(device + "/" + attribute, &status)
            return (status.st_gid, status.st_mode & 0o777)
        }
        for attribute in ["buffer/enable", "buffer/length", "scan_elements/in_accel_x_en", "scan_elements/in_accel_y_en",
                          "scan_elements/in_accel_z_en", "in_accel_sampling_frequency"] {
            #expect(owner(attribute) == (nogroup, 0o664), "\(attribute)")
        }
        #expect(owner("in_accel_scale").mode == 0o644)
        #expect(owner("in_accel_scale").gid != nogroup)
    }

    /// Runs `tool`, returning its exit status and its standard output and error together.
    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = stage.file("tool-output-\(UUID().uuidString)")
        stage.write((output as NSString).lastPathComponent, bytes: [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: stage.bytes((output as NSString).lastPathComponent), as: UTF8.self))
    }
}
