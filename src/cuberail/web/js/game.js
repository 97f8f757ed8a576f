// The game page: loads the game, shows the board (drawn by the server) and the panels,
// sends the moves the API lists, follows the game live over a WebSocket (reconnecting
// and catching up by itself), and replays any position. It never decides legality.

import { AnalysisView } from "./analysis.js";
import { api, fragment, remember, remembered } from "./api.js";
import { boardTargets, choose, insertBoard, markForgoes, markLast, revealPlaces, wireBoard } from "./board.js";
import { $, h, keepFocus, say } from "./dom.js";
import { currentFace, faceOf, pick, setFace } from "./face.js";
import { fitActions, fitLog } from "./fit.js";
import { wireFold } from "./fold.js";
import { Guide } from "./guide.js";
import { Hint } from "./hint.js";
import { hintsPlayed } from "./hintcount.js";
import { LiveLink } from "./live.js";
import { UndoControl } from "./undo.js";
import { wireSettings } from "./menu.js";
import { language, languageSwitch, moveText, pickLanguage, refusalText, setLanguage, t,
  useMoveWords } from "./i18n.js";
import { MoveLog, chatLine, renderChat, told } from "./log.js";
import { PHONE } from "./media.js";
import { lostShares, moneyStory, renderEndBanner } from "./end.js";
import { Rematch, isRematchLine } from "./rematch.js";
import { isOnline, localizeBanner, onChange, watch } from "./net.js";
import { playerName, renderAuction, valueNote, renderCompanies, renderEnd, renderMoves, renderPlayers } from "./panels.js";
import { closeNotice, dividendNotice, placeNotice } from "./payout.js";
import { confirming, signalTurn, wirePrefs } from "./prefs.js";
import { BidProxy } from "./proxy.js";
import { showSeatLink } from "./seatlink.js";
import { Replay } from "./replay.js";
import { renderShareStrip } from "./sharetrack.js";

const G = { id: "", seat: null, token: null, owner: null, view: null, at: null, seq: 0,
  busy: false, chatShown: false, shown: null, drawn: 0,
  boardKey: "", charts: false, titles: null, faced: "", keyed: false,
  pointed: false, panelsAt: "", start: undefined, lost: null };  // start: the snapshot at
// move 0 (endStory); lost: the shares lost in the game (endLost)
const root = () => $("#game");
const nameOf = (seat) => (G.view ? playerName(G.view, seat) : `#${seat + 1}`);
let log;
let analysis;
let rematch;
let guide;  // the guided game's explanations (a game the lobby started guided)
let hint;  // the hint button (a game created with hints allowed, on your turn)
let undoControl;  // the undo button, and why it is off (the table option undo "unanswered")
let proxy;  // "Bid up to $N": the page bids for its player in an auction
let replay;  // any position by its move number, and the charts of a finished game

function isLive() {
  return G.at === null || (G.view && G.at >= G.view.index);
}

function myTurn() {
  const v = G.view;
  return Boolean(v && isLive() && isOnline() && !v.over && G.seat !== null
    && v.current_player === G.seat);
}

// ----- drawing ------------------------------------------------------------------

async function showBoard(at, clickable) {
  const key = (at === undefined ? `live:${G.view.seq}:${clickable}` : `at:${at}`) + `:${language()}`;
  if (key === G.boardKey) return;  // already shown
  const box = $("#board");
  box.classList.remove("clickable");  // no clicks on a position that is no longer current
  const ticket = ++G.drawn;
  // the first drawing: say it is coming (the 29th newcomer run saw an empty frame for
  // 2.5 s on a busy machine: drawings get only the CPU that moves leave)
  if (!box.querySelector("svg")) box.replaceChildren(h("p", { class: "drawing" }, t("game.drawing")));
  const answer = await api.board(G.id, at, language());  // drawn in the page's language
  if (ticket !== G.drawn) return;  // a newer position is on its way
  if (answer.ok && typeof answer.data === "string") {
    const first = !box.querySelector("svg");
    insertBoard(box, answer.data, clickable && myTurn());
    if (at === undefined) markLast(box, G.view.last, G.view.last?.seat === G.seat);
    // a phone's first view while others move opens where the last move was made (the 31st
    // newcomer run's opened on the start, not where the others built)
    if (first && at === undefined && PHONE.matches && G.view.last) revealPlaces(box, [G.view.last.action]);
    G.boardKey = key;
    renderShareStrip($("#share-strip"), box, at === undefined ? G.view.state : G.shown);
  } else if (!answer.network) {  // no network: the banner says so
    say(t("error.board", { status: answer.status }), "error");
  }
}

