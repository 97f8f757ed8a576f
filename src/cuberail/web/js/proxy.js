// "Bid up to $N": the page bids for its player in one auction, as the terminal table's
// `up to 20` does. At each of the player's decisions in that auction it plays the lowest
// bid allowed while that is at most the limit, else a pass (when a pass is allowed; when
// not, as for an opener who must bid, the player decides). It ends with the auction (a
// decision with no bid to make, another company's auction, a lowest bid lower than at the
// last decision, the winner's next move), on an undo, on the player's own move, or on
// "Stop". Each bid is sent as the player's click is (the server judges it); a refused one
// ends it, said plainly. It lives in the page only: a closed page bids no more.

import { h, say } from "./dom.js";
import { companyName, refusalText, t } from "./i18n.js";
import { rememberProxied } from "./proxied.js";

/** The event the auction panel's "Bid up to this amount" sends ({limit}), bubbling. */
export const UPTO_EVENT = "cuberail:upto";
const WAIT = 500;  // ms before a move for the player: the new position is seen first

/** The amounts of the legal bids, lowest first (the auction panel's buttons too). */
export function bidsOf(legal) {
  return legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.split(" ")[1]))
    .filter(Number.isInteger).sort((a, b) => a - b);
}

/** What is auctioned (the snapshot's auction's company), or null: no auction runs. */
const lotOf = (state) => state?.auction?.company ?? null;

/** Does the view still offer this auction's moves (not the winner's next decision)? */
const bidding = (view) => !view.legal.length || view.legal.some((x) => x.startsWith("bid ") || x === "pass");

export class BidProxy {
  /** `game()`: {view, mine, seat, id} now (mine: the page's player, at `seat`, may move now); `play(action)`:
   *  the page's move, as a click makes it (its answer; none when nothing was sent);
   *  `redraw()`: draw the panels again; `nameOf(seat)`: a player's name. */
  constructor({ game, play, redraw, nameOf }) {
    Object.assign(this, { game, play, redraw, nameOf });
    this.on = null;  // {limit, lot, low, index}: the limit in force
    this.sending = false;  // the move being sent is the proxy's own
    this.timer = 0;
    this.waiting = -1;  // the position a move is planned for
    document.addEventListener(UPTO_EVENT, (event) => this.start(Number(event.detail?.limit)));
  }

  /** The player sets a limit at their own decision in an auction (checked by the panel). */
  start(limit) {
    const { view, mine } = this.game();
    const bids = bidsOf(view?.legal || []);
    if (!mine || !bids.length || !Number.isInteger(limit) || limit < bids[0]) return;
    const lot = lotOf(view.state);
    const held = Object.fromEntries(view.state.players.map((p) => [p.seat, p.shares?.[lot] || 0]));
    this.on = { limit, lot, low: bids[0], index: view.index, held };
    say(t("auction.upto_set", { limit }), "ok");
    this.redraw();
    document.querySelector("#auction .upto-stop")?.focus();
  }

  /** Bid no more for the player; `message` says why (none: the player moved). */
  stop(message = "", kind = "info", redraw = true) {
    clearTimeout(this.timer);
    this.waiting = -1;
    if (!this.on) return;
    this.on = null;
    if (message) say(message, kind);
    if (redraw) this.redraw();
  }

  /** A move is being sent: the player's own (not the proxy's) ends the proxy. */
  moved() {
    if (!this.sending) this.stop();
  }

  /** A new view arrived (before it is drawn): the proxy ends with its auction or an undo. */
  update() {
    const on = this.on;
    const { view } = this.game();
    if (!on || !view) return;
    if (view.index < on.index) {
      this.stop(t("auction.upto_undo"), "info", false);
      return;
    }
    on.index = view.index;
    if (view.over || lotOf(view.state) !== on.lot || !bidding(view)) {
      this.stop(this.overWords(view.state), "info", false);
    }
  }

  /** How the auction ended, as far as the snapshot says: who won the share (the player
   *  whose shares of it grew since the limit was set: "You won ..."), else that it is
   *  over (the moves say who won). */
  overWords(state) {
    const { lot, held } = this.on;
    const company = companyName(lot);
    const winner = (state?.players || []).find((p) => (p.shares?.[lot] || 0) > (held[p.seat] ?? Infinity));
    if (!winner) return t("auction.upto_over", { company });
    if (winner.seat === this.game().seat) return t("auction.upto_won", { company });
    return t("auction.upto_won_by", { company, name: this.nameOf(winner.seat) });
  }

  /** The status line in the auction panel ("Bidding for you up to $20 — Stop"), on the
   *  live position; at the player's decision, their move is planned. */
  show(box, live) {
    const panel = box.querySelector(".auction");
    panel?.querySelector("p.upto")?.remove();  // the panel is kept when nothing changed
    if (!this.on || !live || !panel) return;
    const stop = h("button", { type: "button", class: "upto-stop", "aria-label": t("auction.upto_stop_name") },
      t("auction.upto_stop"));
    stop.addEventListener("click", () => this.stop(t("auction.upto_stopped")));
    const line = h("p", { class: "upto", title: t("auction.upto_page") },
      h("span", { class: "upto-what" }, t("auction.upto_status", { limit: this.on.limit })), " — ", stop,
      h("span", { class: "sr-only" }, ` (${t("auction.upto_page")})`));
    const facts = panel.querySelector(".facts");
    if (facts) facts.after(line);
    else panel.append(line);
    const { view, mine } = this.game();
    if (mine && this.waiting !== view.index) {
      clearTimeout(this.timer);
      this.waiting = view.index;
      this.timer = setTimeout(() => this.decide(view.index), WAIT);
    }
  }

  /** The player's move at position `index`, if still current: the lowest bid up to the
   *  limit, else a pass; none when they must bid above it (they decide). */
  async decide(index) {
    const on = this.on;
    const { view, mine } = this.game();
    this.waiting = -1;
    if (!on || !mine || view.index !== index) return;  // a newer position plans its own
    const bids = bidsOf(view.legal);
    if (!bids.length || bids[0] < on.low) {
      this.stop(t("auction.upto_over", { company: companyName(on.lot) }));
      return;
    }
    const low = bids[0];
    if (low > on.limit && !view.legal.includes("pass")) {
      this.stop(t("auction.upto_must", { amount: low, limit: on.limit }), "error");
      return;
    }
    const action = low <= on.limit ? `bid ${low}` : "pass";
    const last = action === "pass";  // the proxy's last move: it ends as it is sent
    if (last) this.on = null;
    this.sending = true;
    const answer = await this.play(action);
    this.sending = false;
    if (!answer || answer.network) {  // not sent, or no network: tried again when back
      if (last && !this.on) this.on = on;
      return;
    }
    if (!answer.ok) {
      const stale = answer.status === 409 && answer.data?.words?.key === "refusal.stale_index";
      this.on = on;
      this.stop(t("auction.upto_refused", { reason: stale ? t("error.stale") : refusalText(answer, this.nameOf) }),
        "error");
    } else if (last) {
      say(t("auction.upto_passed", { amount: low, limit: on.limit }), "info");
    } else if (this.on === on) {  // (else the auction closed as the bid was answered: said)
      on.low = low;
      say(t("auction.upto_bid", { amount: low, limit: on.limit }), "ok");
    }
    if (answer.ok) rememberProxied(this.game().id, answer.data?.seq, last ? "pass" : "bid", on.limit);
  }
}
