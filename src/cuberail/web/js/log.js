// The move log in words (with company colours): each move with what it caused, who
// took back what, a mark at what is new since the reader's last visit; and the chat.

import { chip, h, withChips } from "./dom.js";
import { isCompany } from "./face.js";
import { sayParts, t } from "./i18n.js";
import { paymentsOf, payoutList, payoutSplit } from "./payout.js";
import { markProxied } from "./proxied.js";

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
   *  last seen entry marks what is new since the reader's last visit; `stateAt(n)`: the
   *  snapshot after move n (a promise; for a dividend's split by company);
   *  `onDividend(payments, line)`: a dividend paid by a move new to the reader (made
   *  live, or since the last visit). */
  constructor(list, nameOf, where = () => null, { stateAt = null, onDividend = null } = {}) {
    this.list = list;
    this.nameOf = nameOf;
    this.where = where;
    this.stateAt = stateAt;
    this.onDividend = onDividend;
    this.seeing = null;  // an IntersectionObserver of the dividends' splits not read yet
    this.waiting = new Map();  // such a split's box -> [payments, move n]
    this.seen = null;  // the last entry seen on the previous visit (read once)
    this.until = null;  // the last entry of the visit's first load: newer ones arrive live
    this.marked = false;
    this.seq = 0;
    this.told = 0;  // the last entry whose dividend the page's notice told
    this.entries = [];
    this.undoing = null;  // the undo line a run of undo entries adds to (see takeBack)
    this.warned = "";  // the auction whose warning the log has said (see once)
  }

  reset() {
    this.seq = 0;
    this.warned = "";
    this.undoing = null;
    this.marked = false;
    this.entries = [];
    this.seeing?.disconnect();
    this.waiting.clear();
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
      if (e.kind === "undo") {
        this.takeBack(e);
        continue;
      }
      const line = this.moveLine(e);
      this.undoing = null;
      this.list.append(line);
      markProxied(line, this.where()?.game, e.seq);
      foldAuction(line, e);
      this.tell(e, line);
      this.entries.push(e);
    }
    this.remember();
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** A move's words, a warning said once an auction: a bid whose sentence carries one
   *  (the catalog's `<key>_warned`) after the auction's first such line is said plainly
   *  (`<key>`), with a ⚠ whose title says it whole (the 26th newcomer run: every bid of a
   *  phase-2 auction repeated the same three lines of nationalization warning). */
  once(e) {
    const auction = bidFor(e);
    const warned = Boolean(e.words?.key?.endsWith(WARNED));
    if (!auction || this.warned !== auction) this.warned = warned ? auction : "";
    else if (warned) {
      const plain = told({ ...e.words, key: e.words.key.slice(0, -WARNED.length) }, this.nameOf);
      const whole = told(e.words, this.nameOf);
      if (plain && whole) {
        return [...plain, " ", h("span", { class: "warned", title: whole.map((p) =>
          (typeof p === "string" ? p : p.textContent)).join("") }, "⚠")];
      }
    }
    return told(e.words, this.nameOf);
  }

  moveLine(e) {
    const n = this.list.querySelectorAll("li.move:not(.undone)").length + 1;
    const said = this.once(e);
    const events = (e.events || []).map((ev) => [told(ev, this.nameOf), paymentsOf(ev)]).filter(([x]) => x)
      .flatMap(([ev, paid]) => {
        const item = h("li", { class: paid ? "event paid" : "event" }, ev);
        if (!paid) return [item];
        const split = h("li", { class: "split" });  // the payments by company, once read
        this.later(split, paid, n);
        return [item, split];
      });
    const company = bidFor(e);
    const data = { seq: e.seq, action: e.action, index: n, ...(company ? { bid: company } : {}) };
    return h("li", { class: "move", dataset: data },
      h("a", { href: `#at=${n}`, class: "at", title: t("replay.link") }, `${n}.`), " ",
      h("strong", {}, this.nameOf(e.seat)), said ? [": ", ...said] : [" ", ...withChips(words(e.action))],
      events.length ? h("ul", { class: "events" }, events) : null);
  }

  /** A dividend's split by company (into `box`, under the payments of move `n`), read once
   *  the line comes into sight in the log: a long game's dividends are not all read at
   *  once, and the snapshots are asked one after another. */
  later(box, payments, n) {
    if (!this.stateAt) return;
    if (!this.seeing) {
      this.seeing = new IntersectionObserver((seen) => {
        for (const x of seen.filter((y) => y.isIntersecting)) {
          this.seeing.unobserve(x.target);
          this.asked = this.asked.then(() => this.split(x.target)).catch(() => {});
        }
      }, { root: this.list });
      this.asked = Promise.resolve();
    }
    this.waiting.set(box, [payments, n]);
    this.seeing.observe(box);
  }

  /** Read the snapshots after and before the move, and show the split when it adds up. */
  async split(box) {
    const [payments, n] = this.waiting.get(box) || [];
    this.waiting.delete(box);
    if (!payments || !box.isConnected) return;
    const rows = payoutSplit(await Promise.all([this.stateAt(n), this.stateAt(n - 1)]), payments);
    if (!rows || !box.isConnected) return;
    const atFoot = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    box.append(payoutList(rows, this.nameOf));
    if (atFoot) this.list.scrollTop = this.list.scrollHeight;
  }

  /** A dividend paid by a move new to the reader (made live after the page's first load,
   *  or since the reader's last visit): the page's notice. */
  tell(e, line) {
    const fresh = e.seq > this.until || (this.seen > 0 && e.seq > this.seen);
    const paid = (e.events || []).map(paymentsOf).find((x) => x);
    if (!fresh || !paid || !this.onDividend || e.kind === "undo" || e.seq <= this.told) return;
    this.told = e.seq;  // once: not again when the log is redrawn in another language
    this.onDividend(paid, line);
  }

  /** The last move of `seat` of the kind `kind` ("company NYC"), or "" (undone moves
   *  are not counted). */
  lastAction(seat, kind) {
    const e = [...this.entries].reverse().find((x) => x.seat === seat && x.action.split(" ")[0] === kind);
    return e ? e.action : "";
  }

  /** An undo entry: the last move in force struck (under its own player's name, without
   *  its number: the next move takes it), and the undo's line. The server writes one
   *  entry per move taken back, the last first, all in the name of who undid: a free undo
   *  against bots takes back the bots' answers and then the player's own move. Such a run
   *  is one line ("Ann takes back their move (…) and the 2 bot moves after it"). */
  takeBack(e) {
    const taken = this.entries.pop();
    const live = [...this.list.querySelectorAll("li.move:not(.undone)")].pop();
    if (live) {
      live.classList.add("undone");
      const at = live.querySelector(":scope > a.at");
      if (at?.nextSibling?.nodeType === Node.TEXT_NODE) at.nextSibling.remove();
      at?.remove();
      unfold(live);  // an auction's last move taken back: the auction is open again
    }
    let group = this.undoing?.seat === e.seat ? this.undoing : null;
    if (!group) {
      group = { seat: e.seat, others: 0, line: h("li", { class: "undo" }) };
      this.list.append(group.line);
    }
    const own = !taken || taken.seat === e.seat;
    if (!own) group.others += 1;
    group.entry = e;
    this.undoing = own ? null : group;  // the run goes on until the player's own move
    this.undoLine(group);
  }

  /** Who took back what: the words of their own move, and how many bots' moves after it. */
  undoLine({ seat, others, entry, line }) {
    const said = told(entry.words, this.nameOf) || (entry.action ? withChips(words(entry.action)) : null);
    Object.assign(line.dataset, { seq: entry.seq, seat, taken: others + 1 });
    line.replaceChildren(h("strong", {}, this.nameOf(seat)), " ",
      t(others ? "log.undo_own" : "log.undo"), ...(said ? [" (", ...said, ")"] : []),
      ...(others ? [` ${t("log.undo_after", { n: others })}`] : []));
  }

  /** Was entry `e` made live, after this visit's first load? */
  isLive(e) {
    return Boolean(e) && this.until !== null && e.seq > this.until;
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

/** The company whose share a move bids on or passes on (an auction's move), else "". */
function bidFor(e) {
  const kind = e.action.split(" ")[0];
  const company = e.words?.values?.company;
  return (kind === "bid" || kind === "pass") && company ? JSON.stringify(company) : "";
}

const WARNED = "_warned";  // a sentence with a warning; without the suffix, without it
const FOLD_LEAST = 3;  // an auction's moves before its last that are folded into one line

/** When `line` (entry `e`) ends an auction (a bid or pass that says what it caused: who
 *  won the share), the auction's earlier bids and passes fold into one line before it
 *  ("9 bids and passes, $7 to $20"), opened by a click: a bots' auction raised a dollar
 *  at a time took 10-15 lines of the log. The last move and what it caused stay. */
function foldAuction(line, e) {
  const company = line.dataset.bid;
  if (!company || !(e.events || []).length) return;
  const run = [];
  for (let li = line.previousElementSibling; li; li = li.previousElementSibling) {
    if (li.matches("li.undo, li.move.undone")) {  // taken back within the auction
      run.unshift(li);
      continue;
    }
    if (!li.matches("li.move")) break;  // a mark ("since your last visit") or a fold
    if (li.dataset.bid !== company || li.querySelector("ul.events")) break;
    run.unshift(li);
  }
  const moves = run.filter((li) => li.matches(".move:not(.undone)"));
  if (moves.length < FOLD_LEAST) return;
  const bids = moves.map((li) => li.dataset.action).filter((a) => a.startsWith("bid "))
    .map((a) => Number(a.split(" ")[1]));
  const said = t("log.folded", { from: moves[0].dataset.index,
    to: moves[moves.length - 1].dataset.index, count: moves.length });
  const range = bids.length ? ` · ${t("log.folded_bids", { low: Math.min(...bids), high: Math.max(...bids) })}` : "";
  const button = h("button", { type: "button", class: "fold-toggle", "aria-expanded": "false" },
    `${said}${range}`);
  const fold = h("li", { class: "fold" }, button);
  fold.folded = run;
  for (const li of run) li.classList.add("folded");
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    for (const li of run) li.classList.toggle("folded", !open);
  });
  line.before(fold);
}

/** Undo of an auction's last move (`line`): its fold opens for good. */
function unfold(line) {
  const fold = line.previousElementSibling;
  if (!fold?.matches("li.fold")) return;
  for (const li of fold.folded || []) li.classList.remove("folded");
  fold.remove();
}

export function renderChat(list, lines, nameOf) {
  list.replaceChildren(...lines.map((c) => chatLine(c, nameOf)));
  list.scrollTop = list.scrollHeight;
}

export function chatLine(c, nameOf) {
  const who = c.name || (c.seat === null || c.seat === undefined ? t("chat.owner") : nameOf(c.seat));
  return h("li", {}, h("strong", {}, `${who}: `), c.text);
}
