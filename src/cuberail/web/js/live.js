// The game page's live connection: a WebSocket that brings the game's events. Its state
// is the page's online state (net.js): open, online; closed, offline, and it reconnects
// after 0.5, 1, 2, 4, then every 5 s. The seat's token says hello, so that the others
// see the seat connected.

import { api, socketUrl } from "./api.js";
import { setOnline } from "./net.js";

export class LiveLink {
  /** `game()`: {id, seq, token} of the page's game (seq: the last event seen, the
   *  server sends what came after it); `onEvent(event)` for each message; `root`: the
   *  element whose data-live says whether the connection is open (a test's signal);
   *  `onOpen()` each time it opens. */
  constructor(game, onEvent, root, onOpen = () => {}) {
    this.game = game;
    this.onEvent = onEvent;
    this.root = root;
    this.onOpen = onOpen;
    this.socket = null;
    this.retry = 0;
    this.timer = 0;
  }

  connect() {
    clearTimeout(this.timer);
    const { id, seq, token } = this.game();
    const socket = new WebSocket(socketUrl(id, seq || undefined));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.root.dataset.live = "1";
      setOnline(true);
      if (token) socket.send(JSON.stringify({ type: "hello", token }));
      this.onOpen();
    });
    socket.addEventListener("message", (message) => {
      let event;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      this.onEvent(event);
    });
    socket.addEventListener("close", () => {
      this.root.dataset.live = "0";
      if (this.socket !== socket) return;
      setOnline(false);
      const wait = Math.min(5000, 500 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), wait);
    });
  }

  /** A request was answered again: with the connection open, the page is online; else
   *  it reconnects now (online once the socket opens). */
  answered() {
    const state = this.socket ? this.socket.readyState : WebSocket.CLOSED;
    if (state === WebSocket.OPEN) setOnline(true);
    else if (state !== WebSocket.CONNECTING) this.connect();
  }

  /** Offline for a while, or the browser says the network is back: try the server. */
  probe() {
    const state = this.socket ? this.socket.readyState : WebSocket.CLOSED;
    if (state === WebSocket.OPEN) api.titles();  // answered: answered() turns the page online
    else if (state !== WebSocket.CONNECTING) this.connect();
  }
}
