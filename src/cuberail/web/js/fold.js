// The side column folded away on a desktop ("Wide map"): the board takes the window's
// width (a short window's readable map, 1366x768, in sight across); pressed again, the
// players, the moves and the companies return. The browser remembers the choice.

const KEY = "cuberail.wide-map";

/** Wire the toggle `button` of the `layout`'s side column; `refit()` after each change
 *  (the board's and the log's room changed). */
export function wireFold(button, layout, refit) {
  const set = (wide) => {
    layout.classList.toggle("wide", wide);
    button.setAttribute("aria-pressed", String(wide));
    refit();
  };
  set(localStorage.getItem(KEY) === "1");
  button.addEventListener("click", () => {
    const wide = !layout.classList.contains("wide");
    localStorage.setItem(KEY, wide ? "1" : "0");
    set(wide);
  });
}
