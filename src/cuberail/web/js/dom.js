// Small DOM helpers: build elements without HTML strings (no injection from names or chat).

import { companyName } from "./i18n.js";

/** h("button", {class: "x", dataset: {action: "pass"}, onclick}, "text", child...) */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Show a message in the page's status line (role=status, read by screen readers). */
export function say(text, kind = "info") {
  const box = document.getElementById("message");
  if (!box) return;
  box.textContent = text;
  box.dataset.kind = kind;
}

/** Company colours (as on the board) and the letter shown with them. */
export const COMPANY = {
  PRR: ["#c62828", "#fff", "P"], "B&O": ["#1565c0", "#fff", "B"],
  "C&O": ["#f9d423", "#000", "C"], NYC: ["#2e7d32", "#fff", "N"],
  Wabash: ["#212121", "#fff", "W"],
  red: ["#c62828", "#fff", "R"], blue: ["#1565c0", "#fff", "B"],
  green: ["#2e7d32", "#fff", "G"], yellow: ["#f9d423", "#000", "Y"],
  black: ["#212121", "#fff", "K"], white: ["#fafafa", "#000", "W"],
};

/** A company name as a coloured chip. */
export function chip(id, text = companyName(id)) {
  const [bg, fg] = COMPANY[id] || ["#eee", "#000"];
  return h("span", { class: "chip", style: `background:${bg};color:${fg}`, dataset: { company: id } },
    text);
}

/** Words with company ids turned into chips (for the move log and labels). */
export function withChips(words) {
  const out = [];
  for (const part of String(words).split(/(\s+|[,():])/)) {
    out.push(COMPANY[part] ? chip(part) : part);
  }
  return out;
}
