// The dollar game page: the board (an SVG drawing of the graph from the
// server's layout), the player's moves with undo and redo, the hints from
// the server, random games, levels with progress in localStorage, and
// pasted games.
import { api, svg, el, say, busy, why, $ } from "./common.js";

const LEVELS_KEY = "satsolve.dollar.levels";
// MARGIN leaves room around the drawing for a vertex's circle (radius at
// most 72), its name below and the reduced divisor above.
const BOARD = 1000, MARGIN = 120;

let game = null;    // the game as the server sent it; game.divisor is the start
let cur = [];       // the dollars now
let adj = [];       // adj[v] = [[u, multiplicity], …]
let deg = [];
let played = [];   // moves made: {v, k} with k = +1 (lend) or −1 (borrow)
let future = [];    // moves undone, for redo
let borrowMode = false;
let hinted = null;  // {v, action} of the last hint while it is current
let reduced = null; // the last "winnable?" answer while it is current
let wonAt = null;   // the move count of the first win, or null
let solverUsed = false;
let playing = null; // the timer of "solve step by step"

// ---- the game state ----

function load(g) {
  stopSolving();
  game = g;
  cur = g.divisor.slice();
  const n = g.names.length;
  deg = new Array(n).fill(0);
  const m = new Map();
  for (const [u, v] of g.edges) {
    deg[u]++; deg[v]++;
    const key = Math.min(u, v) + "," + Math.max(u, v);
    m.set(key, (m.get(key) || 0) + 1);
  }
  adj = Array.from({ length: n }, () => []);
  game.pairs = [];
  for (const [key, k] of m) {
    const [u, v] = key.split(",").map(Number);
    adj[u].push([v, k]);
    adj[v].push([u, k]);
    game.pairs.push([u, v, k]);
  }
  played = []; future = []; hinted = null; reduced = null; wonAt = null; solverUsed = false;
  $("title").textContent = g.title + " · " + n + " vertices, " + g.edges.length + " edges";
  $("genus").textContent = g.genus;
  clearHint();
  render();
  update();
  renderLevels();
}

function fire(v, k) {
  cur[v] -= k * deg[v];
  for (const [u, mult] of adj[v]) cur[u] += k * mult;
}

function move(v, k, bySolver) {
  if (!bySolver) stopSolving();
  fire(v, k);
  played.push({ v, k });
  future = [];
  afterMove(v, k, bySolver);
}

function afterMove(v, k, bySolver) {
  // A hint or a verdict is about the position it was asked on.
  if (!bySolver) clearHint();
  hinted = null;
  reduced = null;
  render();
  flash(v);
  update();
}

function clearHint() {
  const out = $("hinttext");
  say(out, "");
  delete out.dataset.vertex;
  delete out.dataset.action;
}

function undo() {
  stopSolving();
  clearHint();
  const m = played.pop();
  if (!m) return;
  fire(m.v, -m.k);
  future.push(m);
  hinted = null; reduced = null;
  render(); update();
}

function redo() {
  stopSolving();
  clearHint();
  const m = future.pop();
  if (!m) return;
  fire(m.v, m.k);
  played.push(m);
  hinted = null; reduced = null;
  render(); update();
}

function restart() {
  stopSolving();
  cur = game.divisor.slice();
  played = []; future = []; hinted = null; reduced = null; wonAt = null; solverUsed = false;
  clearHint();
  render(); update();
}

function debt() {
  return cur.reduce((s, x) => s + (x < 0 ? -x : 0), 0);
}

// gameBody is the game as the API reads it, at the current position.
function gameBody(divisor) {
  return { game: { names: game.names, edges: game.edges, divisor: divisor || cur } };
}

// ---- drawing ----

function radius() {
  const n = game.names.length;
  const sep = (BOARD - 2 * MARGIN) * 0.5 / Math.max(1, Math.ceil(Math.sqrt(n)));
  return Math.max(16, Math.min(72, 0.45 * sep));
}

function pos(v) {
  const [x, y] = game.layout[v];
  const s = (BOARD - 2 * MARGIN) / 1000;
  return [MARGIN + x * s, MARGIN + y * s];
}

