// The table page (/t/{code}): join, the waiting room, the game, the end of the game.
//
// It renders from the server's `table` and `state` messages only (SERVER.md §3): every game
// control comes from the `legal` codes of the latest state, and every action sent carries an
// `id` (a counter) and the `ply` it was chosen at. While one is in flight the controls are
// aria-disabled, so a double click sends one action.
//
// This module is the page's entry: it decides which part shows (`render`), wires the controls
// to what they do and starts the page. The parts: app.js (the page's state, shared),
// session.js (joining or watching, the connection), messages.js (what the server says),
// send.js (requests and actions), plays.js (a card's choices), room.js (the waiting room),
// game.js (the game), over.js (its end), story.js and chat.js.
//
// Controls for tests and assistive technology. Seat numbers N are the protocol's, from 0: table
// seats in the waiting room, the game's seats (the `state`'s) during play.
//
//   page          table-code, connection, alert (role=alert), status (role=status), reclaim;
//                 the parts: join-panel, waiting, game, over
//   join          join-name, join, watch, join-error
//   waiting room  invite-link, copy-link, invite-hint (a link from localhost), rules-summary, waiting-seats, wait-seat-N, sit-N,
//                 bot-N (host: a seat's bot level), waiting-hint, waiting-error,
//                 ready (aria-pressed), stand, start; host settings: settings-preset,
//                 option-<name> (theme cards: option-theme_cards-<card>, one checkbox each),
//                 settings-target, settings-timer, settings-spectators, settings-save
//   game          seats, seat-N, count-N, discard, colour, direction, stock-pile, stock,
//                 hand-number, hand-summary (hand-summary-heading, a row summary-N a seat),
//                 pending, deadline, pirate-window (what a Pirate play had to match),
//                 open-hands and open-hand-N (Pirate: the others' cards, a labelled list each),
//                 decisions, hand (role=toolbar), card-<CODE> (a second copy card-<CODE>-2,
//                 ...; a Pirate cheat has the class "cheat" and says so in its name),
//                 auto-uno, autopilot (aria-pressed), leave, fairness
//   decisions     draw (D), play-drawn (P), keep (K), accept (A), challenge (X), stack (S),
//                 jump-in (J), uno (U), catch-N (the first: C), color-r|y|g|b (a Wild turned up
//                 first), next (N), decline (D, a discard round: the hand's cards are its
//                 discards), pass (L, "Let it stand") and cheat (C, "Call cheat") in a Pirate
//                 window, block (B, then a colour) and allow (A) when an effect is aimed at
//                 the Invisibility's holder, action-<code> (a code this page has no words for);
//                 H moves the keyboard into the hand. After a Mambo the hand's cards are its
//                 gifts, then its leads.
//   wild dialog   choice-dialog, wild-r|y|g|b (radios), target-N (the seat a Seven-O 7, Howler,
//                 Friendship or Travel names; target-none when it may name nobody: a Pirate 7,
//                 a last card), joker-seat-N (checkboxes) and joker-count-K (radios) for a
//                 Joker, choice-problem (why a choice cannot be played), choice-ok,
//                 choice-cancel
//   game over     winners, final-scores, record (download link), verify, rematch, lobby
//   story, chat   story (role=log), chat (role=log), chat-input, chat-send

import { app, gameSeat, say, setConnection, setPrompt, setRenderer } from "./app.js";
import { cardName } from "./cards.js";
import { submitChat } from "./chat.js";
import { setUpChoiceDialog } from "./dialogs.js";
import { byId, isAriaDisabled, typingIn } from "./dom.js";
import { seedFor } from "./fair/seeds.js";
import { renderGame } from "./game.js";
import { HandView } from "./hand.js";
import { KEYS } from "./keys.js";
import { renderOver } from "./over.js";
import { pageWords } from "./page_words.js";
import { blockEffect, discardCard, giveCard, INVISIBILITY, playCard } from "./plays.js";
import { loadPresets, renderWaiting, submitSettings } from "./room.js";
import { request } from "./send.js";
import { connect, showJoin, submitJoin } from "./session.js";
import { forgetToken, loadToken, saveAutoUno } from "./storage.js";

/** Draw the page from `app`: which of its parts shows, each drawn, the prompt and the title. */
function render() {
  const table = app.table;
  byId("table-code").textContent = app.code;
  if (table) {
    byId("table-title").firstChild.textContent = table.name
      ? pageWords("table_heading_named", { name: table.name })
      : pageWords("table_heading");
  }
  const status = table ? table.status : null;
  const state = app.state;
  const inGame = Boolean(state) && status !== "waiting";
  // A spectator of the waiting room may still take a seat.
  byId("join").hidden = !(
    app.joinShown ||
    (status === "waiting" && app.you.seat === null && !app.closed)
  );
  byId("waiting").hidden = status !== "waiting";
  byId("game").hidden = !inGame;
  const over = inGame && (status === "over" || state.view.phase === "game_over");
  byId("over").hidden = !over;
  if (status === "waiting") renderWaiting();
  if (inGame) renderGame();
  if (over) renderOver();
  if (over && !app.overShown) {
    // On a phone the end of the game would open below the fold: it comes into view, and the
    // keyboard to its heading.
    app.overShown = true;
    byId("over-heading").focus({ preventScroll: true });
    byId("over").scrollIntoView({ block: "start" });
  }
  if (status === "waiting") {
    setPrompt(
      app.you.seat === null ? pageWords("watching_waiting_room") : byId("waiting-hint").textContent,
    );
  } else if (status === "closed" && !state) {
    setPrompt(pageWords("table_closed"));
  }
  if (app.closed && app.closeWords) setPrompt(app.closeWords);
  updateTitle();
}

