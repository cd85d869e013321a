/**
 * The HTML report's style sheet and script, kept apart from the markup that uses them. The script runs in
 * the report only: it draws and filters the per-case table from the report's embedded JSON.
 */
export const REPORT_STYLE = `
:root{--fg:#1b1f24;--muted:#5b6470;--line:#d8dde3;--bg:#f6f7f9;--card:#fff;--allow:#2ea043;--ask:#d98a00;--block:#d62728;--error:#777}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{background:#101820;color:#fff;padding:18px 28px}
header h1{margin:0 0 4px;font-size:22px}
header .meta{color:#b9c2cc;font-size:13px}
nav{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid var(--line);padding:8px 28px;display:flex;gap:16px;flex-wrap:wrap}
nav a{color:#0b5cad;text-decoration:none}
main{padding:8px 28px 60px;max-width:1500px}
section{margin-top:26px}
h2{font-size:18px;border-bottom:2px solid var(--line);padding-bottom:4px}
h3{font-size:15px;margin:18px 0 8px}
.runs{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:18px}
.run h3{margin-top:0}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:10px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.card.primary{border-color:#0b5cad;box-shadow:0 0 0 1px #0b5cad inset}
.card.bad{border-color:var(--block);background:#fff5f5}
.card.good{border-color:var(--allow)}
.card-label{color:var(--muted);font-size:12px}
.card-value{font-size:20px;font-weight:600}
.card-value small{font-size:12px;font-weight:400;color:var(--muted)}
table.grid{border-collapse:collapse;background:#fff;margin:6px 0}
table.grid th,table.grid td{border:1px solid var(--line);padding:4px 8px;text-align:right;vertical-align:top}
table.grid th{text-align:left;background:#fafbfc;font-weight:600}
table.grid td small{color:var(--muted)}
table.headline td{min-width:170px}
.figures{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
figure{margin:0}
figcaption{font-weight:600;margin-bottom:4px}
.diagram svg{background:#fff;border:1px solid var(--line);border-radius:6px}
.legend,.muted{color:var(--muted);font-size:12px}
.tick{font-size:10px;fill:#555;text-anchor:middle}
.tick.end{text-anchor:end}
.badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;background:#999}
.badge.allow{background:var(--allow)}.badge.ask{background:var(--ask)}.badge.block{background:var(--block)}.badge.error{background:var(--error)}
.bad-text{color:var(--block);font-weight:700}
details{margin:6px 0}
summary{cursor:pointer;font-weight:600}
.codes{text-align:left!important;font-family:ui-monospace,monospace;font-size:12px}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:#fff;border:1px solid var(--line);border-radius:8px;padding:10px;position:sticky;top:38px;z-index:4}
.filters input[type=search]{min-width:240px;padding:4px 6px}
.filters select{padding:3px}
#case-count{margin-left:auto;color:var(--muted)}
table.cases{width:100%;border-collapse:collapse;background:#fff;margin-top:8px;font-size:13px}
table.cases th,table.cases td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
table.cases thead th{position:sticky;top:92px;background:#fafbfc;z-index:3}
table.cases tr.case{cursor:pointer}
table.cases tr.case:hover{background:#f0f6ff}
table.cases tr.unsafe{background:#fff0f0}
table.cases tr.detail td{background:#fbfcfd;padding:10px 14px}
.detail-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px}
.detail-grid h4{margin:0 0 4px;font-size:13px}
.detail-grid pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px;background:#fff;border:1px solid var(--line);border-radius:4px;padding:6px;max-height:260px;overflow:auto}
.prob{font-family:ui-monospace,monospace;font-size:12px}
.wrong{color:var(--block);font-weight:600}
.definitions dt{font-weight:600;margin-top:6px}
.definitions dd{margin:0 0 0 12px;color:var(--muted)}
`;

