// The server's HTTP API and this browser's memory of games (localStorage).
// Every call answers {ok, status, data}; errors are values, never thrown, so a page
// shows the server's reason ("detail") instead of failing.

const MEMORY = "cuberail.games";
const reachListeners = [];

/** Call `listener(reached)` after every request: false when the server could not be
 *  reached at all (no answer: offline, server down), true when it answered. */
export function onReach(listener) {
  reachListeners.push(listener);
}

function reached(yes) {
  for (const listener of reachListeners) listener(yes);
}

export async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // no answer at all: status 0, `network` set (the page says so in words, never the
    // browser's error text)
    reached(false);
    return { ok: false, status: 0, network: true, data: { detail: "the server cannot be reached" } };
  }
  reached(true);
  let data = null;
  const type = response.headers.get("Content-Type") || "";
  try {
    data = type.includes("json") ? await response.json() : await response.text();
  } catch {
    data = null;  // the answer was cut off (the server went away mid-answer)
  }
  // a refusal for asking too fast says when to ask again (seconds; 0: it does not)
  const retry = Number(response.headers.get("Retry-After")) || 0;
  return { ok: response.ok, status: response.status, data, retry };
}

/** The log after entry `since`, every page of it (the server sends at most 1000 a page). */
async function logFrom(id, since) {
  const entries = [];
  for (let page = 0; page < 100; page++) {
    const answer = await call("GET", `/api/games/${id}/actions?since=${since}`);
    if (!answer.ok) return answer;
    entries.push(...(answer.data.entries || []));
    if (!answer.data.more || !answer.data.entries.length) {
      return { ...answer, data: { ...answer.data, entries } };
    }
    since = answer.data.entries[answer.data.entries.length - 1].seq;
  }
  return { ok: false, status: 0, data: { detail: "the log is too long" } };
}

export const api = {
  titles: () => call("GET", "/api/titles"),
  create: (body) => call("POST", "/api/games", body),
  game: (id) => call("GET", `/api/games/${id}`),
  openGames: () => call("GET", "/api/open-games"),
  claim: (id, seat, name) => call("POST", `/api/games/${id}/seats/${seat}/claim`, { name }),
  log: (id, since = 0) => logFrom(id, since),
  act: (id, token, action, index) =>
    call("POST", `/api/games/${id}/actions`, { action, index }, token),
  undo: (id, token, index) => call("POST", `/api/games/${id}/undo`, { index }, token),
  hint: (id, token, lang = "en") =>
    call("GET", `/api/games/${id}/hint?lang=${encodeURIComponent(lang)}`, undefined, token),
  chat: (id, token, text) => call("POST", `/api/games/${id}/chat`, { text }, token),
  stateAt: (id, at) => call("GET", `/api/games/${id}/state?at=${at}`),
  course: (id) => call("GET", `/api/games/${id}/course`),
  analysis: (id, start = true) =>
    call("GET", `/api/games/${id}/analysis${start ? "" : "?start=false"}`),
  rules: (title, lang = "en") => call("GET",
    `/api/titles/${encodeURIComponent(title)}/rules/${encodeURIComponent(lang)}`),
  rematch: (id, token) => call("POST", `/api/games/${id}/rematch`, undefined, token),
  rematchOf: (id) => call("GET", `/api/games/${id}/rematch`),
  board: (id, at, lang = "en") => call("GET",
    `/api/games/${id}/board.svg?lang=${encodeURIComponent(lang)}${at === undefined ? "" : `&at=${at}`}`),
};

/** The games this browser has created or joined: {id: {title, seat, token, owner, ...}}. */
export function remembered() {
  try {
    const raw = JSON.parse(localStorage.getItem(MEMORY) || "{}");
    return raw && typeof raw === "object" ? raw : {};
  } catch {
    return {};
  }
}

export function remember(id, facts) {
  const all = remembered();
  all[id] = { ...(all[id] || {}), ...facts, seen: Date.now() };
  localStorage.setItem(MEMORY, JSON.stringify(all));
  return all[id];
}

export function forget(id) {
  const all = remembered();
  delete all[id];
  localStorage.setItem(MEMORY, JSON.stringify(all));
}

/** The fragment of an invite link: #seat=N&token=T, or #owner=T, or #at=N (a mangled
 *  one, a stray "%", never throws). */
export function fragment() {
  return Object.fromEntries(new URLSearchParams(location.hash.replace(/^#/, "")));
}

/** The WebSocket URL of a game (same host, ws or wss). */
export function socketUrl(id, seq) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const since = seq === undefined ? "" : `?since=${seq}`;
  return `${scheme}://${location.host}/api/games/${id}/ws${since}`;
}
