// Runs the graph view's script under node with a stubbed DOM, clicks the node whose content
// holds MARK, and prints what the side panel shows as JSON. Used by test_html_cli.py.
const fs = require("fs");
const html = fs.readFileSync(process.argv[2], "utf8");
const mark = process.argv[3];
const data = html.match(/<script type="application\/json" id="graph-data">([\s\S]*?)<\/script>/)[1];
const code = html.match(/<script>\n([\s\S]*?)<\/script>/)[1];
const els = {}, listeners = {}, created = [];
function ctx2d() {
  return new Proxy({}, {get: (o, k) => (k in o ? o[k] : () => {}), set: (o, k, v) => { o[k] = v; return true; }});
}
function element(id) {
  return els[id] || (els[id] = {
    id, textContent: "", style: {}, children: [], appendChild(c) { this.children.push(c); },
    addEventListener(t, f) { listeners[id + ":" + t] = f; }, getContext: ctx2d,
    getBoundingClientRect() { return {left: 0, top: 0}; }, clientWidth: 800, clientHeight: 600,
  });
}
global.document = {
  getElementById(id) { return id === "graph-data" ? {textContent: data} : element(id); },
  createElement() { const e = {textContent: "", style: {}, addEventListener() {}}; created.push(e); return e; },
};
global.window = {addEventListener(t, f) { listeners["window:" + t] = f; }};
global.devicePixelRatio = 1;
eval(code);
const parsed = JSON.parse(data);
const i = parsed.nodes.findIndex((n) => n.content && n.content.includes(mark));
const n = parsed.nodes[i];
const x = 400 + n.x * 270, y = 300 + n.y * 270;  // fit(): scale min(800, 600) * 0.45, centred
listeners["c:mousedown"]({clientX: x, clientY: y});
listeners["window:mouseup"]({clientX: x, clientY: y});
console.log(JSON.stringify({name: els.name.textContent, content: els.content.textContent,
                            links: els.links.children.length}));
