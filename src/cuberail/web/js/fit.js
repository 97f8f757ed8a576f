// Fitting the game page to a desktop window (from 901 px), board first: the action bar
// (the decision), the board's frame and the move log share the window's height, so that
// the decision, the board's moves and the latest moves are in sight without scrolling
// the page, and the board takes most of it.

import { applyScale } from "./board.js";
import { $ } from "./dom.js";

const DESKTOP = window.matchMedia("(min-width: 901px)");
const BAR = 0.33;  // the most of the window's height the action bar takes before it scrolls

/** On a desktop the action bar above the board is short (the decision's title, its help
 *  cut to one line, its moves in wrapping rows): it grows to its whole content up to
 *  BAR of the window (the board keeps the rest); longer content scrolls inside the bar,
 *  which then says so (a shadow at its foot) and keeps its move controls first. */
export function fitActions() {
  const box = $("#actions");
  box.style.maxHeight = "";
  box.classList.remove("scrolls");
  markHelp(box);
  if (!DESKTOP.matches) return;
  const frame = box.offsetHeight - box.clientHeight;  // its borders
  const most = Math.max(120, BAR * window.innerHeight);
  const need = box.scrollHeight + frame;
  box.style.maxHeight = `${Math.round(Math.min(need, most))}px`;
  box.classList.toggle("scrolls", box.scrollHeight > box.clientHeight + 1);
  fitBoard();
}

/** The decision's help lines that the bar cuts (to one line beside the title) say so:
 *  a click on one, or Enter or Space when it has the focus, shows them whole (and again
 *  cut). Their whole words are in the page all along: a screen reader reads them. */
function markHelp(box) {
  wireHelp(box);
  const open = box.classList.contains("open");
  for (const help of box.querySelectorAll(".help.decide, .help.missing")) {
    const cut = DESKTOP.matches && (open || help.scrollWidth > help.clientWidth + 1
      || help.scrollHeight > help.clientHeight + 1);
    help.classList.toggle("more", cut);
    if (cut) help.tabIndex = 0;
    else help.removeAttribute("tabindex");
  }
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
 *  below the fold. */
function fitBoard() {
  const box = $("#board");
  if (!DESKTOP.matches) {
    box.style.maxHeight = "";
    applyScale(box);
    return;
  }
  const top = box.getBoundingClientRect().top + window.scrollY;
  box.style.maxHeight = `${Math.round(Math.max(window.innerHeight - top - 6, 0.5 * window.innerHeight))}px`;
  applyScale(box);  // the whole map fits the frame's new height (a zoom: times that)
}

/** On a desktop the move log fills the right column down to the window's foot (at
 *  least the last 8 moves), so that the latest move is in sight; kept at its
 *  foot when it was there. */
export function fitLog() {
  const box = $("#log");
  const atFoot = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  if (!DESKTOP.matches) {
    box.style.maxHeight = "";
    return;
  }
  const top = box.getBoundingClientRect().top + window.scrollY;
  const entries = [...box.children].filter((li) => li.offsetHeight);
  const eighth = entries[Math.max(0, entries.length - 8)];
  const least = eighth ? entries[entries.length - 1].offsetTop + entries[entries.length - 1].offsetHeight
    - eighth.offsetTop + 8 : 0;  // the last 8 moves
  box.style.maxHeight = `${Math.round(Math.max(least, window.innerHeight - top - 12, 160))}px`;
  if (atFoot) box.scrollTop = box.scrollHeight;
}