/** The finished game's money story for the end banner (the snapshot at the start, read
 *  once, then drawn again; the log's payments): null until the start is read. */
function endStory() {
  if (!currentFace().final?.story) return null;
  if (G.start === undefined) {
    G.start = null;
    replay.stateAt(0).then((state) => {
      if (!state) return;
      G.start = state;
      render();
    });
  }
  return G.start ? moneyStory(G.start, log.entries) : null;
}

/** The shares lost during the finished game (the face's `final.parts.lost`), by seat:
 *  read from the log's moves and the snapshots before them, then drawn again; null
 *  until read (read again when the log has more moves). */
function endLost() {
  const spec = currentFace().final?.parts?.lost;
  if (!spec) return null;
  const count = log.entries.length;
  if (G.lost?.count !== count) {
    G.lost = { count, seats: null };
    lostShares(spec, log.entries, (n) => replay.stateAt(n)).then((seats) => {
      if (G.lost?.count !== count || !seats) return;
      G.lost.seats = seats;
      render();
    });
  }
  return G.lost.seats;
}

function renderPanels(view, state, live) {
  const mine = live && myTurn();
  const offline = live && !isOnline() && !view.over;
  // a page with no seat watches: it says so (the 27th newcomer run opened the table's
  // address, /g/ID, on a phone and read "Waiting for Me." where its own move was)
  const waiting = view.over ? t("game.over") : offline ? t("net.paused")
    : t(G.token || !(view.players || []).some((p) => !p.bot) ? "game.waiting" : "game.watching",
      { name: nameOf(state.current_player) });
  renderEndBanner($("#end-banner"), live ? view : { ...view, over: false }, state, nameOf,
    live && view.over ? endStory() : null,
    live && view.over && G.token ? hintsPlayed(G.id, G.seat, log.entries) : null,
    live && view.over ? endLost() : null, G.token ? G.seat : null);
  if (live && view.over) closeNotice($("#toast"));  // the end banner tells the last dividend's outcome
  const paid = $("#toast").line;  // a dividend taken back by an undo: its notice goes too
  if (paid && (!paid.isConnected || paid.closest("li")?.classList.contains("undone"))) closeNotice($("#toast"));
  showRematch(live && view.over);
  renderPlayers($("#players"), view, state, G.seat);
  renderCompanies($("#companies"), view, state);
  renderEnd($("#end"), view, state);
  // the same position drawn again (a live update that changed nothing here): the focus
  // stays where it was; a new position's is placed by refocus()
  const at = live ? `live ${view.index}` : `at ${G.at}`;
  const same = G.panelsAt === at;
  G.panelsAt = at;
  keepFocus($("#actions"), same, () => {
    renderAuction($("#auction"), live ? view : { ...view, legal: [] }, state, G.seat, mine);
    proxy.show($("#auction"), live);
    // (the turn line above says whom the game waits for: the card does not say it again;
    // the 28th and 29th newcomer runs read it twice, seated and watching)
    const brief = live && !view.over && !offline ? "" : waiting;
    renderMoves($("#move-list"), live ? view : { ...view, moves: [] }, state, mine,
      live ? brief : t("replay.viewing", { n: G.at }), (kind) => log.lastAction(G.seat, kind));
  });
  undoControl.update(view, G.seat, Boolean(live && isOnline() && G.token), undoTaken());
  hint.update(view, mine);
  $("#turn").textContent = mine ? t("game.your_turn") : waiting;
  $("#turn").classList.toggle("mine", mine);
  $("#turn").classList.toggle("offline", offline);
  $("#turn").hidden = live && view.over;  // the end banner says it
  $("#actions-title").textContent = mine ? t("game.moves") : t("game.status");
  // a card with nothing in it goes (the 31st newcomer run found "Game status" above an
  // empty box while others moved: the turn line says whom the game waits for)
  // and at the end, the end banner says "Game over" above it: no "Game status" card
  // saying "The game is over." once more (the 37th run's phone scrolled past it)
  const idle = ["#undo", "#undo-why", "#hint", "#hint-text"].every((id) => $(id).hidden);
  $("#actions").hidden = idle && ((live && view.over) || (!mine && !$("#auction").childElementCount
    && !$("#move-list").textContent.trim()));
  helpOnce();
}

