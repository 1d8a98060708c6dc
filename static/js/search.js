// Search for the organization directory: filters /orgs/search.json by name, tag or place as the reader types.
// Progressive enhancement only: the form stays hidden without JavaScript, results are built with
// createElement and textContent (never as HTML), and the only request is for the site's own index.
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.getElementById("org-search");
  var input = document.getElementById("org-search-input");
  var status = document.getElementById("org-search-status");
  var list = document.getElementById("org-search-results");
  if (!script || !form || !input || !status || !list || !window.fetch || !window.URL) return;

  // The script is served from <base>js/search.js, so its own URL gives the site's base even under a sub-path.
  var base = new URL("../", script.src);
  var entries = null;
  var loading = null;

  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[-_]/g, " ");
  }

  function load() {
    if (!loading) {
      loading = fetch(new URL("orgs/search.json", base).href, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error("HTTP " + response.status);
          return response.json();
        })
        .then(function (rows) {
          entries = (Array.isArray(rows) ? rows : []).filter(function (row) {
            return row && typeof row.name === "string" && typeof row.url === "string" && row.url.charAt(0) === "/";
          }).map(function (row) {
            var place = [row.city, row.region, row.country].filter(Boolean).join(", ");
            return { row: row, place: place, haystack: fold([row.name, row.tags, place].join(" | ")) };
          });
        });
    }
    return loading;
  }

  function item(entry) {
    var li = document.createElement("li");
    var link = document.createElement("a");
    link.href = new URL(entry.row.url.replace(/^\/+/, ""), base).href;
    link.textContent = entry.row.name;
    li.appendChild(link);
    var details = [entry.place, entry.row.tags].filter(Boolean).join(" · ");
    if (details) {
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = details;
      li.appendChild(meta);
    }
    return li;
  }

  function show() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    list.replaceChildren();
    if (words.length === 0) {
      status.textContent = "";
      return;
    }
    var matches = entries.filter(function (entry) {
      return words.every(function (word) { return entry.haystack.indexOf(word) !== -1; });
    });
    matches.forEach(function (entry) { list.appendChild(item(entry)); });
    var count = matches.length === 1 ? "1 organization matches" : matches.length + " organizations match";
    status.textContent = count + " \u201c" + input.value.trim() + "\u201d.";
  }

  function update() {
    load().then(show, function () {
      status.textContent = "Search is unavailable right now; the sorted lists below show every organization.";
    });
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  input.addEventListener("input", update);
  form.hidden = false;
  // A link such as /orgs/?q=malaria opens with that search done.
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    update();
  }
})();