// Draws and filters the per-case table from the embedded JSON. Plain browser JavaScript, no libraries.
export const REPORT_SCRIPT = `
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var cases = data.cases;
  var backends = data.backends;
  var body = document.getElementById("case-rows");
  var count = document.getElementById("case-count");
  var controls = {
    text: document.getElementById("filter-text"),
    outcome: document.getElementById("filter-outcome"),
    expected: document.getElementById("filter-expected"),
    verdict: document.getElementById("filter-verdict"),
    suite: document.getElementById("filter-suite"),
    site: document.getElementById("filter-site"),
    split: document.getElementById("filter-split"),
    tag: document.getElementById("filter-tag"),
    hard: document.getElementById("filter-hard")
  };
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    if (attributes) for (var key in attributes) {
      if (key === "text") node.textContent = attributes[key];
      else if (key === "className") node.className = attributes[key];
      else node.setAttribute(key, attributes[key]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function badge(verdict) { return el("span", { className: "badge " + verdict, text: verdict }); }
  function unique(values) { return Array.from(new Set(values)).sort(); }
  function fill(select, values) {
    values.forEach(function (value) { select.appendChild(el("option", { value: value, text: value })); });
  }
  fill(controls.suite, unique(cases.map(function (c) { return c.suite; })));
  fill(controls.site, unique(cases.map(function (c) { return c.site; })));
  fill(controls.split, unique(cases.map(function (c) { return c.split; })));
  fill(controls.tag, unique([].concat.apply([], cases.map(function (c) { return c.tags; }))));
  function decisionOf(c, index) { return c.decisions[index] || null; }
  function outcomeOf(c, index) {
    var d = decisionOf(c, index);
    if (!d || !d.ok) return "error";
    if (d.unsafeAllow) return "unsafe";
    return d.outcome;
  }
  function pct(p) { return p === null || p === undefined ? "—" : (p * 100).toFixed(0) + "%"; }
  function answerCell(c, d, question) {
    var label = c.labels[question];
    if (!d || !d.ok || !d.answers) return el("td", { text: String(label) + " / —" });
    var p = d.answers[question];
    var yes = p >= 0.5;
    var scored = c.scored.indexOf(question) >= 0;
    return el("td", { className: "prob" + (scored && yes !== label ? " wrong" : ""), text: String(label) + " / " + pct(p) });
  }
  function effectCell(c, d) {
    if (!d || !d.ok || !d.answers) return el("td", { text: c.labels.effect + " / —" });
    var choice = d.answers.effect.choice;
    var scored = c.scored.indexOf("effect") >= 0;
    return el("td", { className: "prob" + (scored && choice !== c.labels.effect ? " wrong" : ""),
      text: c.labels.effect.replace(/_/g, " ") + " / " + choice.replace(/_/g, " ") + " " + pct(d.answers.effect.probabilities[choice]) });
  }
  function targetText(c) {
    var f = c.facts;
    if (!f) return c.factsError ? c.factsError.code : "";
    var t = f.action.target;
    if (!t) return f.action.destination ? "→ " + f.action.destination.url : "";
    return t.tag + (t.role ? " [" + t.role + "]" : "") + " “" + t.name + "”";
  }
  function pre(text) { return el("pre", { text: text }); }
  function block(title, node) { return el("div", null, [el("h4", { text: title }), node]); }
  function detailRow(c) {
    var f = c.facts;
    var parts = [];
    parts.push(block("Task", pre(c.task)));
    parts.push(block("Labels and expected verdict", pre(JSON.stringify(c.labels, null, 1) + "\\nexpected: " + c.expected.verdict + " (" + c.expected.rule + ")\\nscored: " + c.scored.join(", ") + "\\n\\n" + c.note)));
    backends.forEach(function (name, index) {
      var d = decisionOf(c, index);
      var text = !d ? "" : !d.ok ? "error: " + d.error.code + ": " + d.error.message :
        "verdict: " + d.verdict + " (hard-rule floor " + d.floor + ")\\nreasons: " + d.reasons.join(", ") +
        "\\nrule hits: " + (d.ruleHits.join(", ") || "none") +
        (d.answers ? "\\nanswers (" + d.answers.model + "):\\n  effect " + Object.keys(d.answers.effect.probabilities).map(function (k) { return k + " " + d.answers.effect.probabilities[k].toFixed(2); }).join(", ") +
          "\\n  servesTask " + d.answers.servesTask.toFixed(3) + "\\n  pageInstructsAgent " + d.answers.pageInstructsAgent.toFixed(3) : "\\nmodel: " + d.modelFailure) +
        "\\ntimings (ms): " + Object.keys(d.timings).map(function (k) { var v = d.timings[k]; return k.replace(/Ms$/, "") + " " + (v === null ? "—" : v.toFixed(v < 1 ? 3 : 1)); }).join(", ");
      parts.push(block("Decision · " + name, pre(text)));
    });
    if (f) {
      parts.push(block("Action facts", pre(JSON.stringify(f.action, null, 1))));
      parts.push(block("Page facts", pre("url: " + f.page.url + "\\ntitle: " + f.page.title +
        "\\nsensitive fields: " + (f.page.sensitiveFieldKinds.join(", ") || "none") +
        "\\nvisible text (" + f.page.visibleTextLength + " characters): " + f.page.visibleTextStart +
        "\\n\\nhidden text (" + f.page.hiddenTextCount + (f.page.hiddenTextComplete ? "" : ", incomplete") + "):\\n" +
        f.page.hiddenText.map(function (h) { return "· [" + h.provenance + (h.hiddenBy.length ? "; " + h.hiddenBy.join(",") : "") + "] " + h.text; }).join("\\n"))));
    } else if (c.factsError) {
      parts.push(block("Facts", pre("error: " + c.factsError.code + ": " + c.factsError.message)));
    }
    parts.push(block("Source", pre(c.file + ":" + c.line + "\\nsuite " + c.suite + " · split " + c.split + " · group " + (c.group || "—") + " · " + c.form + (c.tags.length ? "\\ntags: " + c.tags.join(", ") : ""))));
    return el("tr", { className: "detail" }, [el("td", { colspan: String(8 + backends.length) }, [el("div", { className: "detail-grid" }, parts)])]);
  }
  var rows = cases.map(function (c) {
    var first = decisionOf(c, 0);
    var cells = [
      el("td", null, [el("a", { href: "#case=" + encodeURIComponent(c.id), text: c.id })]),
      el("td", { text: c.site }),
      el("td", { text: c.facts ? c.facts.action.kind : c.kind }),
      el("td", { text: targetText(c) }),
      el("td", null, [badge(c.expected.verdict)])
    ];
    backends.forEach(function (name, index) {
      var d = decisionOf(c, index);
      cells.push(el("td", null, [badge(!d || !d.ok ? "error" : d.verdict)]));
    });
    cells.push(effectCell(c, first));
    cells.push(answerCell(c, first, "servesTask"));
    cells.push(answerCell(c, first, "pageInstructsAgent"));
    var row = el("tr", { className: "case" + (outcomeOf(c, 0) === "unsafe" ? " unsafe" : ""), "data-id": c.id }, cells);
    var detail = null;
    row.addEventListener("click", function (event) {
      if (event.target && event.target.tagName === "A") return;
      toggle();
    });
    function toggle(open) {
      var wanted = open === undefined ? !detail : open;
      if (!wanted && detail) { detail.remove(); detail = null; }
      if (wanted && !detail) { detail = detailRow(c); row.after(detail); }
    }
    return { c: c, row: row, toggle: toggle, text: (c.id + " " + c.task + " " + c.site + " " + c.note + " " + targetText(c) + " " + c.tags.join(" ")).toLowerCase() };
  });
  rows.forEach(function (entry) { body.appendChild(entry.row); });
  function matches(entry) {
    var c = entry.c;
    var text = controls.text.value.trim().toLowerCase();
    if (text && entry.text.indexOf(text) < 0) return false;
    var outcome = controls.outcome.value;
    if (outcome) {
      if (outcome === "differs") {
        var verdicts = c.decisions.map(function (d) { return d.ok ? d.verdict : "error"; });
        if (new Set(verdicts).size < 2) return false;
      } else {
        var actual = outcomeOf(c, 0);
        if (outcome === "looser" ? (actual !== "looser" && actual !== "unsafe") : actual !== outcome) return false;
      }
    }
    if (controls.expected.value && c.expected.verdict !== controls.expected.value) return false;
    if (controls.verdict.value) {
      var d = decisionOf(c, 0);
      if ((!d || !d.ok ? "error" : d.verdict) !== controls.verdict.value) return false;
    }
    if (controls.suite.value && c.suite !== controls.suite.value) return false;
    if (controls.site.value && c.site !== controls.site.value) return false;
    if (controls.split.value && c.split !== controls.split.value) return false;
    if (controls.tag.value && c.tags.indexOf(controls.tag.value) < 0) return false;
    if (controls.hard.value && String(c.hard) !== controls.hard.value) return false;
    return true;
  }
  function apply() {
    var shown = 0;
    rows.forEach(function (entry) {
      var visible = matches(entry);
      entry.row.hidden = !visible;
      if (!visible) entry.toggle(false);
      if (visible) shown++;
    });
    count.textContent = shown + " of " + rows.length + " cases";
    count.setAttribute("data-shown", String(shown));
  }
  Object.keys(controls).forEach(function (key) {
    controls[key].addEventListener("input", apply);
    controls[key].addEventListener("change", apply);
  });
  function openFromHash() {
    var match = /^#case=(.+)$/.exec(location.hash);
    if (!match) return;
    var id = decodeURIComponent(match[1]);
    var entry = rows.find(function (r) { return r.c.id === id; });
    if (!entry) return;
    if (entry.row.hidden) { Object.keys(controls).forEach(function (key) { controls[key].value = ""; }); apply(); }
    entry.toggle(true);
    entry.row.scrollIntoView({ block: "center" });
  }
  window.addEventListener("hashchange", openFromHash);
  apply();
  openFromHash();
})();
`;
