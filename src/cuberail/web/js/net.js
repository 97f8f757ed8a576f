// Whether the page can reach the server: a banner at the top while it cannot. The
// WebSocket is the judge (open: online); a failed request or the browser's "offline"
// event turn the banner on at once; the page is told (onChange) to pause its moves, and
// to fetch the game again when the connection returns.

import { onReach } from "./api.js";
import { t } from "./i18n.js";

let online = true;
const listeners = [];

export function isOnline() {
  return online;
}

/** Call `listener(online)` whenever the connection state changes. */
export function onChange(listener) {
  listeners.push(listener);
}

function banner() {
  return document.getElementById("net");
}

/** Redraw the banner's words (after a language switch). */
export function localizeBanner() {
  const box = banner();
  if (box) box.textContent = t("net.offline");
}

export function setOnline(value) {
  if (value === online) return;
  online = value;
  const box = banner();
  if (box) {
    box.textContent = t("net.offline");
    box.hidden = value;
  }
  document.body.classList.toggle("offline", !value);
  for (const listener of listeners) listener(value);
}

/** Start watching: a failed request or the browser's offline event turn the page
 *  offline; while offline, `answered()` is called when a request is answered again, and
 *  `probe()` when the browser says the network is back and every few seconds. */
export function watch(answered, probe) {
  let timer = 0;
  onReach((reached) => {
    if (!reached) setOnline(false);
    else if (!online) answered();
  });
  window.addEventListener("offline", () => setOnline(false));
  window.addEventListener("online", () => { if (!online) probe(); });
  onChange((now) => {
    clearInterval(timer);
    if (!now) timer = setInterval(probe, 3000);
  });
}
