// A guided first game (issue 29). The lobby starts one against bots; on the game page,
// the first time each kind of decision comes up for the player, a panel says what it is,
// what to click and why it matters for winning; it also says, once, what the first
// dividend did, and what the end means. The texts are the title's data
// (GET /api/titles/{title}/guide/{lang}), keyed by the snapshot's decision (the face's
// `decision` path) and by the words' keys of the log's events: nothing here names a
// title. What was explained is remembered with the game (localStorage): a reload does
// not repeat it; "Stop guiding" turns the guide off for the game.

import { api, call, remember, remembered } from "./api.js";
import { $, h, say } from "./dom.js";
import { currentFace, pick } from "./face.js";
import { fitLog } from "./fit.js";
import { language, refusalText, t } from "./i18n.js";
import { DESKTOP } from "./media.js";

const BOTS = ["easy", "medium"];  // the guided game's bots: easy ones, else medium ones
const SHOWN_ROWS = 3;  // the companies' rows kept in sight under the panel

/** The height of a card's top down to its table's SHOWN_ROWS-th body row (the whole card
 *  when shorter): the part of the companies kept in sight under the guide's panel. Below
 *  the whole card the panel had some 230 px at 1366x768, two lines of its explanation in
 *  sight (the 31st newcomer run). */
function headOf(card) {
  const rows = card.querySelectorAll("tbody tr");
  const last = rows[Math.min(SHOWN_ROWS, rows.length) - 1];
  if (!last) return card.offsetHeight;
  return Math.min(card.offsetHeight, last.getBoundingClientRect().bottom - card.getBoundingClientRect().top + 8);
}

const LEAST = 220;  // px: the least height of the panel in the side column (it scrolls inside)

/** The game's remembered facts (seat, token, guided, explained). */
function facts(game) {
  return remembered()[game] || {};
}

export function isGuided(game) {
  return facts(game).guided === true;
}

// ----- the lobby ------------------------------------------------------------------

/** The lobby's "Guided first game": its title list and its button (`titles`: GET /api/titles). */
export function wireGuidedStart(titles) {
  const select = $("#guide-game");
  select.replaceChildren(...titles.map((x) => h("option", { value: x.title }, x.name)));
  $("#guide-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startGuided(titles.find((x) => x.title === select.value) || titles[0]);
  });
}

/** Make a game of `info` with the player at seat 1 and bots at the others, remember it
 *  as guided, and open it. */
async function startGuided(info) {
  const names = (info.bots || []).map((b) => b.name);
  const bot = BOTS.find((level) => names.includes(level)) || names[0];
  const players = Math.min(Math.max(info.min_players, 3), info.max_players);
  const seats = [{}, ...Array.from({ length: players - 1 }, () => ({ bot }))];
  const button = $("#guide-start");
  button.disabled = true;
  const answer = await api.create({ title: info.title, players, seats, options: {} });
  button.disabled = false;
  if (!answer.ok) {
    say(answer.network ? t("net.offline") : t("error.refused", { reason: refusalText(answer) }), "error");
    return;
  }
  const made = answer.data;
  const me = made.seats.find((s) => s.token);
  remember(made.id, { title: info.title, owner: made.owner_token, seat: me.seat, token: me.token,
    tokens: { [me.seat]: me.token }, guided: true, explained: [] });
  const url = new URL(me.invite_url, location.href);
  location.href = url.pathname + url.hash;
}

// ----- the game page ----------------------------------------------------------------

/** The guide's panel (`box`, a non-modal dialog) for the game `game()`; `changed()`
 *  after it opens or closes. */
