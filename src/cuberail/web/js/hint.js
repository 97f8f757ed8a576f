// The hint button: on your turn, in a game created with hints allowed, ask the server
// for the move the medium bot suggests (GET /api/games/{id}/hint) and show its sentence
// (and the title's reason, when it has one) under the move controls. Nothing is played.

import { api } from "./api.js";
import { language, refusalText, t } from "./i18n.js";

export class Hint {
  /** `button` and `out` (its answer's line); `game()` the page's state ({id, token,
   *  view}); `nameOf(seat)` a player's name (for refusals); `shown()` after an answer is
   *  shown (the page fits its decision card to it). */
  constructor(button, out, game, nameOf, shown = () => {}) {
    this.button = button;
    this.shown = shown;
    this.out = out;
    this.game = game;
    this.nameOf = nameOf;
    this.index = -1;  // the position the shown hint is for
    button.addEventListener("click", () => this.ask());
  }

  /** Show the button only when the game allows hints and it is `mine` (your turn, live);
   *  a hint shown for an earlier position goes. */
  update(view, mine) {
    const allowed = Boolean(view && view.hints !== false && mine && this.game().token);
    this.button.hidden = !allowed;
    if (!allowed || view.index !== this.index) this.clear();
  }

  clear() {
    this.index = -1;
    this.out.hidden = true;
    this.out.textContent = "";
  }

  async ask() {
    const { id, token, view } = this.game();
    if (!view || this.button.disabled) return;
    this.button.disabled = true;
    const answer = await api.hint(id, token, language());
    this.button.disabled = false;
    this.index = view.index;
    this.out.hidden = false;
    if (answer.ok && answer.data) {
      const reason = answer.data.reason ? ` ${t("game.hint_reason", { reason: answer.data.reason })}` : "";
      this.out.textContent = t("game.hint_says", { move: answer.data.sentence }) + reason;
    } else {
      this.out.textContent = t("error.refused", { reason: refusalText(answer, this.nameOf) });
    }
    this.shown();
    this.out.scrollIntoView({ block: "nearest" });  // in sight, in its card and the window
  }
}