function updateTitle() {
  const table = app.table;
  const you = gameSeat();
  const mine = app.state && you !== null && app.state.view.to_act === you && !app.legal.empty;
  const name =
    table && table.name ? table.name : pageWords("table_default_name", { code: app.code });
  document.title = pageWords(mine ? "title_your_turn" : "title", { name });
}

// -- wiring -------------------------------------------------------------------------------------

function onShortcut(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
  if (byId("choice-dialog").open) return;
  const key = event.key.length === 1 ? event.key.toUpperCase() : null;
  if (!key) return;
  if (key === KEYS.hand) {
    event.preventDefault();
    app.hand.focus();
    return;
  }
  const target = [...byId("decisions").querySelectorAll("button[aria-keyshortcuts]")].find(
    (b) => b.getAttribute("aria-keyshortcuts") === key,
  );
  if (target && !byId("game").hidden) {
    event.preventDefault();
    if (!isAriaDisabled(target)) target.click();
  }
}

function wire() {
  setUpChoiceDialog();
  app.hand = new HandView(byId("hand"), {
    onPlay: (card, { uno, index }) => {
      if (app.legal.canDiscard(card)) discardCard(card, { uno, index });
      else if (app.legal.giveCode(card) !== null) giveCard(card, { index });
      else if (card === INVISIBILITY && app.legal.blocks.length) blockEffect({ uno, index });
      else playCard(card, { uno, index });
    },
    onBlocked: (card) => {
      const why = pageWords(app.pending ? "wait_for_move" : "cannot_play_now");
      say(pageWords("card_blocked", { card: cardName(card), why }));
    },
  });
  byId("join-form").addEventListener("submit", submitJoin);
  byId("watch-button").addEventListener("click", () => connect(null));
  byId("ready").addEventListener("click", (event) => {
    if (isAriaDisabled(event.currentTarget)) return;
    const place = app.table && app.you.seat !== null ? app.table.seats[app.you.seat] : null;
    const commitment = app.table ? app.table.next_commitment : null;
    if (!commitment) return; // no waiting room open: nothing to be ready for
    // §6: the seed is drawn after the commitment is on screen, and quotes it.
    const ready = !(place && place.ready);
    request("ready", { ready, client_seed: seedFor(app.code, commitment), commitment });
    render();
  });
  byId("stand").addEventListener("click", (event) => {
    if (!isAriaDisabled(event.currentTarget)) request("stand");
  });
  byId("start").addEventListener("click", (event) => {
    if (!isAriaDisabled(event.currentTarget)) request("start");
  });
  byId("host-settings").addEventListener("submit", submitSettings);
  byId("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(byId("invite-link").href);
      say(pageWords("link_copied"));
    } catch {
      say(pageWords("copy_refused"));
    }
  });
  byId("autopilot").addEventListener("click", () => {
    const place = app.table && app.you.seat !== null ? app.table.seats[app.you.seat] : null;
    request("autopilot", { on: !(place && place.autopilot) });
  });
  const autoUno = byId("auto-uno");
  autoUno.checked = app.autoUno;
  autoUno.addEventListener("change", () => {
    app.autoUno = autoUno.checked;
    saveAutoUno(app.autoUno);
  });
  byId("leave").addEventListener("click", () => {
    const playing = app.table && app.table.status === "playing";
    const question = playing
      ? pageWords("leave_autopilot")
      : pageWords("leave_seat");
    if (!window.confirm(question)) return;
    app.leaving = true;
    if (!playing) forgetToken(app.code);
    if (request("leave") === null) window.location.assign("/");
  });
  byId("rematch").addEventListener("click", () => request("rematch"));
  byId("chat-form").addEventListener("submit", submitChat);
  document.addEventListener("keydown", onShortcut);
}

function start() {
  setRenderer(render);
  wire();
  byId("table-code").textContent = app.code;
  loadPresets();
  if (!app.code) {
    setConnection(pageWords("no_table_code"), "closed");
    return;
  }
  const token = loadToken(app.code);
  const watch = new URLSearchParams(window.location.search).has("watch");
  if (token) connect(token);
  else if (watch) connect(null);
  else showJoin(true);
}

start();
