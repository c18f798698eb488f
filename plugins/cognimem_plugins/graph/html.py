"""A self-contained interactive HTML view of the graph (inline CSS and JS, no network).

The layout is computed here with rustworkx's ``spring_layout`` (seeded, so a graph always
draws the same); the page draws it on a canvas with pan (drag), zoom (wheel), hover (a
tooltip) and click (a side panel with the node's content and links). All data is embedded as
JSON inside a ``<script type="application/json">`` element with ``<``, ``>``, ``&`` and
U+2028/U+2029 escaped, and every text is put on the page with ``textContent``: memory
content can never become markup or script.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

import rustworkx as rx

from cognimem.errors import InvalidInput

from .kg import engine_graph

if TYPE_CHECKING:
    from cognimem.engine import Engine

DEFAULT_LIMIT = 2000
CONTENT_CHARS = 4000


def graph_data(engine: Engine, *, limit: int = DEFAULT_LIMIT, project: str | None = None,
               seed: int | None = None) -> dict[str, Any]:
    """Nodes (with layout and content) and links of the graph, as plain data.

    :raises InvalidInput: more than ``limit`` nodes (naming ``--limit``).
    """
    graph = engine_graph(engine)
    keep = [i for i in graph.graph.node_indices()
            if project is None or graph.graph[i].kind == "entity"
            or graph.graph[i].project == project]
    if project is not None:  # entities only when a kept memory mentions them
        memories = {i for i in keep if graph.graph[i].kind == "memory"}
        keep = [i for i in keep if i in memories
                or any(n in memories for n in graph.graph.neighbors(i))]
    if len(keep) > limit:
        raise InvalidInput(
            f"the graph has {len(keep):,} nodes, more than the limit of {limit:,}: raise it "
            "with --limit N (a browser stays responsive up to a few thousand nodes) or narrow "
            "the view with --project"
        )
    sub = graph.graph.subgraph(keep)
    layout = rx.spring_layout(sub, seed=engine.profile.seed if seed is None else seed,
                              num_iter=50) if sub.num_nodes() else {}
    order = list(sub.node_indices())
    position = {idx: n for n, idx in enumerate(order)}
    stored = engine.store.get_memories([sub[i].id for i in order if sub[i].kind == "memory"])
    nodes = []
    for idx in order:
        node = sub[idx]
        x, y = layout[idx] if idx in layout else (0.0, 0.0)  # noqa: SIM401
        memory = stored.get(node.id)
        nodes.append({
            "id": node.id, "kind": node.kind, "label": node.label, "layer": node.layer,
            "project": node.project, "community": node.community,
            "degree": sub.out_degree(idx), "x": round(float(x), 4), "y": round(float(y), 4),
            "content": memory.content[:CONTENT_CHARS] if memory else None,
            "tags": memory.tags if memory else [],
        })
    at = {sub[idx].id: n for idx, n in position.items()}
    links = [[at[lk.source], at[lk.target], lk.type, round(lk.weight, 4)]
             for lk in graph.links.values() if lk.source in at and lk.target in at]
    return {"nodes": nodes, "links": links, "stats": graph.stats(), "profile": engine.profile.name}


def script_json(data: Any) -> str:
    """JSON safe to embed in a ``<script>`` element (no ``</script>``, no U+2028/9 breaks)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def render_html(engine: Engine, *, limit: int = DEFAULT_LIMIT, project: str | None = None,
                title: str = "cognimem graph") -> str:
    """The whole page as a string (see the module docstring)."""
    return page_of(graph_data(engine, limit=limit, project=project), title)


def page_of(data: dict[str, Any], title: str = "cognimem graph") -> str:
    """The page for data made by :func:`graph_data`."""
    return (PAGE.replace("__TITLE__", html.escape(title))
            .replace("__DATA__", script_json(data)))


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;background:#11141a;color:#dde}
#wrap{display:flex;height:100%}
canvas{flex:1;display:block;cursor:grab}
aside{width:340px;overflow:auto;padding:12px;background:#1a1e27;border-left:1px solid #333}
aside h2{font-size:15px;margin:4px 0 8px}
#content{white-space:pre-wrap;word-break:break-word;background:#11141a;padding:8px;border-radius:4px}
#tip{position:fixed;pointer-events:none;background:#000d;padding:4px 6px;border-radius:3px;
 display:none;max-width:320px}
