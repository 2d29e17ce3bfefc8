// The page's place at the table: the join form (a name, to play or to watch), the connection
// the page opens with a seat's token or none, and how that connection ends (the seat freed by
// the host, taken in another tab, a refused hello, a goodbye, the reader leaving).

import { ApiError, joinTable } from "./api.js";
import { app, clearAlert, render, say, setConnection } from "./app.js";
import { TableSocket } from "./connection.js";
import { byId, h } from "./dom.js";
import { errorWords } from "./errors.js";
import { onMessage, seatTakenElsewhere } from "./messages.js";
import { closeWords, pageWords } from "./page_words.js";
import { clearPending } from "./send.js";
import { forgetToken, loadName, loadToken, saveName, saveToken } from "./storage.js";

/** Open the page's connection: with a seat's token, or none to watch. */
export function connect(token) {
  app.token = token;
  app.closed = false;
  app.closeWords = null;
  app.kicked = false;
  // A new connection from this page (joining after watching, taking a seat back) asks only for
  // what the story has not told yet.
  const since = app.socket ? app.socket.lastSeq : null;
  if (app.socket) app.socket.stop();
  app.socket = new TableSocket(app.code, { token, onMessage, onState: onSocketState });
  app.socket.lastSeq = since;
  app.socket.open();
  showJoin(false);
}

function onSocketState(kind, detail) {
  switch (kind) {
    case "connecting":
      setConnection(pageWords("connecting"), "connecting");
      break;
    case "open":
      setConnection(pageWords("connected"), "open");
      document.getElementById("reclaim")?.remove();
      app.replaced = false;
      clearAlert(); // what was said of the old connection ("open in another tab") is over
      break;
    case "reconnecting": {
      const seconds = Math.max(1, Math.round(detail.delay / 1000));
      setConnection(
        pageWords("reconnecting_in", {
          words: closeWords(detail.code) ?? pageWords("connection_lost"),
          seconds,
        }),
        "reconnecting",
      );
      clearPending();
      render();
      break;
    }
    case "closed":
      closed(detail.code);
      break;
    default:
      break;
  }
}

function closed(code) {
  app.closed = true;
  clearPending();
  if (app.leaving) {
    window.location.assign("/");
    return;
  }
  let words = code === 4003 && app.kicked ? pageWords("seat_freed") : closeWords(code);
  if (code === 4003) {
    forgetToken(app.code);
    app.token = null;
    showJoin(true, words);
  } else if (code === 4001) {
    // The close can be read before the `replaced` message that precedes it is: say it here too.
    seatTakenElsewhere();
    const button = h(
      "button",
      {
        type: "button",
        id: "reclaim",
        className: "small",
        dataset: { testid: "reclaim" },
        onclick: () => connect(loadToken(app.code)),
      },
      pageWords("play_here"),
    );
    byId("connection").after(button);
  } else if (code === 1008 && app.lastError) {
    words = app.lastError.words || errorWords(app.lastError.code, app.lastError.message);
    if (app.lastError.code === "NOT_SEATED")
      showJoin(true, pageWords("no_spectators"));
  } else if (code === 1000 && app.byeReason) {
    words =
      app.byeReason === "left"
        ? pageWords("you_left")
        : pageWords("table_closed_because", { reason: app.byeReason });
  }
  app.closeWords = words ?? pageWords("disconnected");
  setConnection(app.closeWords, "closed");
  if (words) say(words);
  render();
}

/** Show the join form (with why, when a seat was lost), or hide it. */
export function showJoin(show, message = "") {
  app.joinShown = show;
  byId("join").hidden = !show;
  byId("join-error").textContent = message ?? "";
  if (show) {
    const input = byId("join-name");
    if (!input.value) input.value = loadName();
    setConnection(message || pageWords("not_connected"), "closed");
    input.focus();
  }
}

/** The join form's submit: a seat for the name given, or watching when the table has none free. */
export async function submitJoin(event) {
  event.preventDefault();
  const input = byId("join-name");
  const name = input.value.trim();
  const error = byId("join-error");
  if (!name) {
    error.textContent = pageWords("join_or_watch");
    input.focus();
    return;
  }
  saveName(name);
  error.textContent = "";
  try {
    const reply = await joinTable(app.code, { name });
    if (reply && reply.token) {
      saveToken(app.code, reply.token);
      connect(reply.token);
    } else {
      say(pageWords("watching_started"));
      connect(null);
    }
  } catch (failure) {
    const code = failure instanceof ApiError ? failure.code : "NETWORK";
    error.textContent = errorWords(code, failure.message, failure.words ?? null);
  }
}
