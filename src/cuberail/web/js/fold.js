// The side column folded away on a desktop ("Wide map"): the board takes the window's
// width (a short window's readable map, 1366x768, in sight across); the button then
// says "Show panels" and, pressed, the players, the moves and the companies return. The
// browser remembers the choice (the eighteenth newcomer run found the panels gone in a
// new game, with nothing saying where: the button's words say it now).

import { t } from "./i18n.js";

const KEY = "cuberail.wide-map";

/** Wire the toggle `button` of the `layout`'s side column; `refit()` after each change
 *  (the board's and the log's room changed). */
export function wireFold(button, layout, refit) {
  const set = (wide) => {
    layout.classList.toggle("wide", wide);
    button.setAttribute("aria-pressed", String(wide));
    // its words follow the page's language (localizePage reads these keys)
    button.dataset.i18n = wide ? "game.show_panels" : "game.wide_map";
    button.dataset.i18nTitle = wide ? "game.show_panels_title" : "game.wide_map_title";
    button.textContent = t(button.dataset.i18n);
    button.title = t(button.dataset.i18nTitle);
    refit();
  };
  set(localStorage.getItem(KEY) === "1");
  button.addEventListener("click", () => {
    const wide = !layout.classList.contains("wide");
    localStorage.setItem(KEY, wide ? "1" : "0");
    set(wide);
  });
}
