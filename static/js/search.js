// Search for the organization directory, as the reader types. It asks the site's Pagefind index (pagefind/, which
// `make search` writes after the build: a few kilobytes a search however many organizations there are) and, when the
// site has none, filters /orgs/search.json by name, tag or place. Progressive enhancement only: the form stays hidden
// without JavaScript, results are built with createElement and textContent (never as HTML), and the only requests
// are for the site's own files.
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
  var shown = 20;
  var entries = null;
  var engine = null;
  var latest = 0;

  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[-_]/g, " ");
  }

  // Pagefind when the build has its index, else the JSON file; decided once, on the first search.
  function load() {
    if (!engine) {
      engine = import(new URL("pagefind/pagefind.js", base).href)
        .then(function (pagefind) {
          // Result URLs are the site's own paths: under a sub-path (/repo/) they need it in front.
          return Promise.resolve(pagefind.options({ baseUrl: base.pathname })).then(function () {
            return { search: pagefindSearch(pagefind) };
          });
        }, function () {
          return loadJSON().then(function () { return { search: jsonSearch }; });
        });
    }
    return engine;
  }

  function loadJSON() {
    return fetch(new URL("orgs/search.json", base).href, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (rows) {
        entries = (Array.isArray(rows) ? rows : []).filter(function (row) {
          return row && typeof row.name === "string" && typeof row.url === "string" && row.url.charAt(0) === "/";
        }).map(function (row) {
          var place = [row.city, row.region, row.country].filter(Boolean).join(", ");
          return { name: row.name, url: row.url, details: [place, row.tags].filter(Boolean).join(" \u00b7 "),
                   haystack: fold([row.name, row.tags, place].join(" | ")) };
        });
      });
  }

  // Both searches give { count, items: [{ name, url (a site path), details }] }, items at most `shown`.
  function jsonSearch(text) {
    var words = fold(text).split(/\s+/).filter(Boolean);
    var matches = entries.filter(function (entry) {
      return words.every(function (word) { return entry.haystack.indexOf(word) !== -1; });
    });
    return Promise.resolve({ count: matches.length, items: matches.slice(0, shown) });
  }

  function pagefindSearch(pagefind) {
    return function (text) {
      return pagefind.search(text).then(function (search) {
        var results = search && Array.isArray(search.results) ? search.results : [];
        return Promise.all(results.slice(0, shown).map(function (result) { return result.data(); }))
          .then(function (pages) {
            return { count: results.length, items: pages.map(function (page) {
              // Pagefind's URLs carry the base it was given; items hold site paths, as the JSON index does.
              var url = String(page.url || "/");
              if (url.indexOf(base.pathname) === 0) url = "/" + url.slice(base.pathname.length);
              return { name: (page.meta && page.meta.title) || url, url: url, details: plainText(page.excerpt) };
            }) };
          });
      });
    };
  }

  // Pagefind's excerpt is HTML (<mark> around the words found): read as text, never inserted as HTML.
  function plainText(html) {
    return new DOMParser().parseFromString(String(html || ""), "text/html").body.textContent || "";
  }

  function item(entry) {
    var li = document.createElement("li");
    var link = document.createElement("a");
    link.href = new URL(entry.url.replace(/^\/+/, ""), base).href;
    link.textContent = entry.name;
    li.appendChild(link);
    if (entry.details) {
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = entry.details;
      li.appendChild(meta);
    }
    return li;
  }

  function show(found, text) {
    list.replaceChildren();
    found.items.forEach(function (entry) { list.appendChild(item(entry)); });
    var count = found.count === 1 ? "1 organization matches" : found.count + " organizations match";
    var more = found.count > found.items.length ? "; the first " + found.items.length + " are listed" : "";
    status.textContent = count + " \u201c" + text + "\u201d" + more + ".";
  }

  function update() {
    var text = input.value.trim();
    var asked = ++latest;
    if (!text) {
      list.replaceChildren();
      status.textContent = "";
      return;
    }
    load().then(function (search) { return search.search(text); }).then(function (found) {
      // A slower answer to an earlier keystroke must not replace the answer to the latest.
      if (asked === latest) show(found, text);
    }, function () {
      if (asked === latest) status.textContent = "Search is unavailable right now; the sorted lists below show every organization.";
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