async function render() {
  const view = G.view;
  if (!view) return;
  $("#game-name").textContent = `${gameName(view)} · ${view.id}`;
  replay.update();
  if (isLive()) {
    renderPanels(view, view.state, true);
    await showBoard(undefined, myTurn());
    for (const button of document.querySelectorAll("#move-list button.forgoes")) markForgoes($("#board"), button);
    const [seat, actions] = latestTurn();  // the player's own build, made just now
    if (G.seat !== null && seat === G.seat) revealPlaces($("#board"), actions);
  } else {
    await renderAt(G.at);
  }
  fitLog();
  placeNotice($("#toast"));  // a dividend's notice in the log's card (a desktop)
  turnSignal();
  guide.update(view, myTurn(), isLive());
  if (view.over) analysis.open(G.id, view.index);
  analysis.moveCursor(G.at === null ? view.index : G.at);
  if (view.over && !G.charts) replay.drawCharts();
}

/** The moves of the latest turn in the log (its last moves by one seat, made during this
 *  visit): [seat, actions]; [null, []] when the latest move was there before the page. */
function latestTurn() {
  const entries = log.entries;
  const last = entries[entries.length - 1];
  if (!log.isLive(last)) return [null, []];
  const actions = [];
  for (let i = entries.length - 1; i >= 0 && entries[i].seat === last.seat && log.isLive(entries[i]); i -= 1) {
    actions.push(entries[i].action);
  }
  return [last.seat, actions];
}

/** What to click is said once: the decision's help line goes while the guide's panel
 *  explains that same decision (its own words say what to click), and comes back when
 *  the panel closes. */
function helpOnce() {
  const help = $("#move-list .help.decide");
  const where = currentFace().decision;
  const decision = where && G.view ? pick(G.view.state, where) : undefined;
  if (help) help.hidden = Boolean(decision !== undefined && guide.showing() === `decision:${decision}`);
  fitActions();
}

/** What an undo by this seat takes back: its last move in force (its words' parts) and
 *  the moves after it (bots' answers, which go with it), or null. */
function undoTaken() {
  const entries = log.entries;
  const at = entries.map((e) => e.seat).lastIndexOf(G.seat);
  const move = at >= 0 ? told(entries[at].words, nameOf) : null;
  return move ? { move, after: entries.length - 1 - at } : null;
}

/** The rematch's part of the end banner (a finished game, shown live). */
function showRematch(over) {
  const box = $("#rematch");
  if (!over) {
    box.hidden = true;
    return;
  }
  rematch.render(box);
  rematch.lookUp();
}

/** A game's name: its own, else its title's name (as GET /api/titles gives it). */
function gameName(view) {
  return view.name || (G.titles || []).find((x) => x.title === view.title)?.name || view.title;
}

async function renderAt(n) {
  const answer = await api.stateAt(G.id, n);
  if (!answer.ok) {
    if (!answer.network) say(t("error.replay", { status: answer.status }), "error");
    return;
  }
  const state = answer.data.state;
  G.shown = state;
  renderPanels({ ...G.view, over: false }, state, false);
  await showBoard(n, false);
}

function turnSignal() {
  signalTurn(myTurn(), G.view ? `${gameName(G.view)} – cuberail` : "cuberail", $("#sound"));
}

// ----- loading and live updates ---------------------------------------------------

// Refreshes run one after another, so an older answer never overwrites a newer one.
let chain = Promise.resolve(true);
function refresh() {
  chain = chain.then(loadAndRender, loadAndRender);
  return chain;
}

