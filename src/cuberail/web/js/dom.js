// Small DOM helpers: build elements without HTML strings (no injection from names or chat).

import { companyLook, isCompany } from "./face.js";
import { companyName, t } from "./i18n.js";

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

/** A company name as a chip in its colours (the title's face, as on the board). */
export function chip(id, text = companyName(id)) {
  const look = companyLook(id) || {};
  const [bg, fg] = [look.colour || "#eee", look.ink || "#000"];
  return h("span", { class: "chip", style: `background:${bg};color:${fg}`, dataset: { company: id } },
    text);
}

/** Words with company ids turned into chips (for the move log and labels). */
export function withChips(words) {
  const out = [];
  for (const part of String(words).split(/(\s+|[,():])/)) {
    out.push(isCompany(part) ? chip(part) : part);
  }
  return out;
}

/** A "Copy link" button that puts `url` on the clipboard and says whether it did; where
 *  the browser refuses, the `field` showing the link (if any) is selected for a manual
 *  copy. (The lobby's invites, the table's own seat link.) */
export function copyButton(url, field = null) {
  const button = h("button", { type: "button", class: "copy", onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = t("lobby.copied");
    } catch {
      field?.select();
      button.textContent = t("lobby.copy_failed");
    }
  } }, t("lobby.copy"));
  return button;
}

/** Run `draw`, which redraws part of `box`; when `keep`, the control that had the focus
 *  there gives it to its redrawn copy (matched by id, else by move, else by tag and
 *  classes), so that a redraw of the same thing does not throw a keyboard player's place
 *  away. */
export function keepFocus(box, keep, draw) {
  const el = document.activeElement;
  const inside = keep && el && el !== document.body && box.contains(el);
  const key = !inside ? null : el.id ? `#${CSS.escape(el.id)}`
    : el.dataset.action ? `[data-action="${CSS.escape(el.dataset.action)}"]`
      : [el.tagName.toLowerCase(), ...[...el.classList].map((c) => CSS.escape(c))].join(".");
  draw();
  if (key && !box.contains(document.activeElement)) box.querySelector(key)?.focus();
}
