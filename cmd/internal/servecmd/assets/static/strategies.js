// The strategies page: starts a run on the server, follows its progress,
// and plots success rate and mean moves against density as the rows
// arrive, with a table of the numbers.
import { api, svg, el, say, $ } from "./common.js";

// Ten distinct colours and four marker shapes, so no two series look
// alike; the fewest-moves baseline is black and dashed.
const COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
const MARKERS = ["circle", "square", "triangle", "diamond"];

let job = null;
let timer = null;

function marker(shape, x, y, colour) {
  const s = 4.5;
  switch (shape) {
    case "square": return svg("rect", { x: x - s, y: y - s, width: 2 * s, height: 2 * s, fill: colour });
    case "triangle": return svg("path", { d: `M${x},${y - s - 1}L${x + s + 1},${y + s}L${x - s - 1},${y + s}Z`, fill: colour });
    case "diamond": return svg("path", { d: `M${x},${y - s - 1}L${x + s + 1},${y}L${x},${y + s + 1}L${x - s - 1},${y}Z`, fill: colour });
  }
  return svg("circle", { cx: x, cy: y, r: s, fill: colour });
}

// niceMax rounds a maximum up to 1, 2 or 5 times a power of ten.
function niceMax(v) {
  if (v <= 0) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 5, 10]) if (v <= m * p) return m * p;
  return 10 * p;
}

// LOG_FLOOR is the bottom of a logarithmic axis: smaller values (a mean
// of 0 moves: no game won, or every game won at the start) sit on it.
const LOG_FLOOR = 0.5;

// chart draws a line chart with its legend to the right of the plot area;
// log makes the y axis logarithmic from LOG_FLOOR to ymax.
function chart(node, { title, ylabel, xs, series, ymax, percent, log }) {
  node.replaceChildren();
  const L = 58, R = 430, T = 34, B = 330;
  const xmin = Math.min(...xs, 0.3), xmax = Math.max(...xs, 0.9);
  const X = (x) => L + (xmax === xmin ? 0.5 : (x - xmin) / (xmax - xmin)) * (R - L);
  const Y = log
    ? (y) => B - (Math.log(Math.max(y, LOG_FLOOR) / LOG_FLOOR) / Math.log(ymax / LOG_FLOOR)) * (B - T)
    : (y) => B - (y / ymax) * (B - T);
  node.append(svg("text", { class: "title", x: (L + R) / 2, y: 20, "text-anchor": "middle" }, title));
  const ticks = [];
  if (log) {
    for (let p = 1; p <= ymax; p *= 10) for (const m of [1, 2, 5]) if (m * p <= ymax) ticks.push(m * p);
    ticks.unshift(LOG_FLOOR);
  } else {
    for (let i = 0; i <= 5; i++) ticks.push((ymax * i) / 5);
  }
  for (const v of ticks) {
    node.append(svg("line", { class: "grid", x1: L, x2: R, y1: Y(v), y2: Y(v) }));
    const label = percent ? Math.round(v * 100) + "%" : (log && v === LOG_FLOOR ? "≤ " + v : +v.toFixed(1));
    node.append(svg("text", { x: L - 6, y: Y(v) + 4, "text-anchor": "end" }, label));
  }
  for (const x of xs.length ? xs : [0.3, 0.9]) {
    node.append(svg("line", { class: "grid", x1: X(x), x2: X(x), y1: T, y2: B }));
    node.append(svg("text", { x: X(x), y: B + 16, "text-anchor": "middle" }, x));
  }
  node.append(svg("line", { class: "axis", x1: L, x2: R, y1: B, y2: B }));
  node.append(svg("line", { class: "axis", x1: L, x2: L, y1: T, y2: B }));
  node.append(svg("text", { x: (L + R) / 2, y: B + 36, "text-anchor": "middle" }, "edge probability p"));
  node.append(svg("text", { x: 16, y: (T + B) / 2, "text-anchor": "middle", transform: `rotate(-90 16 ${(T + B) / 2})` }, ylabel));
  series.forEach((s, i) => {
    const pts = xs.map((x, j) => [X(x), Y(s.ys[j])]);
    if (pts.length > 1) {
      node.append(svg("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: s.colour,
        "stroke-width": s.dash ? 2.5 : 1.8, "stroke-dasharray": s.dash ? "7 4" : null }));
    }
    for (const [x, y] of pts) node.append(marker(s.marker, x, y, s.colour));
    const ly = T + 6 + i * 22;
    node.append(svg("line", { x1: 448, x2: 476, y1: ly, y2: ly, stroke: s.colour, "stroke-width": 2, "stroke-dasharray": s.dash ? "7 4" : null }));
    node.append(marker(s.marker, 462, ly, s.colour));
    node.append(svg("text", { x: 484, y: ly + 4 }, s.name));
  });
}