input{width:100%;box-sizing:border-box;padding:4px;margin-bottom:8px;background:#11141a;
 color:#dde;border:1px solid #444}
.k{color:#99a}.legend span{display:inline-block;margin-right:8px}
li{cursor:pointer}
</style></head>
<body><div id="wrap"><canvas id="c"></canvas><aside>
<input id="find" placeholder="highlight nodes whose label contains...">
<div class="legend" id="legend"></div>
<div id="stats" class="k"></div>
<h2 id="name">Click a node</h2><div id="meta" class="k"></div>
<div id="content"></div><h2>Links</h2><ul id="links"></ul>
</aside></div><div id="tip"></div>
<script type="application/json" id="graph-data">__DATA__</script>
<script>
(function(){
"use strict";
var data=JSON.parse(document.getElementById("graph-data").textContent);
var N=data.nodes,L=data.links,cv=document.getElementById("c"),cx=cv.getContext("2d");
var colors={working:"#e0a040",episodic:"#4fa3e0",semantic:"#7bd389",procedural:"#c27be0",
 partner:"#e07b9a",entity:"#8890a0"};
var adj=N.map(function(){return [];});
L.forEach(function(l,i){adj[l[0]].push(i);adj[l[1]].push(i);});
var view={s:1,x:0,y:0},sel=-1,hover=-1,find="";
function el(id){return document.getElementById(id);}
function text(id,t){el(id).textContent=t==null?"":String(t);}
var lg=el("legend");Object.keys(colors).forEach(function(k){var s=document.createElement("span");
 s.textContent="\\u25cf "+k;s.style.color=colors[k];lg.appendChild(s);});
text("stats",N.length+" nodes, "+L.length+" links");
function size(){cv.width=cv.clientWidth*devicePixelRatio;
 cv.height=cv.clientHeight*devicePixelRatio;fit();}
function fit(){var w=cv.width,h=cv.height;view.s=Math.min(w,h)*0.45;view.x=w/2;view.y=h/2;draw();}
function sx(n){return view.x+n.x*view.s;} function sy(n){return view.y+n.y*view.s;}
function rad(n){return (n.kind==="entity"?2.5:4)+Math.min(6,Math.sqrt(n.degree))*devicePixelRatio;}
function color(n){return n.kind==="entity"?colors.entity:(colors[n.layer]||"#ccc");}
function draw(){
 cx.clearRect(0,0,cv.width,cv.height);cx.lineWidth=1;
 L.forEach(function(l,i){var a=N[l[0]],b=N[l[1]];var on=sel>=0&&(l[0]===sel||l[1]===sel);
  cx.strokeStyle=on?"#fff":(l[2]==="mentions"?"#ffffff14":"#ffffff33");
  cx.beginPath();cx.moveTo(sx(a),sy(a));cx.lineTo(sx(b),sy(b));cx.stroke();});
 N.forEach(function(n,i){var hit=find&&n.label.toLowerCase().indexOf(find)>=0;
  cx.fillStyle=color(n);cx.globalAlpha=(find&&!hit)?0.25:1;
  cx.beginPath();cx.arc(sx(n),sy(n),rad(n)*(i===sel||hit?1.8:1),0,6.2832);cx.fill();});
 cx.globalAlpha=1;}
function at(px,py){var best=-1,bd=1e9;
 N.forEach(function(n,i){var dx=sx(n)-px,dy=sy(n)-py,d=dx*dx+dy*dy;
  var r=rad(n)+4;if(d<r*r&&d<bd){bd=d;best=i;}});return best;}
function show(i){sel=i;var n=N[i];text("name",n.label);
 text("meta",n.kind+(n.layer?" \\u00b7 "+n.layer:"")+(n.project?" \\u00b7 project "+n.project:"")+
  (n.community!=null?" \\u00b7 topic "+n.community:"")+" \\u00b7 "+n.id);
 text("content",n.content||"");var ul=el("links");ul.textContent="";
 adj[i].slice(0,200).forEach(function(li){var l=L[li],o=l[0]===i?l[1]:l[0];
 var item=document.createElement("li");
  item.textContent=(l[0]===i?"\\u2192 ":"\\u2190 ")+l[2]+" ("+l[3]+") "+N[o].label;
  item.addEventListener("click",function(){show(o);});ul.appendChild(item);});draw();}
var drag=null;
cv.addEventListener("mousedown",function(e){drag={x:e.clientX,y:e.clientY,vx:view.x,vy:view.y,
 moved:false};});
window.addEventListener("mouseup",
 function(e){if(drag&&!drag.moved){var r=cv.getBoundingClientRect();
  var i=at((e.clientX-r.left)*devicePixelRatio,(e.clientY-r.top)*devicePixelRatio);if(i>=0)show(i);
 }drag=null;});
cv.addEventListener("mousemove",function(e){var r=cv.getBoundingClientRect();
 if(drag){var dx=e.clientX-drag.x,dy=e.clientY-drag.y;
 if(Math.abs(dx)+Math.abs(dy)>3)drag.moved=true;
  view.x=drag.vx+dx*devicePixelRatio;view.y=drag.vy+dy*devicePixelRatio;draw();return;}
 var i=at((e.clientX-r.left)*devicePixelRatio,(e.clientY-r.top)*devicePixelRatio),tip=el("tip");
 if(i!==hover){hover=i;}
 if(i>=0){tip.style.display="block";tip.style.left=(e.clientX+12)+"px";
 tip.style.top=(e.clientY+12)+"px";
  tip.textContent=N[i].label;}else{tip.style.display="none";}});
cv.addEventListener("wheel",function(e){e.preventDefault();var r=cv.getBoundingClientRect();
 var px=(e.clientX-r.left)*devicePixelRatio,py=(e.clientY-r.top)*devicePixelRatio,
 f=Math.exp(-e.deltaY*0.001);
 view.x=px-(px-view.x)*f;view.y=py-(py-view.y)*f;view.s*=f;draw();},{passive:false});
el("find").addEventListener("input",function(e){find=e.target.value.toLowerCase();draw();});
window.addEventListener("resize",size);size();
})();
</script></body></html>
"""