function render() {
  const board = $("board");
  board.replaceChildren();
  const r = radius();
  for (const [u, v, k] of game.pairs) {
    const [x1, y1] = pos(u), [x2, y2] = pos(v);
    board.append(svg("line", { class: "edge", x1, y1, x2, y2, "stroke-width": Math.min(3 + 2 * (k - 1), 9) }));
    if (k > 1) {
      board.append(svg("text", { class: "mult", x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 14 }, "×" + k));
    }
  }
  game.names.forEach((name, v) => {
    const [x, y] = pos(v);
    const cls = ["vertex"];
    if (cur[v] < 0) cls.push("debt");
    if (hinted && hinted.v === v) cls.push("hinted");
    const g = svg("g", { class: cls.join(" "), "data-v": v, "data-value": cur[v], "data-name": name,
      transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      onclick: (ev) => move(v, (borrowMode || ev.shiftKey) ? -1 : 1, false) },
      svg("title", {}, `${name}: ${cur[v]} dollars, ${deg[v]} edges. Click: lend${"\n"}Shift-click: borrow`),
      reduced && reduced.q === v ? svg("circle", { class: "reduced-q", r: r + 10 }) : null,
      svg("circle", { class: "body", r }),
      svg("text", { class: "value", "font-size": Math.round(Math.min(44, r * 0.75)) }, cur[v]),
      svg("text", { class: "name", y: r + 24 }, name));
    if (reduced) {
      g.append(svg("text", { class: "reduced", y: -r - 17 }, reduced.reduced[v]));
    }
    board.append(g);
  });
}

function flash(v) {
  const node = document.querySelector(`#board .vertex[data-v="${v}"]`);
  if (!node) return;
  node.classList.add("flash");
  setTimeout(() => node.classList.remove("flash"), 250);
}

function update() {
  $("moves").textContent = played.length;
  $("debt").textContent = debt();
  $("undo").disabled = played.length === 0;
  $("redo").disabled = future.length === 0;
  const status = $("status");
  if (debt() > 0) {
    status.dataset.won = "false";
    const inDebt = cur.filter((x) => x < 0).length;
    say(status, `${inDebt} ${inDebt === 1 ? "vertex" : "vertices"} in debt.`);
    return;
  }
  status.dataset.won = "true";
  if (wonAt === null) {
    wonAt = played.length;
    announceWin();
  }
}

async function announceWin() {
  const status = $("status");
  const moves = wonAt;
  const help = solverUsed ? " (with the solver's help)" : "";
  status.replaceChildren(el("div", { class: "won-banner" }, `You won in ${moves} move${moves === 1 ? "" : "s"}${help}!`));
  status.className = "message";
  let opt;
  try {
    if (game.optimum === undefined) game.optimum = await api("/api/chipfire/solve", gameBody(game.divisor));
    opt = game.optimum;
  } catch (e) {
    status.append(el("p", { class: "muted" }, "The fewest moves could not be computed: " + e.message));
    return;
  }
  const best = opt.moves;
  let cmp;
  if (opt.optimal) cmp = moves === best ? "That is the fewest possible." : `The fewest possible is ${best}.`;
  else cmp = moves <= best ? "No shorter win is known, but one may exist." : `A win in ${best} moves is known; a shorter one may exist.`;
  status.append(el("p", { id: "optimum", "data-best": best, "data-optimal": opt.optimal }, cmp, why(opt.method)));
  if (game.level && !solverUsed) {
    const prog = progress();
    const old = prog[game.level];
    if (!old || moves < old.moves) prog[game.level] = { moves, best };
    localStorage.setItem(LEVELS_KEY, JSON.stringify(prog));
    renderLevels();
  }
}

// ---- hints ----

async function winnable() {
  const out = $("hinttext");
  try {
    const a = await busy($("winnable"), api("/api/chipfire/winnable", gameBody()));
    reduced = a;
    render();
    say(out, a.message + " The blue numbers above the vertices are that reduced divisor; vertex " + game.names[a.q] + " is circled.", a.winnable ? "good" : "error");
  } catch (e) {
    say(out, e.message, "error");
  }
}

async function hint() {
  const out = $("hinttext");
  try {
    const a = await busy($("hint"), api("/api/chipfire/hint", gameBody()));
    if (!a.winnable) { say(out, a.method, "error"); return; }
    if (a.won) { say(out, "Already won: no vertex is in debt.", "good"); return; }
    hinted = { v: a.move.vertex, action: a.move.action };
    render();
    out.dataset.vertex = a.move.vertex;
    out.dataset.action = a.move.action;
    const n = `${a.moves_left} move${a.moves_left === 1 ? "" : "s"}`;
    say(out, `Next move: vertex ${a.move.name} ${a.move.action === "lend" ? "lends" : "borrows"} (ringed in yellow). ` +
      (a.optimal ? `A win from here takes ${n}: this is the fewest possible.` : `A win from here takes ${n}; a shorter one may exist.`));
    out.append(why(a.method));
  } catch (e) {
    say(out, e.message, "error");
  }
}

