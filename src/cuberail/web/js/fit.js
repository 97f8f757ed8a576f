// Fitting the game page to a desktop window (from 901 px), board first: the action bar
// (the decision), the board's frame and the move log share the window's height, so that
// the decision, the board's moves and the latest moves are in sight without scrolling
// the page, and the board takes most of it.

import { applyScale } from "./board.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { DESKTOP } from "./media.js";

const BAR = 0.33;  // the most of the window's height the action bar takes before it scrolls
// ... and while a hint asked for is shown under it: the hint's reason and a close call
// take four lines at 1366x768, and the bar that scrolled to them hid the decision's
// title (the auction's company); the board keeps more than half the window
const HINTED = 0.45;

/** On a desktop the action bar above the board is short (the decision's title, its help
 *  cut to one line, its moves in wrapping rows): it grows to its whole content up to
 *  BAR of the window (the board keeps the rest); longer content scrolls inside the bar,
 *  which then says so (a shadow at its foot) and keeps its move controls first. */
export function fitActions() {
  const box = $("#actions");
  watch(box);
  box.style.maxHeight = "";
  box.classList.remove("scrolls");
  markHelp(box);
  fitted = need(box);
  if (!DESKTOP.matches) return;
  const hinted = !$("#hint-text").hidden;
  const most = Math.max(120, (hinted ? HINTED : BAR) * window.innerHeight);
  box.style.maxHeight = `${Math.round(Math.min(fitted, most))}px`;
  box.classList.toggle("scrolls", box.scrollHeight > box.clientHeight + 1);
  fitBoard();
}

let fitted = 0;  // the bar's whole height at the last fit
const need = (box) => box.scrollHeight + box.offsetHeight - box.clientHeight;  // (borders)

/** The bar fits again when its content grows or shrinks between renders (a refused
 *  amount's reason under the bid field: the 24th newcomer run saw the help line, "Undo"
 *  and "Hint" slide under the map, the bar's height kept from before). Its own changes
 *  (the help cut to a line) leave the height as fitted: no second fit. */
function watch(box) {
  if (box.dataset.watched) return;
  box.dataset.watched = "1";
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (Math.abs(need(box) - fitted) > 1) fitActions();
    });
  }).observe(box, { childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ["hidden", "class"] });
}

/** The decision's help lines that the bar cuts (to one line beside the title, after a
 *  whole word: cutHelp) say so: a click on one, or Enter or Space when it has the focus,
 *  shows them whole (and again cut). Their whole words are in the page all along: a
 *  screen reader reads them. */
function markHelp(box) {
  wireHelp(box);
  const open = box.classList.contains("open");
  for (const help of box.querySelectorAll(".help.decide, .help.forgo-note")) {
    help.dataset.more = t("game.help_more");  // its mark when cut: "… more ▸" (table.css)
    const cut = cutHelp(help, open);
    help.classList.toggle("more", DESKTOP.matches && (open || cut));
  }
  for (const help of box.querySelectorAll(".help.missing")) {
    help.classList.toggle("more", DESKTOP.matches && (open || !fits(help)));
  }
  for (const help of box.querySelectorAll(".help.decide, .help.forgo-note, .help.missing")) {
    if (help.classList.contains("more")) help.tabIndex = 0;
    else help.removeAttribute("tabindex");
  }
}

const fits = (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1;

/** Cut a help line longer than its room after the last whole word that fits (with its
 *  mark "… more ▸": a word says that a click opens it): the words shown, then the rest,
 *  kept in the page but out of sight (class "rest"). True when it is cut. */
function cutHelp(help, open) {
  const words = help.textContent.split(" ");
  const [shown, rest] = [document.createElement("span"), document.createElement("span")];
  const show = (n) => { shown.textContent = `${words.slice(0, n).join(" ")} `; };
  shown.textContent = words.join(" ");
  rest.className = "rest";
  help.replaceChildren(shown, rest);
  help.classList.remove("cut");
  if (open || !DESKTOP.matches || help.hidden || fits(help)) return false;
  help.classList.add("cut");
  let [low, high] = [1, words.length - 1];  // the most words that fit
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    show(mid);
    if (fits(help)) low = mid;
    else high = mid - 1;
  }
  show(low);
  rest.textContent = words.slice(low).join(" ");
  return true;
}

let wired = false;

function wireHelp(box) {
  if (wired) return;
  wired = true;
  const toggle = (event) => {
    const help = event.target.closest(".help.more");
    if (!help || event.target.closest("button, a, input, select")) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    box.classList.toggle("open");
    fitActions();
  };
  box.addEventListener("click", toggle);
  box.addEventListener("keydown", toggle);
}

/** On a desktop the board's frame ends at the window's foot (at least half the window
 *  high): the whole page fits one screen, and the board scrolls inside its frame, to the
 *  moves on it and to where the player just built (board.js), instead of leaving them
 *  below the fold. At the end of a game (its banner over the board) the page scrolls
 *  instead: the final map is as wide as its frame, not fitted to the window's foot. */
function fitBoard() {
  const box = $("#board");
  if (!DESKTOP.matches || !$("#end-banner").hidden) {  // the end: the map as wide as its frame
    box.style.maxHeight = "";
    applyScale(box);
    return;
  }
  const top = box.getBoundingClientRect().top + window.scrollY;
  box.style.maxHeight = `${Math.round(Math.max(window.innerHeight - top - 6, 0.5 * window.innerHeight))}px`;
  applyScale(box);  // the whole map fits the frame's new height (a zoom: times that)
}

/** On a desktop the move log, under the players, ends at the window's foot at the most,
 *  so that the latest move is in sight, and holds at least the last 8 moves; it leaves
 *  the card under it (the companies) in sight when the window has room for both. Kept at
 *  its foot when it was there. */
export function fitLog() {
  const box = $("#log");
  // hidden (the side column folded, the guide's panel in its place), it lost its place:
  // it comes back at its foot, the latest move (it came back at move 1: the eighteenth
  // newcomer run, after a reload)
  const shown = box.getClientRects().length > 0;  // (display: none has none)
  const atFoot = box.dataset.unseen === "1" || box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.dataset.unseen = shown ? "" : "1";
  if (!shown) return;
  if (!DESKTOP.matches) {
    box.style.maxHeight = "";
    return;
  }
  const top = box.getBoundingClientRect().top + window.scrollY;
  const entries = [...box.children].filter((li) => li.offsetHeight);
  const eighth = entries[Math.max(0, entries.length - 8)];
  const least = eighth ? entries[entries.length - 1].offsetTop + entries[entries.length - 1].offsetHeight
    - eighth.offsetTop + 8 : 0;  // the last 8 moves
  let below = 0;  // what the card holds under the log (the dividend notice): in sight too
  for (let el = box.nextElementSibling; el; el = el.nextElementSibling) {
    if (el.offsetHeight) below += el.offsetHeight + parseFloat(getComputedStyle(el).marginTop || "0");
  }
  const foot = window.innerHeight - top - 12 - below;
  const next = box.closest(".card")?.nextElementSibling;
  const room = foot - (next && next.offsetHeight ? next.offsetHeight + 12 : 0);
  box.style.maxHeight = `${Math.round(Math.max(Math.min(least, foot), room, 160))}px`;
  if (atFoot) box.scrollTop = box.scrollHeight;
}
