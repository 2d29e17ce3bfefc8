// What the page sends. `request` sends one of the table's requests (sit, ready, settings, chat,
// ...) and remembers its type until it is answered; `act` sends a game action: one of the latest
// state's `legal` codes, with an `id` (a counter) and the `ply` it was chosen at. While it is in
// flight (`app.pending`) the controls are aria-disabled, so a double click sends one action; the
// next state, a refusal or ACTION_TIMEOUT_MS without an answer frees them.

import { app, render, say } from "./app.js";
import { pageWords } from "./page_words.js";

const ACTION_TIMEOUT_MS = 8000; // an action never answered frees the controls after this

/** Send one of the table's requests (not a game action) and remember its type until it is
 * answered: its id, or null when the connection is not open (the reader is told to wait). */
export function request(type, fields = {}) {
  if (!app.socket) return null;
  const id = app.socket.request(type, fields);
  if (id === null) {
    say(pageWords("wait_for_connection"));
    return null;
  }
  app.requests.set(id, type);
  return id;
}

/** No action is in flight any more: the controls are free. */
export function clearPending() {
  if (!app.pending) return;
  window.clearTimeout(app.pending.timer);
  app.pending = null;
}

/** Send one of the legal codes, chosen at the current ply. */
export function act(code) {
  const state = app.state;
  if (app.pending || !state || !app.legal.has(code)) return false;
  const id = app.socket ? app.socket.request("action", { code, ply: state.ply }) : null;
  if (id === null) {
    say(pageWords("wait_for_connection"));
    return false;
  }
  const timer = window.setTimeout(() => {
    if (app.pending && app.pending.id === id) {
      clearPending();
      render();
    }
  }, ACTION_TIMEOUT_MS);
  app.pending = { id, code, ply: state.ply, timer, acked: false };
  render();
  return true;
}
