import Foundation

/// The script `tally serve` adds to the HTML it serves (never to files on disk): it long-polls the events
/// endpoint with its page's path (so serve knows which pages are open), reloads the page after a good rebuild or
/// once its page is rendered ahead of one, and shows a failed build's diagnostics over the page.
enum LiveReload {
    static let eventsPath = "/__tally/events"

    /// What the events endpoint answers.
    struct Event: Codable, Equatable {
        let generation: Int
        let ok: Bool
        let errors: [String]
        /// Differs after a restart of `tally serve`, so open pages reload then too.
        let server: String
    }

    /// `html` with the script inserted before its last `</body>`, or appended when there is none.
    static func inject(into html: Data, generation: Int, server: String) -> Data {
        let script = Data(self.script(generation: generation, server: server).utf8)
        let bytes = [UInt8](html)
        let marker = Array("</body".utf8)
        var index = bytes.count - marker.count
        while index >= 0 {
            if zip(bytes[index...], marker).allSatisfy({ ($0 | 0x20) == $1 }) {
                return Data(bytes[..<index]) + script + Data(bytes[index...])
            }
            index -= 1
        }
        return html + script
    }

    /// The server id is letters and digits, and the generation a number, so nothing here needs escaping;
    /// diagnostics reach the page only through `textContent`.
    static func script(generation: Int, server: String) -> String {
        """
        <script>
        (() => {
          const served = \(generation), server = "\(server)";
          let after = served - 1, box = null;
          const show = (errors) => {
            if (!box) {
              box = document.createElement("div");
              box.id = "tally-build-error";
              box.setAttribute("style", "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:1.5rem;" +
                "background:rgba(40,0,0,.94);color:#fff;font:14px/1.5 ui-monospace,Menlo,monospace");
              (document.body || document.documentElement).appendChild(box);
            }
            const title = document.createElement("strong");
            title.textContent = "tally serve: the build failed; this is the last good build.";
            const text = document.createElement("pre");
            text.style.whiteSpace = "pre-wrap";
            text.textContent = errors.join("\\n");
            box.replaceChildren(title, text);
          };
          const poll = async () => {
            for (;;) {
              try {
                // The page's path tells serve which pages are open, to render them first after a change.
                const response = await fetch("\(eventsPath)?after=" + after + "&page=" + encodeURIComponent(location.pathname),
                                             { cache: "no-store" });
                const event = await response.json();
                if (event.server !== server || (event.ok && event.generation > served)) { location.reload(); return; }
                if (!event.ok) show(event.errors);
                after = event.generation;
              } catch (error) {
                await new Promise((resolve) => setTimeout(resolve, 1000));
              }
            }
          };
          poll();
        })();
        </script>

        """
    }
}
