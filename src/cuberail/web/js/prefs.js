// The page's own settings, kept by the browser (its settings menu): a sound when the turn
// comes to the player, and "Confirm each move" (a click shows the move's preview first);
// and the turn's signal in the window's title, for a player in another tab.

import { t } from "./i18n.js";

const SOUND = "cuberail.sound";
const CONFIRM = "cuberail.confirm";

/** Whether "Confirm each move" is on. */
export const confirming = () => localStorage.getItem(CONFIRM) === "1";

/** The two checkboxes, set from what the browser kept and keeping what is chosen. */
export function wirePrefs(sound, confirm) {
  sound.checked = localStorage.getItem(SOUND) === "1";
  sound.addEventListener("change", () => localStorage.setItem(SOUND, sound.checked ? "1" : "0"));
  confirm.checked = confirming();
  confirm.addEventListener("change", () => localStorage.setItem(CONFIRM, confirm.checked ? "1" : "0"));
}

let wasMine = false;

/** The window's title says when it is the player's turn ("(Your turn) <game> – cuberail",
 *  `base` the rest), and the sound plays when the turn has just come to them. */
export function signalTurn(mine, base, sound) {
  document.title = mine ? `(${t("game.your_turn_short")}) ${base}` : base;
  if (mine && !wasMine && sound.checked) beep();
  wasMine = mine;
}

function beep() {
  try {
    const audio = new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.15);
  } catch {
    // no audio here: the title still changes
  }
}