async function loadAndRender() {
  root().setAttribute("aria-busy", "true");
  const answer = await api.game(G.id);
  if (!answer.ok) {
    if (answer.network) return null;  // the banner says it; the game is fetched again on return
    root().setAttribute("aria-busy", "false");
    say(answer.status === 404 ? t("error.no_game") : t("error.server", { status: answer.status }), "error");
    return false;
  }
  G.view = answer.data;
  G.seq = Math.max(G.seq, answer.data.seq || 0);
  proxy.update();
  await loadFace(G.view.title);
  if (!G.chatShown) {  // the first view: the chat so far (then it comes over the socket)
    G.chatShown = true;
    if (G.seat !== null) remember(G.id, { title: G.view.title });
    const lines = G.view.chat || [];
    renderChat($("#chat"), lines.filter((c) => !isRematchLine(c)), nameOf);
    rematch.found(lines.find(isRematchLine)?.text);
  }
  const entries = await api.log(G.id, log.seq);  // after the view: it has every move shown
  if (entries.ok) log.add(entries.data.entries || []);
  if (entries.ok) guide.saw(entries.data.entries);
  analysis.markLog();
  await render();
  settle();
  return true;
}

/** The title's face (its colours, columns, end tracker, words), once per page: the
 *  titles are fetched again only after a failed attempt. */
async function loadFace(title) {
  if (G.faced === title) return;
  if (!G.titles) {
    const answer = await api.titles();
    if (!answer.ok) return;
    G.titles = answer.data;
  }
  setFace(faceOf(G.titles, title), title);
  G.faced = title;
  const link = $("#rules-link");
  link.href = `/rules/${encodeURIComponent(title)}?game=${encodeURIComponent(G.id)}`;
  link.hidden = false;
  showWin();
}

/** The "how to win" box: the title's rules say it, in the page's language. */
async function showWin() {
  if (!G.faced) return;
  const answer = await api.rules(G.faced, language());
  const win = answer.ok ? answer.data.win : "";
  $("#win-text").textContent = win || "";
  $("#win-box").hidden = !win;
}

/** Everything shown is current: publish the index (the contract for automated players)
 *  and, once fetched with the live connection open (after its first word, or back
 *  online), that the page is current with the live game (data-synced, which tests wait
 *  for with aria-busy false; the first fetch, before the socket opens, is not). */
function settle() {
  refocus();
  root().dataset.gameIndex = String(G.view.index);
  if (root().dataset.live === "1") root().dataset.synced = "1";
  root().setAttribute("aria-busy", "false");
}

let pending = null;
function scheduleRefresh() {
  if (pending) return;
  pending = setTimeout(async () => {
    pending = null;
    await refresh();
  }, 30);
}

/** Offline: no moves (the panels say why, the board takes no clicks); back online: the
 *  game is fetched again (moves made meanwhile), then the moves return. */
function onConnection(online) {
  if (online) {
    G.boardKey = "";
    say(t("net.back"), "ok");
    refresh();
    return;
  }
  $("#chooser").hidden = true;
  delete root().dataset.synced;
  $("#board").classList.remove("clickable");
  G.boardKey = "";
  root().setAttribute("aria-busy", "true");  // not known to be current until fetched again
  if (G.view && isLive()) renderPanels(G.view, G.view.state, true);
}

function onEvent(event) {
  if (rematch.heard(event)) return;  // a rematch of this game was made
  if (event.type === "state" && event.game) {
    scheduleRefresh();
  } else if (["move", "undo", "over", "seat"].includes(event.type)) {
    if ((event.seq || 0) > G.seq || event.type === "seat") scheduleRefresh();
  } else if (event.type === "analysis") {
    analysis.load(false);
  } else if (event.type === "chat" && isRematchLine(event)) {
    rematch.found(event.text);
  } else if (event.type === "chat") {
    $("#chat").append(chatLine(event, nameOf));
    $("#chat").scrollTop = $("#chat").scrollHeight;
  }
}

// ----- moves ------------------------------------------------------------------------