async function solve() {
  if (playing) { stopSolving(); return; }
  const out = $("hinttext");
  let a;
  try {
    a = await busy($("solve"), api("/api/chipfire/solve", gameBody()));
  } catch (e) {
    say(out, e.message, "error");
    return;
  }
  if (!a.winnable) { say(out, a.method, "error"); return; }
  if (a.moves === 0) { say(out, "Already won: no vertex is in debt.", "good"); return; }
  if (!a.steps) { say(out, `The winning script has ${a.moves} moves, too many to play one by one.`); out.append(why(a.method)); return; }
  const n = `${a.moves} move${a.moves === 1 ? "" : "s"}`;
  say(out, a.optimal ? `Playing a win of ${n}, the fewest possible.` : `Playing a win of ${n}; a shorter one may exist.`, a.optimal ? "" : "error");
  out.append(why(a.method));
  solverUsed = true;
  const steps = a.steps.slice();
  $("solve").textContent = "Stop";
  playing = setInterval(() => {
    const s = steps.shift();
    if (!s) { stopSolving(); return; }
    move(s.vertex, s.action === "lend" ? 1 : -1, true);
  }, 600);
}

function stopSolving() {
  if (!playing) return;
  clearInterval(playing);
  playing = null;
  $("solve").textContent = "Solve step by step";
}

// ---- levels and new games ----

function progress() {
  try {
    return JSON.parse(localStorage.getItem(LEVELS_KEY) || "{}") || {};
  } catch (e) {
    return {};
  }
}

let levelList = [];

function renderLevels() {
  const box = $("levels");
  const prog = progress();
  box.replaceChildren(...levelList.map((l) => {
    const cls = [];
    if (prog[l.level]) cls.push("done");
    if (game && game.level === l.level) cls.push("current");
    const p = prog[l.level];
    const title = `Level ${l.level}: ${l.n} vertices, p = ${l.p}` + (p ? ` · won in ${p.moves} (fewest ${p.best})` : "");
    return el("button", { class: cls.join(" "), title, "data-level": l.level, onclick: () => loadLevel(l.level) }, l.level);
  }));
  const done = Object.keys(prog).length;
  $("levelnote").textContent = `${done} of ${levelList.length} levels won. Progress is kept in this browser.`;
}

async function loadLevel(k) {
  try {
    load(await api("/api/chipfire/level", { level: k }));
    window.history.replaceState(null, "", "?level=" + k);
  } catch (e) {
    say($("status"), e.message, "error");
  }
}

async function loadRandom() {
  const n = Number($("n").value), p = Number($("p").value), seed = Number($("seed").value);
  try {
    load(await busy($("random"), api("/api/chipfire/random", { n, p, seed })));
    window.history.replaceState(null, "", `?n=${n}&p=${p}&seed=${seed}`);
    $("seed").value = seed + 1;
  } catch (e) {
    say($("status"), e.message, "error");
  }
}

async function loadPasted() {
  try {
    load(await busy($("load"), api("/api/chipfire/parse", { text: $("pasted").value, divisor: $("pasteddiv").value })));
    window.history.replaceState(null, "", "?pasted");
  } catch (e) {
    say($("status"), e.message, "error");
  }
}

// ---- start ----

async function start() {
  $("borrow").addEventListener("click", () => {
    borrowMode = !borrowMode;
    $("borrow").textContent = "Borrow: " + (borrowMode ? "on" : "off");
    $("borrow").classList.toggle("on", borrowMode);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("winnable").addEventListener("click", winnable);
  $("hint").addEventListener("click", hint);
  $("solve").addEventListener("click", solve);
  $("random").addEventListener("click", loadRandom);
  $("load").addEventListener("click", loadPasted);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); ev.shiftKey ? redo() : undo(); }
  });
  try {
    levelList = (await api("/api/chipfire/levels")).levels;
  } catch (e) {
    say($("status"), e.message, "error");
  }
  renderLevels();
  const q = new URLSearchParams(location.search);
  if (q.has("pasted")) {
    await loadPasted();
  } else if (q.has("n")) {
    $("n").value = q.get("n");
    $("p").value = q.get("p") || 0.4;
    $("seed").value = q.get("seed") || 1;
    await loadRandom();
  } else {
    const prog = progress();
    const next = levelList.find((l) => !prog[l.level]);
    await loadLevel(Number(q.get("level")) || (next ? next.level : 1));
  }
  document.body.dataset.ready = "true";
}

start();
