// What the server says (SERVER.md §3), read into `app` and the page drawn again: the table, the
// game's state, the answers to the page's requests, presence, the fair deal's commitment and
// reveal, chat, a seat taken in another tab, a kick, a goodbye.
//
// Message flows: hello {v, token?, since?} → welcome (+ state); sit, stand, ready {ready,
// client_seed}, settings, bot, start, action {code, ply}, autopilot {on}, rematch, leave, chat
// {text}, each with an id → ack | error; pushes table, state, presence, commit, reveal, chat,
// replaced, bye are rendered as they come.

import { Legal } from "./actions.js";
import { app, clearAlert, render, say, setConnection } from "./app.js";
import { addChat } from "./chat.js";
import { byId } from "./dom.js";
import { errorWords } from "./errors.js";
import { keepForGame } from "./fair/seeds.js";
import { pageWords } from "./page_words.js";
import { dismissStaleChoice } from "./plays.js";
import { clearPending } from "./send.js";
import { forgetToken } from "./storage.js";
import { addStory, forgetRetoldHand } from "./story.js";

/** Another tab took this page's seat: say so, and let no later move clear it. */
export function seatTakenElsewhere() {
  app.replaced = true;
  say(pageWords("seat_elsewhere"));
}

/** Read one message from the server (the socket's onMessage): `app` takes it in, the page is
 * drawn again. */
export function onMessage(message) {
  switch (message.t) {
    case "welcome":
      app.you = message.you ?? { seat: null, host: false };
      if (app.token && app.you.seat === null) {
        // The seat was given up (stand): its token holds nothing any more.
        forgetToken(app.code);
        app.token = null;
        if (app.socket) app.socket.token = null;
      }
      if (typeof message.server_time === "number")
        app.clockOffset = message.server_time - Date.now();
      app.table = message.table ?? app.table;
      setConnection(pageWords(app.you.seat === null ? "connected_watching" : "connected"), "open");
      render();
      break;
    case "table":
      onTable(message);
      break;
    case "state":
      onState(message);
      break;
    case "ack":
      onAck(message);
      break;
    case "error":
      onError(message);
      break;
    case "presence":
      onPresence(message);
      break;
    case "commit":
      app.commit = message;
      keepForGame(app.code, message.game, message.commitment);
      render();
      break;
    case "reveal":
      addStory([
        pageWords("seed_revealed", { game: message.game }),
      ]);
      render();
      break;
    case "chat":
      addChat(message);
      break;
    case "replaced":
      seatTakenElsewhere();
      break;
    case "kicked":
      app.kicked = true; // the close that follows (4003) is the host's doing, not a lost key
      break;
    case "bye":
      app.byeReason = message.reason ?? null;
      break;
    default:
      break; // pong and anything newer than this page
  }
}

function onTable(table) {
  const before = app.table ? app.table.status : null;
  app.table = table;
  if (table.status === "waiting" && before && before !== "waiting") {
    // A rematch: back to the waiting room, the finished game's view put away.
    app.state = null;
    app.legal = new Legal([]);
    app.commit = null;
    app.handSummary = null;
    app.overShown = false;
    addStory([pageWords("back_in_waiting_room")]);
  }
  render();
}

function onState(state) {
  const previous = app.state;
  app.state = state;
  app.legal = new Legal(state.legal);
  const events = Array.isArray(state.events) ? state.events : [];
  const lines = Array.isArray(state.story) ? state.story : [];
  const retold = forgetRetoldHand(lines);
  addStory(lines);
  // What concerns the reader alone, in the server's words (lastcard.words.alerts).
  const alerts = retold || !Array.isArray(state.alerts) ? [] : state.alerts;
  if (alerts.length) say(alerts.join(" "));
  else if (!app.replaced && (!previous || previous.ply !== state.ply)) clearAlert();
  for (const event of events) {
    // The end-of-hand summary stands from the hand's end until the next deal.
    if (event.type === "hand_over") app.handSummary = { event, hand: state.view.hand_number };
    else if (event.type === "deal") app.handSummary = null;
  }
  if (app.pending && state.ply !== app.pending.ply) clearPending();
  if (previous && previous.ply !== state.ply) dismissStaleChoice();
  render();
}

function onAck(message) {
  if (app.pending && message.id === app.pending.id) {
    app.pending.acked = true; // the state that follows frees the controls
    return;
  }
  const type = app.requests.get(message.id);
  app.requests.delete(message.id);
  if (["sit", "stand", "ready", "start", "settings", "bot"].includes(type)) {
    byId("waiting-error").textContent = "";
  }
  render();
}

function onError(message) {
  // The server says each refusal in words (lastcard.words.refusals, server/protocol_words.py).
  const words = message.words || errorWords(message.code, message.message);
  if (app.pending && message.id === app.pending.id) {
    clearPending();
    app.hand.playFailed();
    say(words);
    render();
    return;
  }
  const type = message.id ? app.requests.get(message.id) : null;
  app.requests.delete(message.id);
  if (!message.id) app.lastError = message;
  say(words);
  if (["sit", "stand", "ready", "start", "settings", "bot"].includes(type)) {
    byId("waiting-error").textContent = words; // beside the controls, as well as announced
  }
  render();
}

function onPresence(message) {
  const place = app.table && app.table.seats[message.seat];
  if (!place) return;
  place.connected = message.connected;
  place.away = message.away;
  place.autopilot = message.autopilot;
  render();
}
