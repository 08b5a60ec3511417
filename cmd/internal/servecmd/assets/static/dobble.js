// The Dobble page: build a deck for an order, draw the cards as circles
// of symbols, pick two cards to light up the symbol they share; check or
// complete a pasted deck.
import { api, svg, el, say, busy, $ } from "./common.js";

// Names for symbol numbers when "names" is chosen (a deck of order 7
// needs 57); beyond the list, numbers are shown.
const NAMES = ("anchor apple bird bomb bottle cactus candle car carrot cat cheese clock clover cloud cow " +
  "dog dolphin dragon drop eye fire fish flower ghost hammer heart horse igloo key knight " +
  "ladybug leaf lemon lock moon mouse note owl pencil pig rabbit rain scissors ship skull " +
  "snail snowman spider star sun target tree turtle violin web whale zebra").split(" ");

let deck = null;     // {cards, names}
let added = 0;       // how many of the last cards were added by a completion
let bad = new Set(); // cards in a broken rule
let selected = [];   // selected card indices, at most two

function label(s) {
  if (deck.names) return deck.names[s] ?? String(s);
  if ($("style").value === "names" && s < NAMES.length) return NAMES[s];
  return String(s);
}

function common(a, b) {
  const set = new Set(deck.cards[a]);
  return deck.cards[b].filter((s) => set.has(s));
}

function drawCard(i) {
  const card = deck.cards[i];
  const k = card.length;
  const shared = selected.length === 2 && selected.includes(i) ? new Set(common(selected[0], selected[1])) : new Set();
  const wordy = !!deck.names || $("style").value === "names";
  const cls = ["dcard"];
  if (selected.includes(i)) cls.push("selected");
  if (i >= deck.cards.length - added) cls.push("added");
  if (bad.has(i)) cls.push("bad");
  const node = svg("svg", { class: cls.join(" "), viewBox: "0 0 150 162", "data-card": i, "data-symbols": card.join(","), onclick: () => pick(i) },
    svg("title", {}, `card ${i + 1}: ${card.map(label).join(", ")}`),
    svg("circle", { class: "face", cx: 75, cy: 75, r: 70 }));
  // One symbol in the middle when there are four or more, the rest on a ring.
  const centre = k >= 4 ? 1 : 0;
  const ring = k - centre;
  const R = k <= 3 ? 34 : 44;
  const r = Math.max(9, Math.min(23, (Math.PI * R) / Math.max(ring, 1) - 2, centre ? R - 23 : 99));
  card.forEach((s, j) => {
    let x = 75, y = 75;
    if (j >= centre) {
      const a = (2 * Math.PI * (j - centre)) / ring - Math.PI / 2;
      x += R * Math.cos(a);
      y += R * Math.sin(a);
    }
    const text = label(s);
    const font = wordy ? Math.max(8, Math.min(12, (2.6 * r) / Math.max(3, text.length) * 1.6)) : Math.max(9, Math.min(16, r * 0.9));
    // Each symbol keeps its own pale colour on every card, as printed decks do.
    const fill = `hsl(${(s * 137.508) % 360}, 70%, 88%)`;
    node.append(svg("g", { class: "sym" + (shared.has(s) ? " common" : ""), "data-symbol": s },
      svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1), fill }),
      svg("text", { x: x.toFixed(1), y: y.toFixed(1), "font-size": font.toFixed(1) }, text)));
  });
  node.append(svg("text", { class: "label", x: 75, y: 158 }, `card ${i + 1}`));
  return node;
}

function render() {
  $("deck").replaceChildren(...deck.cards.map((_, i) => drawCard(i)));
}

function pick(i) {
  if (selected.includes(i)) selected = selected.filter((j) => j !== i);
  else selected = [...selected, i].slice(-2);
  render();
  const out = $("status");
  if (selected.length < 2) {
    say(out, selected.length ? `Card ${selected[0] + 1} picked: pick another.` : "Pick two cards.");
    out.dataset.common = "";
    return;
  }
  const [a, b] = selected;
  const c = common(a, b);
  out.dataset.common = c.join(",");
  if (c.length === 1) say(out, `Card ${a + 1} and card ${b + 1} share exactly one symbol: ${label(c[0])}.`, "good");
  else say(out, `Card ${a + 1} and card ${b + 1} share ${c.length} symbols${c.length ? ": " + c.map(label).join(", ") : ""}.`, "error");
}

function show(d, note, kind) {
  deck = d;
  selected = [];
  render();
  say($("status"), note, kind);
}

async function build() {
  const order = Number($("order").value);
  try {
    const a = await busy($("build"), api("/api/dobble/build", { order }));
    added = 0; bad = new Set();
    $("violations").replaceChildren();
    show({ cards: a.cards }, `Order ${a.order}: ${a.cards.length} cards of ${a.k} symbols on ${a.symbols} symbols; any two cards share exactly one (${a.reason}). Pick two cards.`);
  } catch (e) {
    say($("status"), e.message, "error");
  }
}

function deckRequest() {
  return { text: $("text").value, k: Number($("k").value) || 0, extra: Number($("extra").value) || 0 };
}

async function check() {
  let a;
  try {
    const q = deckRequest();
    delete q.extra;
    a = await busy($("check"), api("/api/dobble/check", q));
  } catch (e) {
    say($("status"), e.message, "error");
    return;
  }
  added = 0;
  bad = new Set(a.violations.flatMap((v) => v.cards));
  $("violations").replaceChildren(...a.violations.map((v) => el("li", {}, v.message)),
    a.total > a.violations.length ? el("li", {}, `… and ${a.total - a.violations.length} more`) : null);
  const bound = ` At most ${a.bound} cards fit on these symbols (${a.bound_reason}).`;
  show({ cards: a.cards, names: a.names }, a.message + bound, a.ok ? "good" : "error");
}

async function complete() {
  let a;
  try {
    a = await busy($("complete"), api("/api/dobble/complete", deckRequest()));
  } catch (e) {
    say($("status"), e.message, "error");
    return;
  }
  added = a.added.length;
  bad = new Set();
  $("violations").replaceChildren();
  show({ cards: a.deck.cards.concat(a.added), names: a.names || a.deck.names }, a.message + " New cards have a dashed green rim.", "good");
}

$("build").addEventListener("click", build);
$("check").addEventListener("click", check);
$("complete").addEventListener("click", complete);
$("style").addEventListener("change", () => deck && render());
const q = new URLSearchParams(location.search);
if (q.has("order")) $("order").value = q.get("order");
build().then(() => { document.body.dataset.ready = "true"; });
