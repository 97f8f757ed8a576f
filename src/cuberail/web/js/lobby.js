// The lobby: create a game (title, players, rule options, bot seats, names; open or by
// invitation), copy the invite links, list the games remembered in this browser with whose
// turn it is, and list the open games with a "join" button per free seat.

import { api, forget, remember, remembered } from "./api.js";
import { $, copyButton, h, say } from "./dom.js";
import { setFace } from "./face.js";
import { wireGuidedStart } from "./guide.js";
import { language, languageSwitch, pickLanguage, refusalText, setLanguage, t, useMoveWords } from "./i18n.js";

let titles = [];

function titleInfo() {
  return titles.find((x) => x.title === $("#title").value) || titles[0];
}

/** Words of the chosen title's face (its own, in the page's language), or `fallback`. */
function titleWord(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

/** A choice of an option in words (`option.NAME.CHOICE`; a number stays a number). */
function choiceLabel(spec, choice) {
  return titleWord(`option.${spec.name}.${choice}`, String(choice));
}

/** An option's label: its words (`option.NAME`), the raw name as its title (records and
 *  the command line use it); the raw name itself when the title has no words for it. */
function optionLabel(spec, id) {
  const words = titleWord(`option.${spec.name}`, "");
  return words ? h("label", { for: id, title: spec.name }, words)
    : h("label", { for: id }, h("code", {}, spec.name));
}

function optionInput(spec) {
  const id = `opt-${spec.name}`;
  let input;
  if (typeof spec.default === "boolean") {
    input = h("select", { id, name: spec.name },
      [true, false].map((c) => h("option", { value: String(c), selected: c === spec.default },
        t(c ? "lobby.yes" : "lobby.no"))));
  } else if (spec.choices) {
    input = h("select", { id, name: spec.name },
      spec.choices.map((c) => h("option", { value: String(c), selected: c === spec.default }, choiceLabel(spec, c))));
  } else if (spec.type === "int") {
    input = h("input", { id, name: spec.name, type: "number", value: spec.default,
      min: spec.min ?? spec.minimum, max: spec.max ?? spec.maximum });
  } else {
    input = h("input", { id, name: spec.name, type: "text", value: spec.default });
  }
  input.dataset.type = spec.type || typeof spec.default;
  return h("div", { class: "option" }, optionLabel(spec, id), input,
    h("p", { class: "help" }, spec.help));
}

function botChoices(selected) {
  const info = titleInfo();
  const levels = (info.bots || []).filter((b) => !b.name.includes(":"));
  return [h("option", { value: "" }, t("lobby.human")),
    ...levels.map((b) => h("option", { value: b.name, selected: b.name === selected, title: b.help },
      `${t("lobby.bot")}: ${levelWords(b)}`))];
}

/** A level's name with what a player should know of it (how it plays, how long it thinks). */
function levelWords(bot) {
  const key = `lobby.level.${bot.name}`;
  const words = t(key, { s: bot.seconds ?? 1 });
  return words === key ? bot.name : words;
}

function renderSeats() {
  const box = $("#seats");
  const n = Number($("#players").value) || 0;
  const rows = [...box.querySelectorAll(".seat")];
  for (let i = rows.length; i < n; i += 1) {
    const name = h("input", { class: "seat-name", name: `name${i}`, maxlength: 40,
      placeholder: t("lobby.name"), "aria-label": t("lobby.seat_name", { n: i + 1 }) });
    const kind = h("select", { class: "seat-bot", name: `bot${i}`,
      "aria-label": t("lobby.seat_kind", { n: i + 1 }) }, botChoices(i === 0 ? "" : "medium"));
    // a name typed in a seat the player left a bot makes it a person's (the 43rd newcomer
    // run typed "Bob" in seat 2, still "bot: medium", and Bob became a bot); a bot chosen
    // by hand keeps the name it is given
    name.addEventListener("input", () => {
      if (name.value.trim() && kind.value && !kind.dataset.chosen) {
        kind.value = "";
        seatsChanged();
      }
    });
    kind.addEventListener("change", () => { kind.dataset.chosen = "1"; });
    const row = h("div", { class: "seat" },
      h("label", {}, h("span", {}, t("lobby.seat", { n: i + 1 })), name), kind);
    box.append(row);
  }
  for (const row of rows.slice(n)) row.remove();
  seatsChanged();
}

/** Are all the seats chosen bots (a game to watch, not to play)? */
function allBots() {
  const kinds = [...document.querySelectorAll(".seat-bot")].map((select) => select.value);
  return kinds.length > 0 && kinds.every(Boolean);
}

/** The seats' kinds changed: the pause between bot moves is asked only for a game of
 *  bots alone (to watch it), and the hints' default follows the people seated
 *  (suggestHints). */
function seatsChanged() {
  $("#bot-delay-box").hidden = !allBots();
  suggestHints();
}

let hintsTouched = false;  // the player ticked or unticked "Hints allowed" themselves

/** "Hints allowed" by default for one person against bots (a game to learn in), not for
 *  two or more people (a fair game between friends: the 31st newcomer run found every game
 *  offered hints by default); the player's own choice is kept. */
function suggestHints() {
  if (hintsTouched) return;
  const people = [...document.querySelectorAll(".seat-bot")].filter((s) => !s.value).length;
  $("#hints-allowed").checked = people <= 1;
}

function renderTitle() {
  const info = titleInfo();
  setFace(info.face);  // the title's words: its options' labels
  const players = $("#players");
  players.min = info.min_players;
  players.max = info.max_players;
  const n = Number(players.value);
  if (n < info.min_players || n > info.max_players) players.value = info.min_players;
  $("#options").replaceChildren(...info.options.map(optionInput));
  for (const select of document.querySelectorAll(".seat-bot")) {
    const was = select.value;
    select.replaceChildren(...botChoices(was));
  }
  renderSeats();
}

function readOptions() {
  const out = {};
  for (const spec of titleInfo().options) {
    const input = document.getElementById(`opt-${spec.name}`);
    if (!input) continue;
    const raw = input.value;
    const value = typeof spec.default === "number" ? Number(raw)
      : typeof spec.default === "boolean" ? raw === "true" : raw;
    if (String(value) !== String(spec.default)) out[spec.name] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll(".seat")].map((row) => {
    const name = row.querySelector(".seat-name").value.trim();
    const bot = row.querySelector(".seat-bot").value;
    const seat = {};
    if (name) seat.name = name;
    if (bot) seat.bot = bot;
    return seat;
  });
  const body = { title: titleInfo().title, players: seats.length, options: readOptions(), seats,
    open: $("#open-game").checked, hints: $("#hints-allowed").checked,
    undo: $("#undo-unanswered").checked ? "unanswered" : "free" };
  const delay = $("#bot-delay").value.trim();
  if (allBots() && delay !== "") body.bot_delay = Number(delay);  // the server says the range
  const button = $("#create-button");
  button.disabled = true;
  const answer = await api.create(body);
  button.disabled = false;
  if (!answer.ok) {
    say(answer.network ? t("net.offline") : t("error.refused", { reason: refusalText(answer) }), "error");
    return;
  }
  const made = answer.data;
  const humans = made.seats.filter((s) => s.token);
  const mine = humans[0];
  remember(made.id, { title: body.title, owner: made.owner_token,
    seat: mine ? mine.seat : null, token: mine ? mine.token : null,
    tokens: Object.fromEntries(humans.map((s) => [s.seat, s.token])) });
  if (againstBots(made)) {  // one human seat, the rest bots: straight to the table
    const url = new URL(mine.invite_url, location.href);
    location.assign(url.pathname + url.hash);
    return;
  }
  if (onlyBots(made)) {  // bots alone: nobody to invite; open the table to watch them play
    const url = new URL(made.seats[0].invite_url, location.href);
    location.assign(url.pathname);
    return;
  }
  showInvites(made, seats);
  say(t(onlyBots(made) ? "lobby.made_bots" : "lobby.made"), "ok");
  // the way in, in view and focused (it was below the fold, even against bots alone): the
  // links under the message that says the game is made, at the page's top (the 31st
  // newcomer run saw the message there, the links below the fold, centred out of it)
  const way = $("#invites a.invite") || $("#invites a.watch");
  if (way) way.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  $("#created").scrollIntoView({ block: "nearest" });
  renderMine();
  if (body.open) renderOpen();
}

/** A game of one human seat against bots only (no free seat, nobody to invite). */
function againstBots(made) {
  const humans = made.seats.filter((s) => s.token);
  return humans.length === 1 && !made.seats.some((s) => s.free);
}

/** No seat for a person (all bots, none left free): no link to send, only to watch. */
function onlyBots(made) {
  return !made.seats.some((s) => s.token || s.free);
}

function showInvites(made, seats) {
  const list = $("#invites");
  list.replaceChildren();
  for (const s of made.seats) {
    const who = seats[s.seat]?.name || t("lobby.seat", { n: s.seat + 1 });
    if (s.free) {
      list.append(h("li", { class: "free-seat" }, `${t("lobby.seat", { n: s.seat + 1 })}: ${t("lobby.free_seat")}`));
      continue;
    }
    if (!s.token) {
      list.append(h("li", {}, `${who}: ${t("lobby.bot")} ${seats[s.seat]?.bot || ""}`));
      continue;
    }
    list.append(h("li", {}, h("span", {}, `${who}: `),
      h("a", { href: s.invite_url, class: "invite", dataset: { seat: s.seat } }, t("lobby.play_as", { name: who })),
      h("input", { class: "link", readonly: true, value: s.invite_url, "aria-label": t("lobby.invite_of", { name: who }) }),
      copyButton(s.invite_url)));
  }
  const watch = made.seats[0].invite_url.split("#")[0];
  list.append(h("li", {}, h("a", { href: watch, class: "watch" }, t("lobby.watch")), " ",
    h("input", { class: "link", readonly: true, value: watch, "aria-label": t("lobby.watch") }), copyButton(watch)));
  $("#created").hidden = false;
}

/** A title's name as the server lists it, else its id. */
function titleName(title) {
  return titles.find((x) => x.title === title)?.name || title || "";
}

/** Who plays a game and when it started, in the page's language. */
function gameFacts(g) {
  const names = g.players.map((p) => p.name || (p.bot ? t("game.bot", { level: p.bot })
    : t("game.seat", { n: p.seat + 1 })));
  const out = [t("lobby.with", { names: names.join(", ") })];
  const created = g.created ? new Date(g.created) : null;
  if (created && !Number.isNaN(created.getTime())) {
    out.push(t("lobby.created_on", { date: created.toLocaleDateString(language()) }));
  }
  return `${out.join(" · ")} ·`;
}

async function renderMine() {
  const list = $("#mine");
  const games = Object.entries(remembered()).sort((a, b) => (b[1].seen || 0) - (a[1].seen || 0));
  list.replaceChildren();
  if (!games.length) {
    list.append(h("li", { class: "hint" }, t("lobby.none")));
    return;
  }
  for (const [id, facts] of games.slice(0, 20)) {
    const link = h("a", { href: `/g/${id}` }, titleName(facts.title));
    const item = h("li", { class: "my-game", dataset: { game: id } },
      link, " ", h("span", { class: "who hint" }), " ", h("span", { class: "turn" }, "…"),
      h("button", { type: "button", class: "forget", onclick: () => { forget(id); renderMine(); } },
        t("lobby.forget")));
    list.append(item);
    api.game(id).then((answer) => {
      const turn = item.querySelector(".turn");
      if (!answer.ok) {
        turn.textContent = answer.network ? t("net.offline") : t("lobby.gone");
        return;
      }
      const g = answer.data;
      link.textContent = `${titleName(g.title)}${g.name ? ` “${g.name}”` : ""}`;
      link.title = id;
      item.querySelector(".who").textContent = gameFacts(g);
      const who = g.players.find((p) => p.seat === g.current_player);
      if (g.over) turn.textContent = t("lobby.over");
      else if (g.current_player === facts.seat) {
        turn.textContent = t("lobby.your_turn");
        item.classList.add("mine-to-move");
      } else turn.textContent = t("lobby.turn_of", { name: who?.name || `#${g.current_player + 1}` });
    });
  }
}

function openEntry(game) {
  const names = game.taken.map((p) => p.name).join(", ");
  const label = `${titles.find((x) => x.title === game.title)?.name || game.title}`
    + `${game.name ? ` “${game.name}”` : ""} · ${game.players}`;
  return h("li", { class: "open-game", dataset: { game: game.id } },
    h("span", {}, label), " ", h("span", { class: "hint" }, t("lobby.taken_by", { names })), " ",
    ...game.free.map((seat) => h("button", { type: "button", class: "claim",
      dataset: { seat }, onclick: () => claim(game.id, seat, game.title) },
    t("lobby.join_seat", { n: seat + 1 }))));
}

async function renderOpen() {
  const answer = await api.openGames();
  const list = $("#open-list");
  if (!answer.ok) {
    say(answer.network ? t("net.offline") : t("error.server", { status: answer.status }), "error");
    return [];
  }
  const games = answer.data;
  list.replaceChildren(...(games.length ? games.map(openEntry)
    : [h("li", { class: "hint" }, t("lobby.no_open"))]));
  return games;
}

async function claim(id, seat, title) {
  const name = $("#open-name").value.trim();
  if (!name) {
    say(t("lobby.need_name"), "error");
    $("#open-name").focus();
    return;
  }
  // the list again first: a seat taken meanwhile is reported here, not as a refused claim
  const games = await renderOpen();
  if (!games.some((g) => g.id === id && g.free.includes(seat))) {
    say(t("lobby.seat_gone"), "error");
    return;
  }
  const answer = await api.claim(id, seat, name);
  if (!answer.ok) {
    say(answer.status === 409 ? t("lobby.seat_gone")
      : t("error.refused", { reason: refusalText(answer) }), "error");
    renderOpen();
    return;
  }
  const got = answer.data;
  remember(id, { title, seat: got.seat, token: got.token });
  const url = new URL(got.invite_url, location.href);
  location.href = url.pathname + url.hash;
}

function join(event) {
  event.preventDefault();
  const link = $("#join-link").value.trim();
  try {
    const url = new URL(link, location.href);
    if (!/^\/g\/[\w-]+$/.test(url.pathname)) throw new Error("path");
    location.href = url.pathname + url.hash;
  } catch {
    say(t("lobby.bad_link"), "error");
  }
}

async function main() {
  useMoveWords();  // the server's refusals (a claim or a new game turned down)
  await setLanguage(pickLanguage());
  languageSwitch($("#lang"), () => { renderTitle(); renderMine(); renderOpen(); });
  const answer = await api.titles();
  if (!answer.ok) {
    say(answer.network ? t("net.offline") : t("error.server", { status: answer.status }), "error");
    return;
  }
  titles = answer.data;
  $("#title").replaceChildren(...titles.map((x) => h("option", { value: x.title }, x.name)));
  $("#rules-links").replaceChildren(...titles.flatMap((x, i) => [i ? " · " : "",
    h("a", { href: `/rules/${x.title}`, class: "rules-link", dataset: { title: x.title } }, x.name)]));
  wireGuidedStart(titles);
  $("#title").addEventListener("change", renderTitle);
  $("#players").addEventListener("input", renderSeats);
  $("#seats").addEventListener("change", seatsChanged);
  $("#hints-allowed").addEventListener("change", () => { hintsTouched = true; });
  $("#create").addEventListener("submit", create);
  $("#join").addEventListener("submit", join);
  $("#open-refresh").addEventListener("click", renderOpen);
  renderTitle();
  renderMine();
  await renderOpen();
  document.body.dataset.ready = "1";
}

main();