function draw(r) {
  const xs = r.densities;
  const hs = r.heuristics.map((h, i) => ({ name: h.name, colour: COLOURS[i % COLOURS.length], marker: MARKERS[i % MARKERS.length] }));
  chart($("success"), {
    title: `Games won within ${r.move_limit} moves (n = ${r.n}, ${r.games} per point)`,
    ylabel: "games won", xs, ymax: 1, percent: true,
    series: hs.map((h, i) => ({ ...h, ys: r.heuristics[i].success })),
  });
  const moves = hs.map((h, i) => ({ ...h, ys: r.heuristics[i].moves }));
  if (r.optimal_moves) moves.push({ name: "fewest (PB, all)", colour: "#000", marker: "circle", dash: true, ys: r.optimal_moves });
  const top = niceMax(Math.max(1, ...moves.flatMap((s) => s.ys)));
  chart($("meanmoves"), { title: "Mean moves of the games won (log scale)", ylabel: "moves", xs, ymax: top, series: moves, log: true });
  // The table: one row per heuristic, one column per density.
  const head = el("tr", {}, el("th", {}, "heuristic"), xs.map((x) => el("th", {}, "p = " + x)));
  const rows = r.heuristics.map((h) => el("tr", {}, el("td", {}, h.name),
    xs.map((_, j) => el("td", {}, `${Math.round(100 * h.success[j])}% / ${h.moves[j].toFixed(1)}`))));
  if (r.optimal_moves) {
    rows.push(el("tr", {}, el("td", {}, "fewest moves (PB): proved / mean"),
      xs.map((_, j) => el("td", {}, `${r.optimal_proven[j]} / ${r.optimal_moves[j].toFixed(1)}`))));
  }
  $("table").replaceChildren(el("table", { class: "data", id: "results" }, head, rows),
    el("p", { class: "muted" }, "Each cell: games won within the move limit / mean moves of the games won."));
}

async function poll() {
  if (!job) return;
  let st;
  try {
    st = await api("/api/jobs/" + job);
  } catch (e) {
    say($("status"), e.message, "error");
    finish();
    return;
  }
  $("bar").style.width = (100 * st.done / Math.max(1, st.total)).toFixed(1) + "%";
  if (st.result && st.result.densities.length) draw(st.result);
  $("status").dataset.state = st.state;
  if (st.state === "running") {
    say($("status"), `Running: ${st.done} of ${st.total} games (${st.seconds.toFixed(1)} s).`);
    timer = setTimeout(poll, 500);
    return;
  }
  if (st.state === "done") $("bar").style.width = "100%";
  if (st.state === "done") say($("status"), `Done: ${st.total} games in ${st.seconds.toFixed(1)} s.`, "good");
  else say($("status"), st.error || st.state, "error");
  finish();
}

function finish() {
  job = null;
  $("start").disabled = false;
  $("cancel").disabled = true;
}

async function start() {
  const densities = $("densities").value.split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
  const body = { n: Number($("n").value), densities, games: Number($("games").value), moves: Number($("limit").value),
    seed: Number($("seed").value), optimal: $("optimal").checked };
  try {
    const a = await api("/api/chipfire/strategies", body);
    job = a.id;
  } catch (e) {
    say($("status"), e.message, "error");
    return;
  }
  $("start").disabled = true;
  $("cancel").disabled = false;
  $("bar").style.width = "0";
  say($("status"), "Started.");
  poll();
}

async function cancel() {
  if (!job) return;
  try {
    await api("/api/jobs/" + job, undefined, "DELETE");
  } catch (e) {
    say($("status"), e.message, "error");
  }
}

$("start").addEventListener("click", start);
$("cancel").addEventListener("click", cancel);
chart($("success"), { title: "Games won within the move limit", ylabel: "games won", xs: [], ymax: 1, percent: true, series: [] });
chart($("meanmoves"), { title: "Mean moves of the games won (log scale)", ylabel: "moves", xs: [], ymax: 10, series: [], log: true });
document.body.dataset.ready = "true";
