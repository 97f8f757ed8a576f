// Rematch, on the end banner of a finished game: a button asks the server for a new game
// of the same title, options and seats (POST /api/games/{id}/rematch); once one exists,
// everyone watching sees a link to it (the server tells the old game's watchers with a
// `rematch` event on the game's WebSocket: {type: "rematch", game, rematch: new id}), and
// a player of the old game takes their seat in it with the same button.

import { api, remember, remembered } from "./api.js";
import { h } from "./dom.js";
import { refusalText, t } from "./i18n.js";

/** Is this WebSocket event the news of the game's rematch? */
export function isRematchEvent(event, gameId) {
  return Boolean(event && event.type === "rematch" && event.game === gameId
    && typeof event.rematch === "string" && event.rematch);
}

export const MARK = "rematch";

/** A chat line of no seat named "rematch": how a server before the rematch record (its
 *  migration 0004 turns such lines into the record) told of a rematch; the game page
 *  keeps it out of the chat and takes the rematch's id from it. */
export function isRematchLine(line) {
  return Boolean(line && (line.seat === null || line.seat === undefined) && line.name === MARK
    && typeof line.text === "string");
}

export class Rematch {
  /** `game()`: {id, view, seat, token, owner} of the page; `changed()` redraws. */
  constructor(game, changed, nameOf) {
    this.game = game;
    this.changed = changed;
    this.nameOf = nameOf;
    this.id = null;        // the rematch's id, once known
    this.invites = null;   // the seats' invite links (only for whoever created it)
    this.error = "";
    this.asked = false;    // looked up once the game is over (again on a new connection)
    this.busy = false;
  }

  /** A rematch is known (from an event or the server). */
  found(id) {
    if (!id || id === this.id) return;
    this.id = id;
    this.changed();
  }

  /** A WebSocket event of the page's game: true when it was the rematch's news. */
  heard(event) {
    if (!isRematchEvent(event, this.game().id)) return false;
    this.found(event.rematch);
    return true;
  }

  /** The page's live connection opened again: news sent while the page was not
   *  connected is not sent again, so the server is asked again. */
  reconnected() {
    this.asked = false;
  }

  /** Once the game is over: ask the server whether a rematch exists already (once per
   *  live connection, while none is known). */
  async lookUp() {
    const g = this.game();
    if (this.asked || this.id || !g.view?.over) return;
    this.asked = true;
    const answer = await api.rematchOf(g.id);
    if (answer.ok && answer.data?.id) this.found(answer.data.id);
  }

  /** Create the rematch, or take my seat in the one that exists. */
  async ask() {
    const g = this.game();
    if (this.busy) return;
    this.busy = true;
    const answer = await api.rematch(g.id, g.token || g.owner);
    this.busy = false;
    if (!answer.ok) {
      this.error = t("error.refused", { reason: refusalText(answer, this.nameOf) });
      this.changed();
      return;
    }
    const made = answer.data;
    remember(made.id, { title: g.view.title, ...(made.token ? { seat: made.seat, token: made.token } : {}),
      ...(made.owner_token ? { owner: made.owner_token } : {}) });
    if (made.seats) {
      this.invites = made.seats.filter((s) => s.token && s.seat !== made.seat);
    }
    this.error = "";
    this.id = made.id;
    this.changed();
  }

  /** The banner's part: the button, or the links to the rematch. */
  render(box) {
    const g = this.game();
    const player = Boolean(g.token || g.owner);
    const mine = this.id ? remembered()[this.id] : null;
    const out = [];
    if (!this.id && player) {
      out.push(h("button", { type: "button", class: "rematch", onclick: () => this.ask() }, t("rematch.ask")));
    }
    if (this.id) {
      const href = `/g/${this.id}`;
      out.push(h("a", { class: "rematch-link button", href }, mine?.token || mine?.owner
        ? t("rematch.play") : t("rematch.watch")));
      if (g.token && !mine?.token) {
        out.push(h("button", { type: "button", class: "rematch take", onclick: () => this.ask() },
          t("rematch.take_seat")));
      }
    }
    if (this.invites?.length) {
      out.push(h("div", { class: "rematch-invites" }, h("p", {}, t("rematch.invites")),
        h("ul", {}, this.invites.map((s) => h("li", {}, `${this.nameOf(s.seat)}: `,
          h("input", { class: "link", readonly: true, value: s.invite_url,
            "aria-label": t("lobby.invite_of", { name: this.nameOf(s.seat) }) }))))));
    }
    if (this.error) out.push(h("p", { class: "error", role: "alert" }, this.error));
    box.replaceChildren(...out);
    box.hidden = !out.length;
  }
}
