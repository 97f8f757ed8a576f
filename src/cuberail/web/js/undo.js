// The undo button ("Undo my last move"): shown while the server would take back your last
// move (the view's `undo_seat`): your own move last in force, or followed only by bots'
// answers, which go with it.
// In a game created with the table option undo "unanswered" (the view's `undo`), a move
// another seat (a bot included) has answered cannot be taken back: the button stays,
// disabled, with the reason beside it, so a player sees why before asking.

import { t } from "./i18n.js";

/** What the undo control shows for `view` to `seat` (`live`: the live game, online, with
 *  this seat's token): null (hidden), {ok: true}, or {ok: false, key, seat} (the reason's
 *  words and the seat they name). */
export function undoState(view, seat, live) {
  if (!live || !view || view.over) return null;
  const last = view.last;
  const mine = Boolean(last && last.seat === seat);
  if (view.undo !== "unanswered") {
    // the server names the seat whose undo it takes now (free undo: your move with the
    // bots' answers after it); an older server's view: your own last move in force
    const yours = "undo_seat" in view ? view.undo_seat === seat : mine;
    return yours ? { ok: true } : null;
  }
  if (mine && (last.answered_by === null || last.answered_by === undefined)) return { ok: true };
  if (!last) return null;  // nothing played yet: nothing to explain
  return mine ? { ok: false, key: "game.undo_off", seat: last.answered_by }
    : { ok: false, key: "game.undo_off_last", seat: last.seat };
}

export class UndoControl {
  /** `button` the undo button, `why` the line that says why it is off, `nameOf(seat)`. */
  constructor({ button, why, nameOf }) {
    this.button = button;
    this.why = why;
    this.nameOf = nameOf;
  }

  /** `taken`: what an undo would take back now, {move (its words' parts), after (the
   *  bots' moves after it)}, or null: said beside the button (the 41st newcomer run, in a
   *  game with a friend, saw "Undo my last move" while waiting, a bot's moves and a
   *  dividend after its move, and did not dare press it). */
  update(view, seat, live, taken = null) {
    const state = undoState(view, seat, live);
    this.button.hidden = state === null;
    this.button.disabled = Boolean(state && !state.ok);
    const off = Boolean(state && !state.ok);
    const said = Boolean(state && state.ok && taken);
    this.why.hidden = !off && !said;
    this.why.classList.toggle("undo-takes", said);
    if (off) this.why.textContent = t(state.key, { name: this.nameOf(state.seat) });
    else if (said) this.why.replaceChildren(...takesBack(taken));
    else this.why.textContent = "";
    if (off || said) this.button.setAttribute("aria-describedby", this.why.id);
    else this.button.removeAttribute("aria-describedby");
  }
}

/** "Undo would take back your move: bid $6 for the PRR share, and the 2 bot moves after
 *  it." (a conditional: the 43rd newcomer run read "Takes back your move: ..." beside
 *  "Waiting for Bob." as a move already taken back) */
function takesBack({ move, after }) {
  const tail = after > 1 ? t("log.undo_after", { n: after })
    : after === 1 ? t("log.undo_after_one") : "";
  return [`${t("game.undo_takes")} `, ...move, tail ? `, ${tail}.` : "."];
}
