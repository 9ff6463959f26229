import SquatSensors

extension DeviceIdentity {
    /// The name a device's counts are kept under in the state directory and shown by
    /// `squatd status`: `ID_SERIAL`, else `ID_PATH`, else the driver's name. Never the node or
    /// sysfs path: `/dev/input/event5` today is `event7` after a replug, and the count must
    /// follow the device, not the slot it landed in.
    public var stateKey: String { idSerial ?? idPath ?? name }
}
