//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import Mustache
import XCTest

/// Rendering remembers which protocols a type conforms to (PATCHES.md); these render values whose casts depend on
/// more than their type, in both orders, so that what is remembered from one never decides the other.
final class ConformanceTests: XCTestCase {
    struct Row: MustacheParent {
        let values: [String: Any]
        func child(named name: String) -> Any? { self.values[name] }
    }

    struct Blank: MustacheCustomRenderable {
        var renderText: String { "blank" }
        var isNull: Bool { true }
    }

    func testOptionalArrayThenNilOfTheSameType() throws {
        let template = try MustacheTemplate(string: "{{#list}}<{{.}}>{{/list}}{{^list}}none{{/list}}")
        let some: [String]? = ["a", "b"]
        let none: [String]? = nil
        XCTAssertEqual(template.render(["list": some as Any]), "<a><b>")
        // A nil stored as `Any` is a value to upstream's renderer too (it renders "nil"): unchanged here.
        XCTAssertEqual(template.render(["list": none as Any]), "<nil>")
        XCTAssertEqual(template.render(["list": some as Any]), "<a><b>")
    }

    func testOptionalParentThenNilOfTheSameType() throws {
        let template = try MustacheTemplate(string: "{{#row}}{{name}}{{/row}}{{^row}}no row{{/row}}")
        let some: Row? = Row(values: ["name": "Ada"])
        let none: Row? = nil
        XCTAssertEqual(template.render(["row": none as Any]), "")
        XCTAssertEqual(template.render(["row": some as Any]), "Ada")
    }

    func testNullRenderableHidesItsSection() throws {
        let template = try MustacheTemplate(string: "{{#value}}shown{{/value}}{{^value}}hidden{{/value}} {{value}}")
        XCTAssertEqual(template.render(["value": Blank()]), "hidden blank")
    }

    func testNamesSplitWhenParsedStillClimbTheStack() throws {
        let template = try MustacheTemplate(string: "{{#rows}}{{name}} of {{site.title}}{{.name}};{{/rows}}")
        let site = Row(values: ["title": "Tally"])
        let rows = [Row(values: ["name": "a"]), Row(values: ["name": "b"])]
        XCTAssertEqual(template.render(Row(values: ["rows": rows, "site": site])), "a of Tallya;b of Tallyb;")
    }

    func testAnyHashableIsAskedByItsValue() throws {
        let template = try MustacheTemplate(string: "{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}};")
        XCTAssertEqual(template.render(["flag": AnyHashable(false)]), "no;")
        XCTAssertEqual(template.render(["flag": AnyHashable(true)]), "yes;")
        XCTAssertEqual(template.render(["flag": AnyHashable("text")]), "yes;")
    }

    func testTemplatesLambdasAndBooleansAsValues() throws {
        let inner = try MustacheTemplate(string: "<{{name}}>")
        let template = try MustacheTemplate(string: "{{inner}}{{#yes}}y{{/yes}}{{^no}}n{{/no}}{{#wrap}}{{name}}{{/wrap}}{{shout}}")
        let row = Row(values: [
            "inner": inner, "name": "Ada", "yes": true, "no": false,
            "wrap": MustacheLambda { (text: String) in "[" + text + "]" }, "shout": MustacheLambda { "HI" },
        ])
        XCTAssertEqual(template.render(row), "<Ada>yn[Ada]HI")
    }

    /// An `Any` that holds an existential holding the value: rendering keeps views per dynamic type, and this
    /// one's dynamic type is the same as that of a `Row` held directly.
    func testValueInsideAnotherExistential() throws {
        func boxed<T>(_ value: T) -> Any { value }
        let template = try MustacheTemplate(string: "{{#row}}{{name}}{{/row}};{{#other}}{{name}}{{/other}};{{#third}}{{name}}{{/third}}")
        let inside: any MustacheParent = Row(values: ["name": "inside"])
        let rendered = template.render([
            "row": Row(values: ["name": "direct"]), "other": boxed(inside), "third": Row(values: ["name": "again"]),
        ])
        XCTAssertEqual(rendered, "direct;inside;again")
    }
}
