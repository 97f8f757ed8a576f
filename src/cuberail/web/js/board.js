// The board: the server draws it (cuberail.draw, the one drawing); this module inserts
// the SVG, makes its [data-action] elements clickable and keyboard-usable, and pans
// and zooms it (buttons, ctrl+wheel, two-finger pinch; one finger scrolls).

import { h } from "./dom.js";
import { t } from "./i18n.js";

let scale = window.matchMedia("(max-width: 480px)").matches ? 1.8 : 1;
let handler = null;

export function insertBoard(box, svgText, clickable) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return false;
  box.replaceChildren(document.importNode(svg, true));
  box.classList.toggle("clickable", clickable);
  for (const el of box.querySelectorAll("[data-action]")) {
    if (!clickable) {
      el.removeAttribute("tabindex");
      continue;
    }
    el.setAttribute("role", "button");
    const tip = el.querySelector("title");
    if (tip) el.setAttribute("aria-label", tip.textContent.split("\n").pop());
  }
  applyScale(box);
  return true;
}

/** Call `onAction(actions, element)` when a board target is clicked or activated by key. */
export function wireBoard(box, onAction) {
  handler = onAction;
  const pick = (event) => {
    const el = event.target.closest("[data-action]");
    if (!el || !box.classList.contains("clickable") || !handler) return;
    event.preventDefault();
    const many = el.dataset.actions ? el.dataset.actions.split("|") : [el.dataset.action];
    handler(many, el);
  };
  box.addEventListener("click", pick);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
  wireZoom(box);
}

/** A small menu when one board element offers several moves (e.g. jump routes). */
export function choose(chooser, actions, labels, onPick) {
  chooser.replaceChildren(h("p", {}, t("game.choose_one")),
    ...actions.map((a) => h("button", { type: "button", class: "move", dataset: { action: a },
      onclick: () => { chooser.hidden = true; onPick(a); } }, labels[a] || a)),
    h("button", { type: "button", class: "cancel", onclick: () => { chooser.hidden = true; } },
      t("game.cancel")));
  chooser.hidden = false;
  chooser.querySelector("button").focus();
}

function applyScale(box) {
  const svg = box.querySelector("svg");
  if (svg) svg.style.width = `${Math.round(scale * 100)}%`;
}

export function zoom(box, factor) {
  scale = factor === 0 ? 1 : Math.min(4, Math.max(1, scale * factor));
  applyScale(box);
}

function wireZoom(box) {
  document.getElementById("zoom-in")?.addEventListener("click", () => zoom(box, 1.25));
  document.getElementById("zoom-out")?.addEventListener("click", () => zoom(box, 0.8));
  document.getElementById("zoom-fit")?.addEventListener("click", () => zoom(box, 0));
  box.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoom(box, event.deltaY < 0 ? 1.1 : 0.9);
  }, { passive: false });
  const touches = new Map();
  let start = 0;
  box.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") touches.set(e.pointerId, e); });
  box.addEventListener("pointermove", (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, e);
    if (touches.size !== 2) return;
    const [a, b] = [...touches.values()];
    const dist = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    if (start) zoom(box, dist / start);
    start = dist;
  });
  const end = (e) => { touches.delete(e.pointerId); start = 0; };
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
}
