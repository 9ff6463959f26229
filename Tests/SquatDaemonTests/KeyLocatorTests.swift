@testable import SquatDaemon
import Testing

@Suite struct KeyLocatorTests {
    @Test func headersArraysOfTablesAndDottedKeys() {
        let locator = KeyLocator("""
            # [not.a.header]
            top = 1
            [sound]
            pcm = "x"   # comment with [brackets] and = signs

            [[device]]
            match.name = "a"
              [device.thresholds]
              min_depth = 3
            [[device]]
            "quoted.key" = 1
            match = { name = "b", kind = "evdev" }
            [device.match]
            node = "/dev/x"
            """)
        #expect(locator.line(of: "top") == 2)
        #expect(locator.line(of: "sound") == 3)
        #expect(locator.line(of: "sound.pcm") == 4)
        #expect(locator.line(of: "device") == 6)
        #expect(locator.line(of: "device[1]") == 6)
        #expect(locator.line(of: "device[1].match") == 7)
        #expect(locator.line(of: "device[1].match.name") == 7)
        #expect(locator.line(of: "device[1].thresholds.min_depth") == 9)
        #expect(locator.line(of: "device[2]") == 10)
        #expect(locator.line(of: "device[2].quoted.key") == 11)
        #expect(locator.line(of: "device[2].match.kind") == 12, "inside an inline table: the line of the table's key")
        #expect(locator.line(of: "device[2].match.node") == 14)
        #expect(locator.line(of: "device[3]") == nil)
        #expect(locator.line(of: "sound.unknown") == 3, "falls back to the enclosing table")
    }

    @Test func valuesSpanningLinesAreSkipped() {
        let locator = KeyLocator("""
            a = [
                [1, 2],   # ] not the end
                "[x] = 3",
            ]
            b = \"\"\"
            [not.a.table]
            c = 1
            \"\"\"
            d = '''
            [[nor.this]]'''
            e = { f = [
              1 ] }
            g = "\\"[h]"
            """)
        #expect(locator.line(of: "a") == 1)
        #expect(locator.line(of: "b") == 5)
        #expect(locator.line(of: "not") == nil)
        #expect(locator.line(of: "c") == nil)
        #expect(locator.line(of: "d") == 9)
        #expect(locator.line(of: "nor") == nil)
        #expect(locator.line(of: "e") == 11)
        #expect(locator.line(of: "g") == 13)
    }
}
