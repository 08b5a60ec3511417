// Helpers shared by the pages of satsolve serve: calling the API, building
// DOM and SVG elements, and showing messages. Plain ES modules, no build
// step, nothing loaded from elsewhere.

// api calls an endpoint of /api/ and returns the decoded answer. A body
// makes it a POST (method overrides). An answer with an "error" field or a
// status other than 2xx throws an Error carrying the server's message,
// with .status and .timedOut set.
export async function api(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new Error("cannot reach the server: " + e.message);
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error("the server answered " + res.status + " without JSON");
  }
  if (!res.ok) {
    const err = new Error((data && data.error) || "HTTP " + res.status);
    err.status = res.status;
    err.timedOut = !!(data && data.timed_out);
    throw err;
  }
  return data;
}

// el creates an HTML element with attributes (on* keys are listeners) and
// children (strings become text).
export function el(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

const SVGNS = "http://www.w3.org/2000/svg";

// svg creates an SVG element the same way.
export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVGNS, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(typeof c === "object" ? c : String(c));
  }
  return node;
}

// say shows a message in a .message element: kind is "", "error" or
// "good".
export function say(node, text, kind) {
  node.textContent = text;
  node.className = "message" + (kind ? " " + kind : "");
}

// why returns a "how do we know?" link that shows detail (how an answer
// was found or proved, in the solver's terms) beside it when clicked: the
// message itself speaks plainly, the details are one click away.
export function why(detail) {
  const text = detail.charAt(0).toUpperCase() + detail.slice(1) + (detail.endsWith(".") ? "" : ".");
  const more = el("span", { class: "why-detail", hidden: true }, " " + text);
  const link = el("a", { href: "#", class: "why", onclick: (ev) => { ev.preventDefault(); more.hidden = !more.hidden; } }, "how do we know?");
  return el("span", { class: "why-box" }, " ", link, more);
}

// busy disables a button while the promise runs and restores it after.
export async function busy(button, promise) {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = label + "…";
  try {
    return await promise;
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

// $ returns the element with the id.
export function $(id) {
  return document.getElementById(id);
}
