import Testing
@testable import TallyHTML

/// `HTMLTokenizer` on tricky markup. Each tag is written back compactly: `a[href=/x][hidden]` for a start tag
/// (attribute names and values as the bytes spell them), `br/` for a self-closing one, `/a` for an end tag, and
/// `title{text}` for a start tag whose contents are raw text.
@Suite struct HTMLTokenizerTests {
    func tags(_ html: String, endTags: Bool = true) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes, endTags: endTags)
            var tags: [String] = []
            while let tag = tokenizer.next() {
                guard !tag.isEndTag else {
                    tags.append("/" + bytes.string(tag.name))
                    continue
                }
                var text = bytes.string(tag.name)
                for attribute in tag.attributes {
                    text += "[" + bytes.string(attribute.name) + (attribute.value.map { "=" + bytes.string($0) } ?? "") + "]"
                }
                if tag.isSelfClosing { text += "/" }
                if let contents = tag.text { text += "{" + bytes.string(contents) + "}" }
                tags.append(text)
            }
            return tags
        }
    }

    @Test(arguments: [
        (#"<a href="/d">"#, ["a[href=/d]"]),
        (#"<a href='/s'>"#, ["a[href=/s]"]),
        (#"<a href=/u>"#, ["a[href=/u]"]),
        (#"<a href = "/spaced" >"#, ["a[href=/spaced]"]),
        (#"<input disabled value="" name=q>"#, ["input[disabled][value=][name=q]"]),
        (#"<a title="it's" alt='say "hi"'>"#, [#"a[title=it's][alt=say "hi"]"#]),
        ("<a\nhref=\"/x\"\tclass=b>", ["a[href=/x][class=b]"]),
        ("<a =x href=/y>", ["a[=x][href=/y]"]),
    ])
    func readsEveryQuotingStyle(html: String, expected: [String]) {
        #expect(tags(html) == expected)
    }

    @Test func anUnquotedValueEndsAtASpaceOrTheTagsEnd() {
        #expect(tags("<a href=/a/?q=1&amp;r=2 class=x>") == ["a[href=/a/?q=1&amp;r=2][class=x]"])
        // The slash belongs to the value, so this tag does not close itself.
        #expect(tags("<a href=/x/>t</a>") == ["a[href=/x/]", "/a"])
    }

    @Test func aGreaterThanSignInAQuotedValueDoesNotEndTheTag() {
        #expect(tags(#"<img alt="a > b" src="/x.png"><p title='>'>"#) == ["img[alt=a > b][src=/x.png]", "p[title=>]"])
    }

    @Test func selfClosingTags() {
        #expect(tags(#"<br/><img src="/a.png" /><svg viewBox="0 0 1 1"/><p>"#)
                == ["br/", "img[src=/a.png]/", "svg[viewBox=0 0 1 1]/", "p"])
    }

    @Test func commentsAreSkippedWithTheTagsInThem() {
        #expect(tags(#"<!-- <a href="/commented/"> --><p><!--><b><!---><i><!-- a -- b --><u>"#) == ["p", "b", "i", "u"])
        #expect(tags("<!-- never closed <a href=/x>") == [])
    }

    @Test func scriptStyleTextareaAndTitleAreRawText() {
        let html = """
            <script>if (a<b) document.write("</div><a href='/x'>")</script><p>\
            <style>a[href^="/"] > b { }</style><textarea><a href="/t"></textarea><title>A <b> & c</title>
            """
        #expect(tags(html) == [
            #"script{if (a<b) document.write("</div><a href='/x'>")}"#, "/script", "p",
            #"style{a[href^="/"] > b { }}"#, "/style", #"textarea{<a href="/t">}"#, "/textarea", "title{A <b> & c}", "/title",
        ])
    }

    @Test func rawTextEndsOnlyAtItsOwnEndTag() {
        #expect(tags(#"<script>s = "</scripts></scrip>";</script ><i>"#) == [#"script{s = "</scripts></scrip>";}"#, "/script", "i"])
        #expect(tags("<script>never closed <a href=/x>") == ["script{never closed <a href=/x>}"])
    }

    @Test func aReaderThatNeedsNoEndTagsGetsOnlyStartTags() {
        let html = #"<p class=a>x</p><script>"</p>"</script><B>y</B >"#
        #expect(tags(html, endTags: false) == ["p[class=a]", #"script{"</p>"}"#, "B"])
        #expect(tags(html) == ["p[class=a]", "/p", #"script{"</p>"}"#, "/script", "B", "/B"])
    }

    @Test func uppercaseTagsKeepTheirSpellingAndMatchAnyCase() {
        #expect(tags(#"<A HREF="/x">X</A><SCRIPT>"<p>"</script><Title>T</TITLE>"#)
                == ["A[HREF=/x]", "/A", #"SCRIPT{"<p>"}"#, "/script", "Title{T}", "/TITLE"])
        var html = "<IMG SRC=/a.png>"
        html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            let tag = tokenizer.next()
            #expect(tag.map { bytes.spells($0.name, "img") } == true)
            #expect(tag?.attribute("src", in: bytes).flatMap(\.value).map(bytes.string) == "/a.png")
        }
    }

    @Test func cdataDoctypesProcessingInstructionsAndLoneSignsAreNotTags() {
        #expect(tags(#"<!DOCTYPE html><?xml version="1.0"?><svg><![CDATA[ <a href="/no"> ]]><text>1 < 2 <3 </text></svg>"#)
                == ["svg", "text", "/text", "/svg"])
        #expect(tags("a <= b, </> and </ p>") == [])
    }

    @Test func rangesCoverTheTagAndEachAttribute() {
        var html = #"x <a class=c href="/h" hidden>y</a >"#
        html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            guard let start = tokenizer.next() else { Issue.record("no tag"); return }
            #expect(bytes.string(start.range) == #"<a class=c href="/h" hidden>"#)
            #expect(start.attributes.map { bytes.string($0.range) } == ["class=c", #"href="/h""#, "hidden"])
            guard let end = tokenizer.next() else { Issue.record("no end tag"); return }
            #expect(bytes.string(end.range) == "</a >")
            #expect(tokenizer.next() == nil)
        }
    }

    @Test func survivesTruncatedMarkup() {
        for html in ["<", "<a", "<a href", "<a href=", "<a href=\"/x", "<a href='", "</", "</a", "<!", "<!--", "<!-", "<![CDATA[", "<?", "<title>", "<script"] {
            _ = tags(html)
        }
        #expect(tags(#"<a href="/x"#) == ["a[href=/x]"])
        #expect(tags("<a href=") == ["a"])
    }

    @Test func lineAndColumnCountLinesAndUnicodeScalars() {
        var html = "<p>\nCafé <a href=\"/é\">\r\n\t<img src=/x>"
        html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            let lines = LineIndex(bytes)
            var positions: [String] = []
            while let tag = tokenizer.next() {
                for attribute in tag.attributes {
                    let (line, column) = lines.position(of: attribute.value?.lowerBound ?? 0)
                    positions.append("\(bytes.string(attribute.name)) \(line):\(column)")
                }
                let (line, column) = lines.position(of: tag.range.lowerBound)
                positions.append("<\(bytes.string(tag.name)) \(line):\(column)")
            }
            #expect(positions == ["<p 1:1", "href 2:15", "<a 2:6", "src 3:11", "<img 3:2"])
        }
    }
}
