import SquatDaemon
import SquatSensors
import Testing

@Suite struct StateKeyTests {
    @Test func prefersSerialThenPathThenName() {
        var identity = DeviceIdentity(name: "accel_3d", idPath: "pci-0000:00:14.0-usb-0:2:1.0",
                                      idSerial: "Sony_DualSense_1234", syspath: "/sys/devices/x/event5",
                                      node: "/dev/input/event5")
        #expect(identity.stateKey == "Sony_DualSense_1234")
        identity.idSerial = nil
        #expect(identity.stateKey == "pci-0000:00:14.0-usb-0:2:1.0")
        identity.idPath = nil
        #expect(identity.stateKey == "accel_3d")
    }
}
