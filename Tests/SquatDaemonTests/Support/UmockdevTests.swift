import Testing

/// Every test that uses a umockdev testbed is nested in here: a testbed sets `UMOCKDEV_DIR`
/// for the whole process, so these tests must never run at the same time (`.serialized`
/// applies to nested suites too).
@Suite(.serialized) enum UmockdevTests {}
