// The game page's replay: any position by its move number (the slider, the first/back/
// forward/last buttons, a link's #at=N), the snapshots read once each, and the charts
// of a finished game.

import { api } from "./api.js";
import { gameCharts } from "./charts.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

export class Replay {
  /** `game()`: the page's game (its id, view, `at`: the move shown, null for the live
   *  position; `charts`: drawn); `render()` redraws the page at `at`. */
  constructor(game, render, nameOf) {
    this.game = game;
    this.render = render;
    this.nameOf = nameOf;
    this.states = new Map();  // move n -> the snapshot after it (a promise), read once
  }

  /** Show the position after move `n` (the live one from the last move on). */
  setAt(n) {
    const G = this.game();
    const last = G.view.index;
    n = Math.max(0, Math.min(last, Number(n) || 0));
    G.at = n >= last ? null : n;
    history.replaceState(null, "", G.at === null ? location.pathname : `${location.pathname}#at=${n}`);
    this.render();
  }

  /** The replay controls at the position shown; none before the first move (the 27th
   *  newcomer run saw "Move 0 of 0" under an empty board while a new game loaded). */
  update() {
    const G = this.game();
    const last = G.view.index;
    $("#replay").hidden = last === 0;
    // while the game runs, the bar says it looks back and the game goes on (the 39th
    // newcomer run clicked Back on its turn and wondered whether the game was live)
    $("#replay-title").textContent = t(G.view.over ? "replay.title" : "replay.title_live");
    const at = G.at === null ? last : G.at;
    const slider = $("#rp-slider");
    slider.max = String(last);
    slider.value = String(at);
    $("#rp-where").textContent = t("replay.where", { n: at, of: last });
    $("#rp-link").href = `${location.pathname}#at=${at}`;
    $("#replay").classList.toggle("replaying", G.at !== null);
  }

  /** The snapshot after move `n` (null when it cannot be read now; asked again later). */
  stateAt(n) {
    if (!this.states.has(n)) {
      this.states.set(n, api.stateAt(this.game().id, n).then((answer) => {
        if (!answer.ok) this.states.delete(n);
        return answer.ok ? answer.data.state : null;
      }));
    }
    return this.states.get(n);
  }

  /** The charts of the game's course, from the snapshots the server samples along it
   *  in one answer (kept for the log's dividend splits and the replay: stateAt). */
  async drawCharts() {
    const G = this.game();
    G.charts = true;
    const answer = await api.course(G.id);
    if (!answer.ok) {
      G.charts = false;
      return;
    }
    const samples = answer.data.samples.map((x) => [x.index, x.state]);
    for (const [n, state] of samples) {
      if (!this.states.has(n)) this.states.set(n, Promise.resolve(state));
    }
    $("#chart-list").replaceChildren(...gameCharts(G.view, samples, this.nameOf));
    $("#charts").hidden = false;
  }
}
