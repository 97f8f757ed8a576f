// The move log in words (with company colours): each move with what it caused, who
// took back what, a mark at what is new since the reader's last visit; and the chat.

import { chip, h, withChips } from "./dom.js";
import { isCompany } from "./face.js";
import { sayParts, t } from "./i18n.js";

/** One action text in words: "bid 8" -> "bids $8", "place R3" -> "places a locomotive on R3". */
export function words(action) {
  const [kind, ...args] = action.split(" ");
  const pay = args.find((a) => a.startsWith("pay:"));
  const plain = args.filter((a) => !a.startsWith("pay:"));
  let arg = plain.join(" ");
  if (kind === "choose") arg = t(`gauge.${arg}`);
  if (kind === "link") arg = arg.replaceAll("+", " + ").replaceAll("-", " – ");
  const key = `log.${kind}`;
  const text = t(key, { arg, args: plain.join(", ") });
  const said = text === key ? action : text;
  return pay ? `${said} ${t("log.pay", { payees: pay.slice(4).replaceAll(",", ", ") })}` : said;
}

/** A sentence as data ({key, values}) in the page's language: company words as chips,
 *  seat values as the players' names (`nameOf`); null when it cannot be rendered. */
export function told(said, nameOf) {
  const parts = said ? sayParts(said, (id, text) => chip(id, text), (n) => nameOf(n)) : null;
  return parts ? parts.flatMap((p) => (typeof p === "string" ? idChips(p) : [p])) : null;
}

/** Company ids in plain text as chips (initials such as "PRR"); a company named by a word
 *  of the language (a colour) comes as its own word, never from text ("the gauges return
 *  to green" stays text). */
function idChips(text) {
  return text.split(/(\s+|[,():;])/).map((part) => (isCompany(part)
    && sayParts({ key: `company.${part}`, values: {} }) === null ? chip(part) : part));
}

/** The last entry (seq) a reader saw of a game, per game and seat (localStorage). */
function seenKey(game, seat) {
  return `cuberail.seen.${game}.${seat ?? "watch"}`;
}

export class MoveLog {
  /** `list`: the log's <ol>; `nameOf(seat)`; `where()`: {game, seat} of the page, whose
   *  last seen entry marks what is new since the reader's last visit. */
  constructor(list, nameOf, where = () => null) {
    this.list = list;
    this.nameOf = nameOf;
    this.where = where;
    this.seen = null;  // the last entry seen on the previous visit (read once)
    this.until = null;  // the last entry of the visit's first load: newer ones arrive live
    this.marked = false;
    this.seq = 0;
    this.entries = [];
  }

  reset() {
    this.seq = 0;
    this.marked = false;
    this.entries = [];
    this.list.replaceChildren();
  }

  /** Add log entries (from GET /actions?since=): moves with what they caused, and undos
   *  striking the last move and naming who took back what. */
  add(entries) {
    this.lastVisit();
    if (this.until === null) this.until = Math.max(this.seq, ...entries.map((e) => e.seq));
    for (const e of entries) {
      if (e.seq <= this.seq) continue;
      this.seq = e.seq;
      if (this.isNews(e)) {
        this.marked = true;
        this.list.append(h("li", { class: "since" }, t("log.since")));
      }
      this.list.append(e.kind === "undo" ? this.undoLine(e) : this.moveLine(e));
      if (e.kind === "undo") this.entries.pop();
      else this.entries.push(e);
    }
    this.remember();
    this.list.scrollTop = this.list.scrollHeight;
  }

  moveLine(e) {
    const n = this.list.querySelectorAll("li.move:not(.undone)").length + 1;
    const said = told(e.words, this.nameOf);
    const events = (e.events || []).map((ev) => told(ev, this.nameOf)).filter((x) => x);
    return h("li", { class: "move", dataset: { seq: e.seq, action: e.action, index: n } },
      h("a", { href: `#at=${n}`, class: "at", title: t("replay.link") }, `${n}.`), " ",
      h("strong", {}, this.nameOf(e.seat)), said ? [": ", ...said] : [" ", ...withChips(words(e.action))],
      events.length ? h("ul", { class: "events" }, events.map((ev) => h("li", { class: "event" }, ev))) : null);
  }

  /** The last move of `seat` of the kind `kind` ("company NYC"), or "" (undone moves
   *  are not counted). */
  lastAction(seat, kind) {
    const e = [...this.entries].reverse().find((x) => x.seat === seat && x.action.split(" ")[0] === kind);
    return e ? e.action : "";
  }

  /** Who took back what (the entry's seat, and the words of the move taken back). */
  undoLine(e) {
    const live = [...this.list.querySelectorAll("li.move:not(.undone)")].pop();
    if (live) live.classList.add("undone");
    const said = told(e.words, this.nameOf) || (e.action ? withChips(words(e.action)) : null);
    return h("li", { class: "undo", dataset: { seq: e.seq, seat: e.seat } },
      h("strong", {}, this.nameOf(e.seat)), " ", t("log.undo"), said ? [" (", ...said, ")"] : null);
  }

  /** Is `e` the first entry new to the reader: after the last visit, in this visit's
   *  first load (not a move made live, their own above all), and by someone else? */
  isNews(e) {
    return !this.marked && this.seen > 0 && e.seq > this.seen && e.seq <= this.until
      && e.seat !== this.where()?.seat;
  }

  /** The last entry seen before this visit (once per page); entries after it are new. */
  lastVisit() {
    const at = this.where();
    if (this.seen !== null || !at) return;
    const seen = Number(localStorage.getItem(seenKey(at.game, at.seat)));
    this.seen = Number.isInteger(seen) && seen > 0 ? seen : -1;
  }

  remember() {
    const at = this.where();
    if (at && this.seq) localStorage.setItem(seenKey(at.game, at.seat), String(this.seq));
  }
}

export function renderChat(list, lines, nameOf) {
  list.replaceChildren(...lines.map((c) => chatLine(c, nameOf)));
  list.scrollTop = list.scrollHeight;
}

export function chatLine(c, nameOf) {
  const who = c.name || (c.seat === null || c.seat === undefined ? t("chat.owner") : nameOf(c.seat));
  return h("li", {}, h("strong", {}, `${who}: `), c.text);
}