export class Guide {
  constructor(box, game, changed = () => {}) {
    this.box = box;
    this.game = game;
    this.changed = changed;
    this.texts = null;  // the title's guide in the page's language
    this.loading = null;  // the fetch of the texts: {key: "title:lang", done: a promise}
    this.events = new Set();  // the words' keys of the events logged so far
    this.queue = [];  // ids to explain, in order ("event:dividend", "decision:build")
    this.open = null;  // the id shown
    this.openedAt = null;  // the position it was shown at
    this.back = null;  // where the focus was before the panel took it
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.dismiss();
    });
    this.home = { parent: box.parentNode, next: box.nextSibling };  // its place out of the side column
    window.addEventListener("resize", () => this.place());
    box.addEventListener("scroll", () => this.showMore(), { passive: true });
  }

  /** "More ▾" while the panel's text runs on below its foot (a text longer than the room:
   *  the seventeenth newcomer run took "Got it" for the end of the first one at 1366x768);
   *  a click scrolls the text on. The text above the buttons then fades out (class
   *  `runs-on`): the 28th newcomer run read a line half hidden by them as cut off. */
  showMore() {
    const more = this.box.querySelector(".guide-more");
    const runsOn = this.box.scrollTop + this.box.clientHeight < this.box.scrollHeight - 4;
    if (more) more.hidden = !runsOn;
    this.box.classList.toggle("runs-on", runsOn);
  }

  /** On a desktop whose side column is shown, the open panel is in that column, in the
   *  move log's place (the log folds to its heading meanwhile: table.css), between the
   *  players and the companies, as high as the room between them allows (at least
   *  LEAST px): fixed over the column's foot it hid the companies table a decision needs
   *  (a newcomer run at 1366x768). Elsewhere (one column, the side column folded away)
   *  where app.css puts it. */
  place() {
    const side = document.querySelector(".side.info");
    const inSide = Boolean(!this.box.hidden && DESKTOP.matches && side && side.offsetWidth > 0);
    const focused = this.box.contains(document.activeElement) ? document.activeElement : null;
    const logCard = side?.querySelector(".log-card");
    if (inSide && this.box.nextElementSibling !== logCard) logCard.before(this.box);
    else if (!inSide && this.box.parentNode !== this.home.parent) {
      this.home.parent.insertBefore(this.box, this.home.next);
    }
    this.box.classList.toggle("in-side", inSide);
    if (focused && !this.box.contains(document.activeElement)) focused.focus({ preventScroll: true });
    this.box.style.maxHeight = "";
    if (inSide) {
      const top = this.box.getBoundingClientRect().top;
      const companies = side.querySelector(".companies-card");
      let below = 0;  // the cards under the panel, down to the companies' first rows
      for (let el = this.box.nextElementSibling; el; el = el.nextElementSibling) {
        if (el === companies) {
          below += headOf(el);
          break;
        }
        if (el.offsetHeight) below += el.offsetHeight + parseFloat(getComputedStyle(el).marginBottom);
      }
      const room = window.innerHeight - top - below - 12;
      this.box.style.maxHeight = `${Math.round(Math.max(room, LEAST))}px`;
    }
    this.showMore();
    fitLog();
  }

  /** The log's new entries (GET /actions): their events, explained once when the title's
   *  guide has words for them. */
  saw(entries) {
    for (const e of entries || []) {
      for (const ev of e.events || []) if (ev?.key) this.events.add(ev.key);
    }
  }

  /** After each render: what to explain now (`mine`: the player is on turn, live). The
   *  panel's `data-checked` is then the index of the position looked at (for tests). */
  async update(view, mine, live) {
    if (!view) return;
    if (!isGuided(this.game())) this.close();
    else if (await this.load(view.title)) this.explain(view, mine, live);
    this.place();  // the panels under it may have grown
    this.box.dataset.checked = String(view.index);
  }

  /** Queue what the view calls for (a decision waiting in the queue that is no longer
   *  the current one is dropped), then show the next one unless one is open. */
  explain(view, mine, live) {
    if (live) {
      const wanted = this.wanted(view, mine);
      this.queue = this.queue.filter((id) => !id.startsWith("decision:") || wanted.includes(id));
      // a decision's panel left open while the player moved on (a move, an undo): it has
      // done its work (the fifteenth newcomer run bid, undid, and found it open again
      // over the moves)
      if (this.open?.startsWith("decision:") && this.openedAt !== view.index) this.dismiss();
      this.enqueue(wanted);
    }
    if (!this.open) this.next();
    else if (this.box.lang !== language()) this.refill();
    if (this.open && this.openedAt === null) this.openedAt = view.index;
  }

  /** The open explanation again in the page's new language, the focus kept in it. */
  refill() {
    const focused = this.box.contains(document.activeElement);
    this.fill(this.open);
    this.showMore();
    if (focused) this.box.querySelector("button.got-it").focus();
  }

  /** The texts of `title` in the page's language (fetched once per language; after a
   *  failure, again at the next render); false until they are the current language's. */
  async load(title) {
    const key = `${title}:${language()}`;
    if (this.loading?.key !== key) {
      const loading = { key };
      loading.done = call("GET", `/api/titles/${encodeURIComponent(title)}/guide/${
        encodeURIComponent(language())}`).then((answer) => {
        if (!answer.ok && this.loading === loading) this.loading = null;
        return answer.ok ? answer.data : null;
      });
      this.loading = loading;
    }
    const texts = await this.loading.done;
    if (this.loading?.key !== `${title}:${language()}`) return false;  // switched meanwhile
    this.texts = texts;
    return Boolean(texts);
  }

  /** The explanations the view calls for: the events logged, the end, the decision. */
  wanted(view, mine) {
    const g = this.texts;
    const out = Object.entries(g.events || {})
      .filter(([, spec]) => (spec.on || []).some((key) => this.events.has(key)))
      .map(([name]) => `event:${name}`);
    if (view.over && g.over) out.push("over");
    const where = currentFace().decision;
    const decision = mine && !view.over && where ? pick(view.state, where) : undefined;
    if (decision !== undefined && g.decisions?.[decision]) out.push(`decision:${decision}`);
    return out;
  }

  enqueue(ids) {
    const seen = new Set(facts(this.game()).explained || []);
    for (const id of ids) {
      if (!seen.has(id) && id !== this.open && !this.queue.includes(id)) this.queue.push(id);
    }
  }

  /** A queued explanation's texts {title, what, click, why, happened}, or null. */
  spec(id) {
    const g = this.texts || {};
    const [kind, name] = [id.split(":")[0], id.slice(id.indexOf(":") + 1)];
    if (kind === "decision") return g.decisions?.[name] || null;
    if (kind === "event") return g.events?.[name] ? { ...g.events[name], happened: true } : null;
    return id === "over" && g.over ? { ...g.over, happened: true } : null;
  }

  next() {
    while (this.queue.length) {
      const id = this.queue.shift();
      if (this.spec(id)) {
        this.show(id);
        return;
      }
    }
  }

  show(id) {
    this.openedAt = null;  // set by explain() to the position shown
    const active = document.activeElement;
    if (!this.box.contains(active)) this.back = active;
    this.open = id;
    this.fill(id);
    this.box.hidden = false;
    this.place();
    this.box.scrollTop = 0;  // from its title; the buttons stay at its foot
    this.showMore();
    this.box.querySelector("button.got-it").focus({ preventScroll: true });
    // a phone's panel is in the page, above the moves: in sight with them when it opens
    if (getComputedStyle(this.box).position !== "fixed") this.box.scrollIntoView({ block: "nearest" });
    this.changed();
  }

  /** The explanation open now ("decision:auction", "event:dividend"), or null. */
  showing() {
    return this.box.hidden ? null : this.open;
  }

  /** The panel's content for `id`, in the page's language. */
  fill(id) {
    const s = this.spec(id);
    if (!s) return;
    const first = !(facts(this.game()).explained || []).length;
    const part = (label, text) => (text ? h("p", {}, h("strong", {}, `${t(label)}: `), text) : null);
    this.box.dataset.guide = id;
    this.box.lang = language();
    this.box.setAttribute("aria-labelledby", "guide-title");
    this.box.setAttribute("aria-describedby", "guide-body");
    this.box.replaceChildren(
      h("p", { class: "guide-label" }, t("guide.label")),
      h("h2", { id: "guide-title" }, s.title),
      // the decision's own words first, what a guided game is after them (first in the
      // panel, it left two lines of them in sight at 1366x768: the 31st newcomer run)
      h("div", { id: "guide-body" },
        part(s.happened ? "guide.happened" : "guide.what", s.what),
        part("guide.click", s.click), part("guide.why", s.why),
        first && this.texts.intro ? h("p", { class: "guide-intro" }, this.texts.intro) : null),
      h("div", { class: "guide-buttons" },
        h("button", { type: "button", class: "guide-more", hidden: true,
          onclick: () => this.box.scrollBy({ top: this.box.clientHeight * 0.7 }) }, t("guide.more")),
        h("button", { type: "button", class: "got-it", onclick: () => this.dismiss() }, t("guide.got_it")),
        h("button", { type: "button", class: "guide-stop", onclick: () => this.stop() }, t("guide.stop"))));
  }

  /** "Got it" (or Escape): remembered as explained, then the next one, if any. */
  dismiss() {
    if (!this.open) return;
    const game = this.game();
    remember(game, { explained: [...(facts(game).explained || []), this.open] });
    this.open = null;
    this.next();
    if (!this.open) this.close();
    this.changed();
  }

  /** "Stop guiding": no more explanations in this game. */
  stop() {
    remember(this.game(), { guided: false });
    this.queue = [];
    this.close();
    say(t("guide.stopped"), "ok");
  }

  close() {
    this.open = null;
    if (this.box.hidden) return;
    const hadFocus = this.box.contains(document.activeElement);
    this.box.hidden = true;
    this.place();
    this.changed();
    this.box.replaceChildren();
    delete this.box.dataset.guide;
    this.box.removeAttribute("aria-labelledby");
    this.box.removeAttribute("aria-describedby");
    if (!hadFocus) return;
    const back = this.back && this.back.isConnected && this.back !== document.body ? this.back
      : $("#actions button:not([hidden]):not([disabled])") || $("#actions-title");
    back.focus();
  }
}
