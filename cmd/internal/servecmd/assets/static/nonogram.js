// The nonogram page: pick a bundled puzzle, upload or paste one, solve it
// (the picture with its clues, and a second solution beside the first
// when there is one), or play it and check the grid.
import { api, svg, el, say, busy, why, $ } from "./common.js";

let puzzle = null; // the puzzle being played (clues), or null
let cells = [];    // play mode: one string per row of '#', 'x' (white) and '?'
let lastCheck = null;

function request(extra) {
  return Object.assign({ text: $("text").value, format: $("format").value, index: Number($("index").value) || 1 }, extra);
}

// draw returns an SVG of the puzzle's clues and a grid. rows holds one
// string per row ('#' black, 'x' white mark, anything else empty); other,
// when given, marks the cells that differ from it. play makes the cells
// clickable.
function draw(p, rows, { other, play, id, check } = {}) {
  const w = p.width, h = p.height;
  const cs = Math.max(8, Math.min(40, Math.floor(440 / Math.max(w, h))));
  const font = Math.max(8, Math.min(18, Math.round(cs * 0.55)));
  const step = Math.max(font * 1.15, cs * 0.8);
  const left = Math.max(1, ...p.rows.map((c) => c.length)) * step + 6;
  const top = Math.max(1, ...p.cols.map((c) => c.length)) * step + 6;
  const W = left + w * cs + 2, H = top + h * cs + 2;
  const node = svg("svg", { class: "nonogram", id, viewBox: `0 0 ${W} ${H}`, width: W, height: H, "data-rows": rows.join("|") });
  p.rows.forEach((clue, r) => {
    const cls = check ? (check.rows_ok[r] ? "clue ok" : "clue bad") : "clue";
    const c = clue.length ? clue : [0];
    c.forEach((n, i) => node.append(svg("text", { class: cls, "font-size": font, x: left - (c.length - i - 0.5) * step - 3, y: top + (r + 0.5) * cs }, n)));
  });
  p.cols.forEach((clue, col) => {
    const cls = check ? (check.cols_ok[col] ? "clue ok" : "clue bad") : "clue";
    const c = clue.length ? clue : [0];
    c.forEach((n, i) => node.append(svg("text", { class: cls, "font-size": font, x: left + (col + 0.5) * cs, y: top - (c.length - i - 0.5) * step - 3 }, n)));
  });
  const diffs = [];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const v = rows[r][c];
      const cls = ["cell"];
      if (v === "#") cls.push("black");
      if (v === "x") cls.push("cross");
      if (play) cls.push("play");
      const x = left + c * cs, y = top + r * cs;
      const attrs = { class: cls.join(" "), x, y, width: cs, height: cs, "data-r": r, "data-c": c };
      if (other && other[r][c] !== v) diffs.push([x, y]);
      if (play) {
        attrs.onclick = (ev) => { ev.preventDefault(); toggle(r, c, ev.shiftKey ? "x" : "#"); };
        attrs.oncontextmenu = (ev) => { ev.preventDefault(); toggle(r, c, "x"); };
      }
      node.append(svg("rect", attrs));
      if (v === "x" && play) {
        const m = cs * 0.3;
        node.append(svg("path", { class: "cross-mark", d: `M${x + m},${y + m}L${x + cs - m},${y + cs - m}M${x + cs - m},${y + m}L${x + m},${y + cs - m}`, "pointer-events": "none" }));
      }
    }
  }
  // Cells that differ from the other solution: a red frame inside the
  // cell, drawn after the grid so no neighbour covers it.
  const inset = Math.max(1.5, cs * 0.08);
  for (const [x, y] of diffs) node.append(svg("rect", { class: "differs", x: x + inset, y: y + inset, width: cs - 2 * inset, height: cs - 2 * inset }));
  for (let c = 0; c <= w; c += 5) node.append(svg("line", { class: "major", x1: left + c * cs, x2: left + c * cs, y1: top, y2: top + h * cs }));
  for (let r = 0; r <= h; r += 5) node.append(svg("line", { class: "major", x1: left, x2: left + w * cs, y1: top + r * cs, y2: top + r * cs }));
  node.append(svg("rect", { class: "major", x: left, y: top, width: w * cs, height: h * cs }));
  return node;
}

function figure(node, caption) {
  return el("figure", {}, node, el("figcaption", {}, caption));
}

