// How much of a player's game the hints played: each hint this browser showed a seat is
// kept (localStorage, per game and seat: the position's index and the hinted move), and
// the end banner says how many of the seat's moves were the hint's (the 34th newcomer run
// won by playing every hint, "so a win means little", and asked the end to say so).

function key(game, seat) {
  return `cuberail.hints.${game}.${seat}`;
}

function kept(game, seat) {
  try {
    const data = JSON.parse(localStorage.getItem(key(game, seat)) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};  // a garbled entry (or no storage) counts no hint
  }
}

/** Keep the hint `action` shown to `seat` at position `index` of `game`. */
export function keepHint(game, seat, index, action) {
  if (game == null || seat == null || !Number.isInteger(index) || typeof action !== "string") return;
  const data = kept(game, seat);
  data[index] = action;
  try {
    localStorage.setItem(key(game, seat), JSON.stringify(data));
  } catch {
    // storage full or refused: the end then counts fewer hints, nothing else changes
  }
}

/** {played, moves, asked} for `seat`: its moves in force (the log's `entries`, move i at
 *  i) that were the move hinted there, its moves, and the hints kept; null without any. */
export function hintsPlayed(game, seat, entries) {
  const hints = Object.entries(kept(game, seat)).filter(([at, action]) =>
    /^\d+$/.test(at) && typeof action === "string");
  if (!hints.length) return null;
  const moves = (entries || []).filter((e) => e.seat === seat).length;
  const played = hints.filter(([at, action]) => entries?.[Number(at)]?.action === action
    && entries[Number(at)].seat === seat).length;
  return { played, moves, asked: hints.length };
}
