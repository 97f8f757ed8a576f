// The lobby: create a game (title, players, rule options, bot seats, names), copy the
// invite links, and list the games remembered in this browser with whose turn it is.

import { api, forget, remember, remembered } from "./api.js";
import { $, h, say } from "./dom.js";
import { languageSwitch, pickLanguage, setLanguage, t } from "./i18n.js";

let titles = [];

function titleInfo() {
  return titles.find((x) => x.title === $("#title").value) || titles[0];
}

function optionInput(spec) {
  const id = `opt-${spec.name}`;
  let input;
  if (spec.choices) {
    input = h("select", { id, name: spec.name },
      spec.choices.map((c) => h("option", { value: String(c), selected: c === spec.default }, String(c))));
  } else if (spec.type === "int") {
    input = h("input", { id, name: spec.name, type: "number", value: spec.default,
      min: spec.min ?? spec.minimum, max: spec.max ?? spec.maximum });
  } else {
    input = h("input", { id, name: spec.name, type: "text", value: spec.default });
  }
  input.dataset.type = spec.type || typeof spec.default;
  return h("div", { class: "option" },
    h("label", { for: id }, h("code", {}, spec.name)), input,
    h("p", { class: "help" }, spec.help));
}

function botChoices(selected) {
  const info = titleInfo();
  const levels = (info.bots || []).filter((b) => !b.name.includes(":"));
  return [h("option", { value: "" }, t("lobby.human")),
    ...levels.map((b) => h("option", { value: b.name, selected: b.name === selected, title: b.help },
      `${t("lobby.bot")}: ${b.name}`))];
}

function renderSeats() {
  const box = $("#seats");
  const n = Number($("#players").value) || 0;
  const rows = [...box.querySelectorAll(".seat")];
  for (let i = rows.length; i < n; i += 1) {
    const row = h("div", { class: "seat" },
      h("label", {}, h("span", {}, t("lobby.seat", { n: i + 1 })),
        h("input", { class: "seat-name", name: `name${i}`, maxlength: 40,
          placeholder: t("lobby.name"), "aria-label": t("lobby.seat_name", { n: i + 1 }) })),
      h("select", { class: "seat-bot", name: `bot${i}`, "aria-label": t("lobby.seat_kind", { n: i + 1 }) },
        botChoices(i === 0 ? "" : "medium")));
    box.append(row);
  }
  for (const row of rows.slice(n)) row.remove();
}

function renderTitle() {
  const info = titleInfo();
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
    const value = typeof spec.default === "number" ? Number(raw) : raw;
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
  const body = { title: titleInfo().title, players: seats.length, options: readOptions(), seats };
  const button = $("#create-button");
  button.disabled = true;
  const answer = await api.create(body);
  button.disabled = false;
  if (!answer.ok) {
    say(t("error.refused", { reason: answer.data?.detail ?? answer.status }), "error");
    return;
  }
  const made = answer.data;
  const humans = made.seats.filter((s) => s.token);
  const mine = humans[0];
  remember(made.id, { title: body.title, owner: made.owner_token,
    seat: mine ? mine.seat : null, token: mine ? mine.token : null,
    tokens: Object.fromEntries(humans.map((s) => [s.seat, s.token])) });
  showInvites(made, seats);
  say(t("lobby.made"), "ok");
  renderMine();
}

function copyButton(url) {
  return h("button", { type: "button", class: "copy", onclick: async (e) => {
    try {
      await navigator.clipboard.writeText(url);
      e.target.textContent = t("lobby.copied");
    } catch {
      e.target.textContent = t("lobby.copy_failed");
    }
  } }, t("lobby.copy"));
}

function showInvites(made, seats) {
  const list = $("#invites");
  list.replaceChildren();
  for (const s of made.seats) {
    const who = seats[s.seat]?.name || t("lobby.seat", { n: s.seat + 1 });
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
  list.append(h("li", {}, h("a", { href: watch }, t("lobby.watch")), " ",
    h("input", { class: "link", readonly: true, value: watch, "aria-label": t("lobby.watch") }), copyButton(watch)));
  $("#created").hidden = false;
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
    const item = h("li", { class: "my-game", dataset: { game: id } },
      h("a", { href: `/g/${id}` }, `${facts.title || ""} ${id}`), " ", h("span", { class: "turn" }, "…"),
      h("button", { type: "button", class: "forget", onclick: () => { forget(id); renderMine(); } },
        t("lobby.forget")));
    list.append(item);
    api.game(id).then((answer) => {
      const turn = item.querySelector(".turn");
      if (!answer.ok) {
        turn.textContent = t("lobby.gone");
        return;
      }
      const g = answer.data;
      const who = g.players.find((p) => p.seat === g.current_player);
      if (g.over) turn.textContent = t("lobby.over");
      else if (g.current_player === facts.seat) {
        turn.textContent = t("lobby.your_turn");
        item.classList.add("mine-to-move");
      } else turn.textContent = t("lobby.turn_of", { name: who?.name || `#${g.current_player + 1}` });
    });
  }
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
  await setLanguage(pickLanguage());
  languageSwitch($("#lang"), () => { renderTitle(); renderMine(); });
  const answer = await api.titles();
  if (!answer.ok) {
    say(t("error.server", { status: answer.status }), "error");
    return;
  }
  titles = answer.data;
  $("#title").replaceChildren(...titles.map((x) => h("option", { value: x.title }, x.name)));
  $("#title").addEventListener("change", renderTitle);
  $("#players").addEventListener("input", renderSeats);
  $("#create").addEventListener("submit", create);
  $("#join").addEventListener("submit", join);
  renderTitle();
  renderMine();
  document.body.dataset.ready = "1";
}

main();
