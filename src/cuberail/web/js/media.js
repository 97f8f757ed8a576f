// The page's widths, one set for every module: a phone (one column, the board scrolls)
// and a desktop (two columns from 901 px: table.css, fit.js).

export const PHONE = window.matchMedia("(max-width: 480px)");
export const DESKTOP = window.matchMedia("(min-width: 901px)");
