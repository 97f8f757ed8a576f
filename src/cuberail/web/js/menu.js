// The game page's settings (language, sound) behind one button on a phone: the header
// stays one row (title, game, Rules, Settings), so that the decision is in the first
// screen. On a wider window the button is not shown and the settings sit in the header.

/** Wire the `toggle` button that opens and closes the `panel` (its header gets the class
 *  "open"): a click outside or Escape closes it (Escape: the focus back on the button). */
export function wireSettings(toggle, panel) {
  const header = panel.closest("header");
  const show = (open) => {
    header.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  };
  toggle.addEventListener("click", () => show(toggle.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("click", (event) => {
    if (!header.contains(event.target)) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || toggle.getAttribute("aria-expanded") !== "true") return;
    show(false);
    toggle.focus();
  });
}
