import Foundation
import Testing
@testable import TallyImport

/// `XMLStream` reads a roll call's file with libxml2's SAX2 parser: what it reads must be exactly what `XMLParser` and
/// `XMLTree` read (the tree without its records, and the records), and a file it cannot read so must be left to them.
@Suite struct XMLStreamTests {
    static let shape = XMLRecordShape(parent: "vote-data", element: "recorded-vote", fields: [
        .init(child: "legislator", attribute: nil), .init(child: "vote", attribute: nil), .init(child: "legislator", attribute: "name-id"),
        .init(child: "legislator", attribute: "party"),
    ])

    static let longText = String(repeating: "Tom &amp; Jerry &#233;t&#xE9; &lt;b&gt; ", count: 120)

    /// Files the reader reads itself, each with something the two readers could disagree on.
    static let readable: [String] = [
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE rollcall-vote PUBLIC "-//US House of Representatives//DTD Roll Call Vote 1.0//EN" "http://clerk.house.gov/evs/vote.dtd">
        <!-- a comment -->
        <rollcall-vote>
        <vote-metadata><congress>118</congress>
        <action-time time-etz="18:45">6:45 PM</action-time><empty/><vote-desc>  A &amp; B <i>in</i> C  </vote-desc></vote-metadata>
        <vote-data>
        <recorded-vote><legislator name-id="A000001" party="D" state="CA">  Adams  </legislator><vote>Yea</vote></recorded-vote>
        <recorded-vote>
          <legislator name-id="B000002" party="R">Baker <b>nested</b> Jr.</legislator>
          <vote>Nay</vote><vote>Second</vote><legislator name-id="X">Second</legislator>
        </recorded-vote>
        <recorded-vote><vote>Present</vote></recorded-vote>
        <recorded-vote/>
        <recorded-vote><legislator/><vote/></recorded-vote>
        <other>not a record</other>
        </vote-data>
        <vote-data><recorded-vote><legislator name-id="C">second list</legislator></recorded-vote></vote-data>
        </rollcall-vote>
        """,
        "<rollcall-vote><vote-metadata><vote-desc>\(longText)</vote-desc></vote-metadata><vote-data>"
            + (1...300).map { "<recorded-vote><legislator name-id=\"M\($0)\" party=\"D\">Name &amp; \($0)</legislator><vote>Not Voting</vote></recorded-vote>\n" }.joined()
            + "</vote-data></rollcall-vote>",
        "<roll_call_vote><members><member><vote_cast>Yea</vote_cast></member></members></roll_call_vote>",
        "<rollcall-vote/>",
    ]

    @Test(arguments: readable.indices)
    func readsAFileAsXMLParserAndTheTreeDo(_ index: Int) throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("roll\(index).xml", Self.readable[index])
        let streamed = try #require(XMLStream.read(file, records: Self.shape))
        let tree = try XMLTree.read(file)
        #expect(describe(streamed.root) == describe(tree, leavingOut: Self.shape))
        #expect(streamed.records.map { describe($0) } == tree.records(Self.shape).map { describe($0) })
    }

    /// Files whose reading could differ, or that are not well-formed: left to `XMLParser`, whose diagnostics stand.
    @Test(arguments: [
        "<rollcall-vote><vote-desc><![CDATA[x]]></vote-desc></rollcall-vote>",
        "<!DOCTYPE r [<!ENTITY e \"entity\">]><r>&e;</r>",
        "<!DOCTYPE r [<!ATTLIST r a CDATA \"default\">]><r/>",
        "<r xmlns=\"urn:x\"><a/></r>",
        "<rollcall-vote a=\"x &amp; y\"/>",
        "<r><x:a xmlns:x=\"urn:x\"/></r>",
        "<rollcall-vote><vote-data></rollcall-vote>",
        "<rollcall-vote/><second/>",
        "",
    ])
    func leavesOtherFilesToXMLParser(_ text: String) throws {
        let fixture = try ImportFixture()
        #expect(XMLStream.read(try fixture.file("roll.xml", text), records: Self.shape).map { _ in true } == nil)
    }

    private func describe(_ record: XMLRecord) -> String {
        "\(record.line): " + record.values.map { $0.map { "'\($0)'" } ?? "nil" }.joined(separator: " ")
    }

    /// A tree as text: names, attributes, lines and texts exactly; without the records a shape reads.
    private func describe(_ node: XMLTree, leavingOut shape: XMLRecordShape? = nil, depth: Int = 0) -> String {
        var children = node.children
        if depth == 0, let shape, let parent = children.firstIndex(where: { $0.name == shape.parent }) {
            let kept = children[parent].children.filter { $0.name != shape.element }
            children[parent] = XMLTree(name: children[parent].name, attributes: children[parent].attributes, line: children[parent].line)
            children[parent].text = node.children[parent].text
            children[parent].children = kept
        }
        let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return "\(node.name)[\(attributes)]@\(node.line) \(node.text.debugDescription)\n"
            + children.map { describe($0, depth: depth + 1) }.joined()
    }
}
