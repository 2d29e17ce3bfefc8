// The table page's state: `app`, everything the page knows of the table, the game and its own
// requests, one object shared by the page's modules (read and changed in place, never copied);
// and the small functions they all use: the alert and the status line, the connection line, a
// seat's name, the reader's seat.
//
// `render()` draws the page again from `app`. What it draws is table.js's (`setRenderer`), so
// that the modules that change `app` need not import the views that read it.

import { Legal } from "./actions.js";
import { announce, byId } from "./dom.js";
import { pageWords } from "./page_words.js";
import { loadAutoUno, normaliseCode } from "./storage.js";

export const app = {
  code: normaliseCode(
    decodeURIComponent(window.location.pathname.replace(/^\/t\//, "").split("/")[0]),
  ),
  token: null,
  socket: null,
  presets: null,
  levels: ["easy", "medium", "hard"],
  you: { seat: null, host: false },
  table: null,
  state: null,
  legal: new Legal([]),
  pending: null, // the action in flight: {id, code, ply, timer}
  requests: new Map(), // id -> message type, for the answers of other requests
  commit: null,
  clockOffset: 0, // server clock minus ours, in ms
  deadlineTimer: null,
  warnedDeadline: null,
  lastError: null, // the last error that answered no request (a refused hello)
  byeReason: null,
  kicked: false, // the host freed this page's seat (SERVER.md §8)
  replaced: false, // another tab took the seat: what still arrives here is not this page's move
  closeWords: null, // why the connection closed for good
  joinShown: false,
  choosingCard: null, // the card whose wild colour or target is being chosen
  lastPrompt: null,
  closed: false,
  leaving: false,
  autoUno: loadAutoUno(),
  hand: null,
  settingsForm: null,
  settingsShown: null, // the settings last copied into the host form
  handSummary: null, // the last hand's end {event, hand}, shown until the next deal
  overShown: false, // the end of the game has been brought into view
  turnShown: null, // the ply whose turn of the reader's brought the hand into view
};

let renderer = () => {};

/** Draw the page again from `app`: the drawing table.js gave `setRenderer`. */
export function render() {
  renderer();
}

/** Set what `render()` draws; table.js does it once, before the page opens its connection. */
export function setRenderer(draw) {
  renderer = draw;
}

let alertTimer = null;

/** Say something that concerns the reader. It belongs to the moment it was said: it leaves
 * the screen with the next move of the game or a new connection (clearAlert), and after a
 * while in any case, so an old "You are skipped." never stands beside a newer turn (the story
 * keeps every line). */
export function say(text) {
  announce(byId("alert"), text);
  clearTimeout(alertTimer);
  if (text) alertTimer = setTimeout(clearAlert, ALERT_SECONDS * 1000);
}

/** Take the alert off the screen (say's words leave with the next move). */
export function clearAlert() {
  clearTimeout(alertTimer);
  announce(byId("alert"), "");
}

const ALERT_SECONDS = 8;

/** The status line (role=status): what the reader may do now; said again only when it changes. */
export function setPrompt(text) {
  if (text === app.lastPrompt) return;
  app.lastPrompt = text;
  announce(byId("status"), text);
}

/** The connection line: its words, and its state for the page's style. */
export function setConnection(text, state) {
  const element = byId("connection");
  element.textContent = text;
  element.dataset.state = state;
}

/** A seat's player by name, or by number when the seat has none. */
export function seatName(names, seat) {
  return (names && names[seat]) || pageWords("seat_number", { seat: seat + 1 });
}

/** The reader's seat in the game (the engine's numbering), or null for a spectator. */
export function gameSeat() {
  const state = app.state;
  if (!state) return null;
  if (typeof state.seat === "number") return state.seat;
  return state.view && typeof state.view.seat === "number" ? state.view.seat : null;
}

/** The table seat of each game seat. */
export function tableSeatsOfGame() {
  const state = app.state;
  if (state && Array.isArray(state.seats)) return state.seats;
  return state ? state.view.hand_sizes.map((_, k) => k) : [];
}

/** Whether the reader hosts the table: the latest `table` push says (the host role moves when
 * its holder stands), the `welcome` until one arrives. */
export function isHost() {
  const seat = app.you.seat;
  if (seat === null) return false;
  return app.table ? app.table.host === seat : Boolean(app.you.host);
}