async function solve() {
  stopPlay();
  const out = $("verdict");
  let a;
  try {
    a = await busy($("solve"), api("/api/nonogram/solve", request()));
  } catch (e) {
    say(out, e.message, "error");
    $("pictures").replaceChildren();
    return;
  }
  const p = a.puzzle;
  out.dataset.verdict = a.verdict;
  const title = `${p.title || "puzzle"} (${p.width}×${p.height})` + (p.puzzles > 1 ? `, puzzle ${p.index} of ${p.puzzles}` : "");
  say(out, `${title}: ${a.message}`, a.verdict === "unique" ? "good" : (a.verdict === "no solution" || a.timed_out ? "error" : ""));
  out.append(why(`${a.method}, ${a.seconds.toFixed(3)} s`));
  const figs = [];
  if (a.solutions.length > 0) figs.push(figure(draw(p, a.solutions[0], { other: a.solutions[1], id: "solution1" }), a.solutions.length > 1 ? "a solution" : "the solution"));
  if (a.solutions.length > 1) figs.push(figure(draw(p, a.solutions[1], { other: a.solutions[0], id: "solution2" }), "another solution (the cells that differ are outlined in red)"));
  const warn = (p.warnings || []).map((w) => el("p", { class: "muted" }, "warning: " + w));
  $("pictures").replaceChildren(...figs, ...warn);
}

function renderPlay() {
  $("pictures").replaceChildren(figure(draw(puzzle, cells, { play: true, id: "playgrid", check: lastCheck }), "your grid"));
}

function toggle(r, c, v) {
  const row = cells[r].split("");
  row[c] = row[c] === v ? "?" : v;
  cells[r] = row.join("");
  lastCheck = null;
  renderPlay();
}

async function play() {
  const out = $("verdict");
  try {
    puzzle = await busy($("play"), api("/api/nonogram/parse", request()));
  } catch (e) {
    say(out, e.message, "error");
    return;
  }
  cells = Array.from({ length: puzzle.height }, (_, r) => (puzzle.given ? puzzle.given[r].replace(/\./g, "x").replace(/\?/g, "?") : "?".repeat(puzzle.width)));
  lastCheck = null;
  $("check").disabled = false;
  say(out, `${puzzle.title || "puzzle"} (${puzzle.width}×${puzzle.height}): fill in the grid, then press Check; or press Solve to see the solution.`);
  renderPlay();
}

async function check() {
  const out = $("verdict");
  try {
    lastCheck = await busy($("check"), api("/api/nonogram/check", request({ grid: cells.map((r) => r.replace(/[^#]/g, ".")) })));
  } catch (e) {
    say(out, e.message, "error");
    return;
  }
  out.dataset.solved = lastCheck.solved;
  say(out, lastCheck.message, lastCheck.solved ? "good" : "error");
  renderPlay();
}

function stopPlay() {
  puzzle = null;
  lastCheck = null;
  $("check").disabled = true;
}

async function pick() {
  const v = $("bundled").value;
  if (!v) return;
  const [id, index] = v.split("#");
  try {
    const a = await api("/api/nonogram/puzzles/" + encodeURIComponent(id));
    $("text").value = a.text;
    $("index").value = index;
    $("format").value = "auto";
  } catch (e) {
    say($("verdict"), e.message, "error");
  }
}

async function start() {
  $("solve").addEventListener("click", solve);
  $("play").addEventListener("click", play);
  $("check").addEventListener("click", check);
  $("bundled").addEventListener("change", pick);
  $("upload").addEventListener("change", async () => {
    const f = $("upload").files[0];
    if (!f) return;
    if (f.size > 1 << 20) { say($("verdict"), "the file is larger than 1 MiB, the server's limit", "error"); return; }
    $("text").value = await f.text();
    $("index").value = 1;
    $("bundled").value = "";
  });
  try {
    const list = (await api("/api/nonogram/puzzles")).puzzles;
    $("bundled").replaceChildren(el("option", { value: "" }, "— pick one —"),
      ...list.map((b) => el("option", { value: `${b.id}#${b.index}` }, `${b.title || b.id} (${b.width}×${b.height})`)));
  } catch (e) {
    say($("verdict"), e.message, "error");
  }
  const q = new URLSearchParams(location.search);
  if (q.has("puzzle")) {
    $("bundled").value = `${q.get("puzzle")}#${q.get("index") || 1}`;
    await pick();
    await solve();
  } else if ($("bundled").options.length > 1) {
    // The page opens on a puzzle, ready to play, not on an empty pane.
    $("bundled").selectedIndex = 1;
    await pick();
    await play();
  }
  document.body.dataset.ready = "true";
}

start();
