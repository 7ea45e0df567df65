import Testing

@testable import Sandbox

@Suite struct GraphFieldsTests {
    @Test func parse_readsNestedFieldsAndSkipsSpaces() {
        let fields = GraphFields.parse("id, name,instagram_business_account{id,username}", defaults: [])
        #expect(fields == GraphFields([
            .init(name: "id"), .init(name: "name"),
            .init(name: "instagram_business_account", subfields: GraphFields([.init(name: "id"), .init(name: "username")])),
        ]))
    }

    @Test func parse_usesTheDefaultsWhenAbsentAndRefusesUnbalancedBraces() {
        #expect(GraphFields.parse(nil, defaults: ["id", "name"]) == GraphFields([.init(name: "id"), .init(name: "name")]))
        #expect(GraphFields.parse("a{b", defaults: []) == nil)
        #expect(GraphFields.parse("a}b", defaults: []) == nil)
    }

    @Test func versions_lookLikeGraphs() {
        #expect(FacebookSandboxNetwork.isVersion("v19.0"))
        #expect(!FacebookSandboxNetwork.isVersion("19.0"))
        #expect(!FacebookSandboxNetwork.isVersion("v19"))
        #expect(!FacebookSandboxNetwork.isVersion("vx.0"))
    }
}
