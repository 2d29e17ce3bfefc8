// The websocket to one table (SERVER.md §3, §7): hello first, request ids, reconnection.
//
// `new TableSocket(code, {token, onMessage, onState})` opens ws(s)://host/ws/{code} and says
// `hello {v: 1, token?, since?}` (`since`: the last `seq` seen, so a reconnect gets what it
// missed). `request(type, fields)` sends a message with a fresh `id` and returns the id; the
// answer arrives as an `ack` or an `error` carrying it. Closes 1006 (lost) and 1012 (restart)
// reconnect with a growing, jittered delay; 4001 (replaced), 4003, 4004 and 4400 do not.

import { RECONNECT_CODES } from "./errors.js";

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15000;
const PING_EVERY_MS = 25000;

export class TableSocket {
  /**
   * `onMessage(message)` gets every server message; `onState(state, detail)` hears of
   * "connecting", "open", "reconnecting" (detail: {code, delay}) and "closed" (detail: {code}).
   */
  constructor(code, { token = null, onMessage, onState }) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.socket = null;
    this.lastSeq = null;
    this.attempts = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.stopped = false;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  open() {
    this.stopped = false;
    this.onState("connecting", {});
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleRetry(1006);
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      const hello = { t: "hello", v: 1 };
      if (this.token) hello.token = this.token;
      if (this.lastSeq !== null) hello.since = this.lastSeq;
      socket.send(JSON.stringify(hello));
      this.onState("open", {});
      this.startPing();
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event.code));
    // An "error" event is always followed by "close", which decides what to do.
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // not JSON: nothing the page could show
    }
    if (!message || typeof message !== "object") return;
    if (typeof message.seq === "number") this.lastSeq = message.seq;
    if (message.t === "welcome") this.attempts = 0;
    this.onMessage(message);
  }

  closed(socket, code) {
    if (socket !== this.socket) return; // an older socket, already replaced
    this.socket = null;
    this.stopPing();
    if (!this.stopped && RECONNECT_CODES.has(code)) {
      this.scheduleRetry(code);
    } else {
      this.onState("closed", { code });
    }
  }

  scheduleRetry(code) {
    const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempts);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.attempts += 1;
    this.onState("reconnecting", { code, delay });
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.open(), delay);
  }

  startPing() {
    this.stopPing();
    this.pingTimer = window.setInterval(() => this.send({ t: "ping" }), PING_EVERY_MS);
  }

  stopPing() {
    window.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Send a message as it is; false when the connection is not open. */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Send `{t: type, id, ...fields}`; the id or null when not connected. Ids are unique across
   * pages: the server answers a seat's repeated id with its stored answer (SERVER.md §4 step 7),
   * so a reloaded page or a second tab counting from 1 again would see its first moves "acked"
   * and never applied. Each page load takes a random prefix. */
  request(type, fields = {}) {
    pageRequests += 1; // one count per page, across sockets: a reclaimed seat's new socket too
    const id = `${PAGE_PREFIX}${pageRequests}`;
    return this.send({ t: type, id, ...fields }) ? id : null;
  }

  /** Close for good (leaving the page or the table): no reconnection. */
  stop() {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    this.stopPing();
    if (this.socket) this.socket.close(1000);
  }
}

// 8 random base-36 characters per page load, then a counter: at most 24 characters in all.
const PAGE_PREFIX = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
  (b % 36).toString(36),
).join("") + "-";
let pageRequests = 0;
