// The moves "Bid up to this amount" made for the player, marked in the move log as the
// terminal's log marks them ("(bid for you: up to $20)"; "(passed for you: your limit of
// $20 is reached)"): the server logs a bid or a pass, not who chose it, so the page that
// made it remembers which log entries were its own (by the entry's seq, in this browser),
// and a reload keeps the marks. A newcomer run missed the reason for a pass in the log.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "cuberail.proxied";
const MOST = 200;  // entries remembered per game (a game's auctions hold fewer)

const known = new Map();  // game -> its marks, read from storage once (a log's every line asks)

const read = (game) => {
  if (!known.has(game)) {
    let marks = {};
    try {
      marks = JSON.parse(localStorage.getItem(`${KEY}.${game}`) || "{}") || {};
    } catch {
      // (unreadable: no marks)
    }
    known.set(game, marks);
  }
  return known.get(game);
};

/** Remember that log entry `seq` of `game` was the proxy's `kind` ("bid" or "pass") under
 *  `limit`, and mark its line if the log shows it already. */
export function rememberProxied(game, seq, kind, limit) {
  if (!game || !Number.isInteger(seq)) return;
  const all = read(game);
  all[seq] = [kind, limit];
  const kept = Object.entries(all).sort((a, b) => Number(a[0]) - Number(b[0])).slice(-MOST);
  known.set(game, Object.fromEntries(kept));
  try {
    localStorage.setItem(`${KEY}.${game}`, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // (storage full or refused: the mark is shown now, not after a reload)
  }
  const line = document.querySelector(`#log li.move[data-seq="${seq}"]`);
  if (line) markProxied(line, game, seq);
}

/** Add the proxy's mark to a log line (its entry `seq` of `game`) when it made that move. */
export function markProxied(line, game, seq) {
  const found = read(game)[seq];
  if (!found || line.querySelector(":scope > .proxied")) return;
  const [kind, limit] = found;
  const words = t(kind === "pass" ? "auction.upto_logged_pass" : "auction.upto_logged_bid", { limit });
  const events = line.querySelector(":scope > ul.events");
  line.insertBefore(h("span", { class: "proxied" }, ` ${words}`), events);
}
