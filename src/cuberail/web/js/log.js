// The move log in words (with company colours) and the chat.

import { h, withChips } from "./dom.js";
import { t } from "./i18n.js";

/** One action text in words: "bid 8" -> "bids $8", "place R3" -> "places a locomotive on R3". */
export function words(action) {
  const [kind, ...args] = action.split(" ");
  const pay = args.find((a) => a.startsWith("pay:"));
  const plain = args.filter((a) => !a.startsWith("pay:"));
  let arg = plain.join(" ");
  if (kind === "choose") arg = t(`gauge.${arg}`);
  if (kind === "link") arg = arg.replaceAll("+", " + ").replaceAll("-", " – ");
  const key = `log.${kind}`;
  const text = t(key, { arg, args: plain.join(", ") });
  const said = text === key ? action : text;
  return pay ? `${said} ${t("log.pay", { payees: pay.slice(4).replaceAll(",", ", ") })}` : said;
}

export class MoveLog {
  constructor(list, nameOf) {
    this.list = list;
    this.nameOf = nameOf;
    this.seq = 0;
    this.entries = [];
  }

  reset() {
    this.seq = 0;
    this.entries = [];
    this.list.replaceChildren();
  }

  /** Add log entries (from GET /actions?since=): moves, and undos striking the last move. */
  add(entries) {
    for (const e of entries) {
      if (e.seq <= this.seq) continue;
      this.seq = e.seq;
      if (e.kind === "undo") {
        const live = [...this.list.querySelectorAll("li.move:not(.undone)")].pop();
        if (live) live.classList.add("undone");
        // who took it back (the entry's seat) and what (the entry's action)
        this.list.append(h("li", { class: "undo", dataset: { seq: e.seq, seat: e.seat } },
          h("strong", {}, this.nameOf(e.seat)), " ", t("log.undo"),
          e.action ? [" (", ...withChips(words(e.action)), ")"] : null));
        continue;
      }
      const n = this.list.querySelectorAll("li.move:not(.undone)").length + 1;
      this.list.append(h("li", { class: "move", dataset: { seq: e.seq, action: e.action, index: n } },
        h("a", { href: `#at=${n}`, class: "at", title: t("replay.link") }, `${n}.`), " ",
        h("strong", {}, this.nameOf(e.seat)), " ", withChips(words(e.action))));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}

export function renderChat(list, lines, nameOf) {
  list.replaceChildren(...lines.map((c) => chatLine(c, nameOf)));
  list.scrollTop = list.scrollHeight;
}

export function chatLine(c, nameOf) {
  const who = c.name || (c.seat === null || c.seat === undefined ? t("chat.owner") : nameOf(c.seat));
  return h("li", {}, h("strong", {}, `${who}: `), c.text);
}