/** Is the keyboard at the play controls (the board, the moves, a choice)? */
function atControls() {
  const el = document.activeElement;
  return Boolean(el && el !== document.body
    && ["#board", "#actions", "#chooser", "#share-strip"].some((sel) => $(sel).contains(el)));
}

/** After a move made from the keyboard, whenever a redraw has dropped the focus (to the
 *  page's body): on the next decision's first control (a board target, else a move
 *  button; the action bar's button when it makes the board target's move too: focused,
 *  a target under the map scrolled the map away, as a share-track value after
 *  a link clicked at 1366x768), or on the moves' heading while others play. Focus
 *  elsewhere stays. */
function refocus() {
  const el = document.activeElement;
  if (!G.keyed || (el && el !== document.body)) return;
  const target = myTurn() ? boardTargets($("#board"))[0] : null;
  const same = target
    && $(`#actions button[data-action="${CSS.escape(target.dataset.action || "")}"]:not(.listed)`);
  const next = myTurn() ? same || target || $("#actions button:not([hidden]):not([disabled])") : null;
  (next || $("#actions-title")).focus();
}

/** Play `action` in the position `index` (the one shown; a hint's, for "Play this"): a
 *  position gone stale is refused by the server and said plainly. */
async function act(action, index = G.view.index) {
  if (G.busy || !myTurn()) return;
  G.busy = true;
  G.keyed = !G.pointed && atControls();
  $("#chooser").hidden = true;
  proxy.moved();
  const answer = await api.act(G.id, G.token, action, index);
  G.busy = false;
  if (answer.ok) {
    say("");
    await refresh();
  } else if (answer.status === 409 && answer.data?.words?.key === "refusal.stale_index") {
    say(t("error.stale"), "error");  // a lost race: say so plainly, and show the new state
    await refresh();
  } else {
    if (!answer.network) say(t("error.refused", { reason: refusalText(answer, nameOf) }), "error");
    if (answer.status === 409) await refresh();
  }
  return answer;
}

async function undo() {
  if (G.busy) return;
  G.busy = true;
  const answer = await api.undo(G.id, G.token, G.view.index);
  G.busy = false;
  if (!answer.ok && !answer.network) say(t("error.refused", { reason: refusalText(answer, nameOf) }), "error");
  await refresh();
}

/** "Confirm each move" (the settings; kept by the browser): a click on a move or a board
 *  target asks first, as a phone's first tap does, for a fair game with no slip. */

function onBoardAction(actions, el, preview) {
  if (!myTurn()) return;
  if (actions.length === 1 && !preview && !confirming()) {
    act(actions[0]);
    return;
  }
  const labels = Object.fromEntries(G.view.moves.map((m) => [m.action, moveText(m)]));
  const about = preview ? (el.querySelector("title")?.textContent || "").split("\n")[0] : "";
  const notes = Object.fromEntries(actions.map((a) => [a, valueNote(G.view.state, a)]).filter(([, x]) => x));
  choose($("#chooser"), actions, labels, act, about, notes);
}

/** A click on a place that is no move now: say why (the highlighted places are the
 *  moves; else not your turn, or this decision is taken with the buttons). */
function onBoardMiss(place, targets) {
  if (!G.view || G.view.over || !isLive()) return;
  if (!myTurn()) {
    if (G.seat !== null) say(t("game.not_your_turn_board", { place }), "info");
    return;
  }
  if (targets) say(place ? t("game.not_target", { place }) : t("game.not_target_any"), "error");
  else say(t("game.not_target_none", { place }), "info");
}

// ----- start ------------------------------------------------------------------------

function readSeat() {
  const frag = fragment();
  if (frag.token) remember(G.id, { seat: Number(frag.seat), token: frag.token });
  if (frag.owner) remember(G.id, { owner: frag.owner });
  const known = remembered()[G.id] || {};
  G.seat = Number.isInteger(known.seat) ? known.seat : null;
  G.token = known.token || null;
  G.owner = known.owner || null;
  if (frag.token || frag.owner) {
    history.replaceState(null, "", location.pathname + (frag.at ? `#at=${frag.at}` : ""));
  }
  if (frag.at !== undefined) G.at = Number(frag.at);
  showSeatLink($("#seat-link"), G.id, G.seat, G.token);
}

