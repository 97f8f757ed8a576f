// Fitting the game page to a desktop window (from 901 px): the decision card, the board's
// frame and the move log share the window's height, so that the decision, the board's
// moves and the latest moves are in sight without scrolling the page.

import { applyScale } from "./board.js";
import { $ } from "./dom.js";

const DESKTOP = window.matchMedia("(min-width: 901px)");

/** On a desktop the decision card above the board is short (its CSS cap keeps the board
 *  in view) but never clips: it grows to its whole content (the moves, the help lines,
 *  Undo, Hint and the hint's answer), up to 40% of the window or the room left above the
 *  window's foot; longer content scrolls inside the card, which then says so (a shadow at
 *  its foot) and keeps its move controls first. */
export function fitActions() {
  const box = $("#actions");
  box.style.maxHeight = "";
  box.classList.remove("scrolls");
  if (!DESKTOP.matches) return;
  const top = box.getBoundingClientRect().top + window.scrollY;
  const frame = box.offsetHeight - box.clientHeight;  // its borders
  const need = box.scrollHeight + frame;
  const most = Math.max(box.offsetHeight, Math.min(window.innerHeight - top - 8, 0.4 * window.innerHeight));
  if (need > box.offsetHeight) box.style.maxHeight = `${Math.round(Math.min(need, most))}px`;
  box.classList.toggle("scrolls", box.scrollHeight > box.clientHeight + 1);
  fitBoard();
}

/** On a desktop the board's frame ends at the window's foot (at least 45% of the window
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
  box.style.maxHeight = `${Math.round(Math.max(window.innerHeight - top - 8, 0.45 * window.innerHeight))}px`;
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
