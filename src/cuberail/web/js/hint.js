// The hint button: on your turn, in a game created with hints allowed, ask the server
// for the move a short search prefers (GET /api/games/{id}/hint) and show its sentence,
// your winning chance after it and the title's reason, when it has one (the medium
// bot's move, said so, when the engine is busy), under the move controls, with "Play this": one
// click plays the hinted move as its own button would (the page's own move path, with the
// position the hint was for, so a hint gone stale is refused as any stale move). A hint
// is one step: in a move of several steps (a build) it plays that step, and the next
// step's hint is one more click on Hint.

import { api } from "./api.js";
import { keepHint } from "./hintcount.js";
import { language, refusalText, t } from "./i18n.js";

const PATIENCE = 5;  // s: the longest "ask again in" the page waits out by itself

export class Hint {
  /** `button` and `out` (its answer's line); `play` the "Play this" button; `game()` the
   *  page's state ({id, token, view}); `nameOf(seat)` a player's name (for refusals);
   *  `act(action, index)` plays a move (the page's own); `shown()` after an answer is
   *  shown (the page fits its decision card to it). */
  constructor({ button, out, play, game, nameOf, act, shown = () => {} }) {
    this.button = button;
    this.shown = shown;
    this.out = out;
    this.play = play;
    this.game = game;
    this.nameOf = nameOf;
    this.index = -1;  // the position the shown hint is for
    this.action = null;  // the hinted move, while it is one of the moves offered
    this.asking = -1;  // the position a hint is being asked for (its "thinking…" line stays)
    button.addEventListener("click", () => this.ask());
    play.addEventListener("click", () => {
      if (this.action !== null && !play.disabled) act(this.action, this.index);
    });
  }

  /** Show the button only when the game allows hints and it is `mine` (your turn, live);
   *  a hint shown for an earlier position goes. */
  update(view, mine) {
    const seated = Boolean(view && mine && this.game().token);
    const allowed = seated && view.hints !== false;
    this.button.hidden = !allowed;
    // where the button would be, a game created without hints says so (the 37th
    // newcomer run, two people at one table, looked for the Hint button)
    const off = document.getElementById("hint-off");  // (its words: data-i18n)
    if (off) off.hidden = !seated || view.hints !== false;
    if (!allowed || (view.index !== this.index && view.index !== this.asking)) this.clear();
  }

  clear() {
    this.index = -1;
    this.action = null;
    this.out.hidden = true;
    this.out.textContent = "";
    this.play.hidden = true;
  }

  async ask() {
    const { id, token, view } = this.game();
    if (!view || this.button.disabled) return;
    this.button.disabled = true;
    this.asking = view.index;  // a refresh meanwhile (the socket's first state) keeps the line
    let answer = await api.hint(id, token, language());
    if (answer.status === 429 && answer.retry > 0 && answer.retry <= PATIENCE) {
      // asked faster than a seat's hints allow (the 26th newcomer run read "Refused: too
      // many hints ..."): the page waits the second or two and asks once more itself
      this.out.hidden = false;
      this.out.textContent = t("game.hint_wait");
      await new Promise((done) => setTimeout(done, answer.retry * 1000));
      if (this.game().view?.index === view.index) answer = await api.hint(id, token, language());
    }
    this.button.disabled = false;
    this.asking = -1;
    const current = this.game().view;
    if (!current || current.index !== view.index) return;  // the game moved on meanwhile
    this.index = view.index;
    this.out.hidden = false;
    if (answer.ok && answer.data) {
      const { id: game, seat } = this.game();
      keepHint(game, seat, answer.data.index, answer.data.action);  // for the end's count
      this.out.textContent = hintText(answer.data);
      this.offer(answer.data, current);
    } else {
      this.offer({}, current);
      this.out.textContent = t("error.refused", { reason: refusalText(answer, this.nameOf) });
    }
    this.shown();
    this.out.scrollIntoView({ block: "nearest" });  // in sight, in its card and the window
  }

  /** "Play this" for the hint `data` ({index, action}) when it is for the position shown
   *  and its move is offered there. */
  offer(data, view) {
    const offered = data.index === view.index && (view.legal || []).includes(data.action);
    this.action = offered ? data.action : null;
    this.index = offered ? data.index : view.index;
    this.play.hidden = !offered;
  }
}

/** How the chance moved since the seat's last hint, when by 15 points or more, and whose
 *  chance moved most the other way (the 31st newcomer run read 32% → 1% → 96% with nothing
 *  saying why, and stopped trusting the hint). */
function sinceText(since, chance) {
  const down = chance < since.chance;
  const out = [t(down ? "game.hint_since_down" : "game.hint_since_up",
                 { percent: Math.round(100 * since.chance), n: since.moves })];
  const rival = since.rival;
  if (rival) {
    out.push(t(down ? "game.hint_since_rose" : "game.hint_since_fell",
               { name: rival.name, from: Math.round(100 * rival.from),
                 to: Math.round(100 * rival.to) }));
  }
  // a turn of 40 points or more: what the number is and why it can turn (the 38th
  // newcomer run read 91% become 19% and stopped believing the numbers)
  if (since.surprise) out.push(t("game.hint_since_surprise"));
  return out.join(" ");
}

/** A hint's line: the move (by the search, or the medium bot while the engine is busy),
 *  the mover's winning chance after it when searched, the runner-up when it does about as
 *  well (a close call: a newcomer followed a hint that passed every setup auction, where
 *  bidding was within a point of it), the mover's next moves as the search plans them (the
 *  25th newcomer run was hinted "choose auction", then "forgo the auction", and took it
 *  for the hint turning round), that it plays for points when no winning line is in the
 *  search's reach, and the reason when there is one. */
export function hintText(data) {
  const says = data.by === "medium" ? "game.hint_says_medium" : "game.hint_says";
  const parts = [t(says, { move: data.sentence })];
  if (typeof data.chance === "number") {
    parts.push(t("game.hint_chance", { percent: Math.round(100 * data.chance) }));
    if (data.since) parts.push(sinceText(data.since, data.chance));
  }
  if (data.close && typeof data.close.chance === "number") {
    // a runner-up shown a point above the hinted move says why the hint keeps its move
    // (the 40th newcomer run read "about 33% ... does about as well (34%)" as the hint
    // preferring the worse move)
    const percent = Math.round(100 * data.close.chance);
    const above = typeof data.chance === "number" && percent > Math.round(100 * data.chance);
    parts.push(t(above ? "game.hint_close_above" : "game.hint_close",
                 { move: data.close.sentence, percent }));
  }
  if (Array.isArray(data.then) && data.then.length) {
    parts.push(t("game.hint_then", { moves: data.then.join("; ") }));
  }
  if (data.by === "points") parts.push(t("game.hint_points"));
  if (data.by === "margin") parts.push(t("game.hint_margin"));
  if (data.reason) parts.push(t("game.hint_reason", { reason: data.reason }));
  return parts.join(" ");
}