function wire() {
  wireBoard($("#board"), onBoardAction, onBoardMiss);
  // the last input: a click focuses its target too, and is no keyboard play (refocus)
  document.addEventListener("pointerdown", () => { G.keyed = false; G.pointed = true; });
  document.addEventListener("keydown", () => { G.pointed = false; }, true);
  $("#actions").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    if (confirming()) onBoardAction([button.dataset.action], button, true);
    else act(button.dataset.action);
  });
  $("#undo").addEventListener("click", undo);
  $("#share-strip").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && myTurn()) onBoardAction([button.dataset.action], button, true);  // confirm first
  });
  $("#chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("#chat-text").value.trim();
    if (!text) return;
    const answer = await api.chat(G.id, G.token || G.owner, text);
    if (answer.ok) $("#chat-text").value = "";
    else say(t("error.refused", { reason: refusalText(answer, nameOf) }), "error");
  });
  $("#chat-form").hidden = !(G.token || G.owner);
  const setAt = (n) => replay.setAt(n);
  $("#rp-first").addEventListener("click", () => setAt(0));
  $("#rp-back").addEventListener("click", () => setAt((G.at ?? G.view.index) - 1));
  $("#rp-forward").addEventListener("click", () => setAt((G.at ?? G.view.index) + 1));
  $("#rp-last").addEventListener("click", () => setAt(G.view.index));
  $("#rp-slider").addEventListener("change", (e) => setAt(e.target.value));
  window.addEventListener("hashchange", () => {
    const at = fragment().at;
    if (at !== undefined) replay.setAt(at);
  });
  wireSettings($("#settings-toggle"), $("#settings"));
  wireFold($("#fold-side"), $(".layout"), () => { fitActions(); fitLog(); guide.place(); });
  wirePrefs($("#sound"), $("#confirm-moves"));
  window.addEventListener("resize", fitLog);
  // A line that grows after it is drawn (a dividend's split, read later) refits the log.
  let refit = 0;
  new MutationObserver(() => {
    if (!refit) refit = requestAnimationFrame(() => { refit = 0; fitLog(); });
  }).observe($("#log"), { childList: true, subtree: true });
  window.addEventListener("resize", fitActions);
}

async function main() {
  useMoveWords();
  await setLanguage(pickLanguage());
  const match = location.pathname.match(/^\/g\/([\w-]+)/);
  if (!match) {
    say(t("error.no_game"), "error");
    return;
  }
  G.id = match[1];
  readSeat();
  replay = new Replay(() => G, render, nameOf);
  rematch = new Rematch(() => G, () => showRematch(Boolean(G.view?.over && isLive())), nameOf);
  log = new MoveLog($("#log"), nameOf, () => ({ game: G.id, seat: G.seat }),
    { stateAt: (n) => replay.stateAt(n), onDividend: (paid, line) => dividendNotice($("#toast"), paid, G.seat, line) });
  analysis = new AnalysisView($("#analysis"), $("#log"), nameOf, (at) => replay.setAt(at));
  guide = new Guide($("#guide"), () => G.id, helpOnce);
  proxy = new BidProxy({ game: () => ({ view: G.view, mine: myTurn(), seat: G.seat, id: G.id }), play: (a) => act(a), redraw: render,
    nameOf });
  undoControl = new UndoControl({ button: $("#undo"), why: $("#undo-why"), nameOf });
  hint = new Hint({ button: $("#hint"), out: $("#hint-text"), play: $("#hint-play"), game: () => G,
    nameOf, act, shown: fitActions });
  languageSwitch($("#lang"), () => {
    localizeBanner();
    showWin();
    showSeatLink($("#seat-link"), G.id, G.seat, G.token);
    log.reset();
    hint.clear();  // its words were in the other language: asked again in this one
    G.boardKey = "";
    G.charts = false;
    analysis.redraw();
    refresh();
  });
  wire();
  const link = new LiveLink(() => G, onEvent, root(), () => rematch.reconnected());
  onChange(onConnection);
  watch(() => link.answered(), () => link.probe());
  if ((await refresh()) === false) return;  // no such game (without network: retried)
  link.connect();
}

main();
