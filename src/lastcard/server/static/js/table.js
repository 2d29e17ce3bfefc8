// The table page (/t/{code}): join, the waiting room, the game, the end of the game.
//
// It renders from the server's `table` and `state` messages only (SERVER.md §3): every game
// control comes from the `legal` codes of the latest state, and every action sent carries an
// `id` (a counter) and the `ply` it was chosen at. While one is in flight the controls are
// aria-disabled, so a double click sends one action.
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
//
// Message flows: hello {v, token?, since?} → welcome (+ state); sit, stand, ready {ready,
// client_seed}, settings, bot, start, action {code, ply}, autopilot {on}, rematch, leave, chat
// {text}, each with an id → ack | error; pushes table, state, presence, commit, reveal, chat,
// replaced, bye are rendered as they come.

import { Legal } from "./actions.js";
import { ApiError, getPresets, joinTable, recordUrl, tableUrl, verifyUrl } from "./api.js";
import {
  cardCount,
  renderDecisions,
  renderOpenHands,
  renderPile,
  renderSeats,
} from "./board.js";
import { renderHandSummary } from "./summary.js";
import {
  cardName,
  colourChoiceLabel,
  colourClassOf,
  COLOURS,
  parseCard,
  sortCodes,
  TARGET_EFFECTS,
} from "./cards.js";
import { TableSocket } from "./connection.js";
import { ask, dismissChoice, setUpChoiceDialog } from "./dialogs.js";
import { announce, byId, h, isAriaDisabled, typingIn } from "./dom.js";
import { errorWords } from "./errors.js";
import { closeWords, nobodyLabel, pageWords, targetQuestion } from "./page_words.js";
import { HandView } from "./hand.js";
import { KEYS } from "./keys.js";
import { standings, teamsOf } from "./standings.js";
import { RulesForm, rulesSummary } from "./rules_form.js";
import { keepForGame, seedFor } from "./fair/seeds.js";
import {
  forgetToken,
  loadAutoUno,
  loadName,
  loadToken,
  normaliseCode,
  saveAutoUno,
  saveName,
  saveToken,
} from "./storage.js";
import { renderWaitingControls, renderWaitingSeats } from "./waiting.js";

const INVISIBILITY = "WI"; // its holder may block an effect aimed at them (RULES.md §7.11.3)
const ACTION_TIMEOUT_MS = 8000; // an action never answered frees the controls after this
const STORY_LIMIT = 500; // lines kept in the story log
const CHAT_LIMIT = 200;
const DEADLINE_WARNING_S = 10;
// A page opened at one of these names makes an invite link no one else can follow.
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const app = {
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

// -- small functions ----------------------------------------------------------------------------

let alertTimer = null;

/** Say something that concerns the reader. It belongs to the moment it was said: it leaves
 * the screen with the next move of the game or a new connection (clearAlert), and after a
 * while in any case, so an old "You are skipped." never stands beside a newer turn (the story
 * keeps every line). */
function say(text) {
  announce(byId("alert"), text);
  clearTimeout(alertTimer);
  if (text) alertTimer = setTimeout(clearAlert, ALERT_SECONDS * 1000);
}

function clearAlert() {
  clearTimeout(alertTimer);
  announce(byId("alert"), "");
}

const ALERT_SECONDS = 8;

function setPrompt(text) {
  if (text === app.lastPrompt) return;
  app.lastPrompt = text;
  announce(byId("status"), text);
}

function setConnection(text, state) {
  const element = byId("connection");
  element.textContent = text;
  element.dataset.state = state;
}

function seatName(names, seat) {
  return (names && names[seat]) || pageWords("seat_number", { seat: seat + 1 });
}

/** The reader's seat in the game (the engine's numbering), or null for a spectator. */
function gameSeat() {
  const state = app.state;
  if (!state) return null;
  if (typeof state.seat === "number") return state.seat;
  return state.view && typeof state.view.seat === "number" ? state.view.seat : null;
}

/** The table seat of each game seat. */
function tableSeatsOfGame() {
  const state = app.state;
  if (state && Array.isArray(state.seats)) return state.seats;
  return state ? state.view.hand_sizes.map((_, k) => k) : [];
}

/** Whether the reader hosts the table: the latest `table` push says (the host role moves when
 * its holder stands), the `welcome` until one arrives. */
function isHost() {
  const seat = app.you.seat;
  if (seat === null) return false;
  return app.table ? app.table.host === seat : Boolean(app.you.host);
}

// -- the story ----------------------------------------------------------------------------------

/** One line of the story as the server told it (lastcard.words): a hand's or the game's
 * heading, a detail (indented: a hand's cards), or an ordinary line. */
function storyLine(line) {
  const text = String(line).trim();
  if (!text) return null;
  const heading = /^Hand \d+$/.test(text) || /^Game over: /.test(text);
  const indented = /^\s/.test(line);
  return { text, className: heading ? "story-heading" : indented ? "story-detail" : "" };
}

function addStory(lines) {
  const story = byId("story");
  const atBottom = story.scrollHeight - story.scrollTop - story.clientHeight < 40;
  for (const raw of lines) {
    const line = storyLine(raw);
    if (!line) continue;
    const hand = /^Hand (\d+)$/.exec(line.text);
    story.append(
      h(
        "p",
        { className: line.className || null, dataset: hand ? { hand: hand[1] } : null },
        line.text,
      ),
    );
  }
  while (story.childElementCount > STORY_LIMIT) story.firstElementChild.remove();
  if (atBottom) story.scrollTop = story.scrollHeight;
}

// -- the connection -----------------------------------------------------------------------------

function connect(token) {
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

/** Another tab took this page's seat: say so, and let no later move clear it. */
function seatTakenElsewhere() {
  app.replaced = true;
  say(pageWords("seat_elsewhere"));
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

function onMessage(message) {
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

/**
 * A server that cannot tell what this page missed (it restarted) sends the whole current hand
 * again: the story of that hand is told afresh rather than twice. True when it did.
 */
function forgetRetoldHand(lines) {
  const numbers = lines.map((line) => /^Hand (\d+)$/.exec(String(line).trim())).filter(Boolean);
  if (!numbers.length) return false;
  const story = byId("story");
  const heading = story.querySelector(`[data-hand="${numbers[0][1]}"]`);
  if (!heading) return false;
  while (heading.nextSibling) heading.nextSibling.remove();
  heading.remove();
  return true;
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

function dismissStaleChoice() {
  const card = app.choosingCard;
  const blocking = card === INVISIBILITY && app.legal.blocks.length > 0;
  if (card && !app.legal.canPlay(card) && !blocking) dismissChoice();
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

function addChat(message) {
  const chat = byId("chat");
  const who =
    message.name ||
    (message.seat === null
      ? pageWords("chat_spectator")
      : pageWords("seat_number", { seat: message.seat + 1 }));
  const said = String(message.text ?? "");
  chat.append(h("p", {}, h("strong", {}, pageWords("chat_line", { who })), said));
  while (chat.childElementCount > CHAT_LIMIT) chat.firstElementChild.remove();
  chat.scrollTop = chat.scrollHeight;
}

// -- sending ------------------------------------------------------------------------------------

function request(type, fields = {}) {
  if (!app.socket) return null;
  const id = app.socket.request(type, fields);
  if (id === null) {
    say(pageWords("wait_for_connection"));
    return null;
  }
  app.requests.set(id, type);
  return id;
}

function clearPending() {
  if (!app.pending) return;
  window.clearTimeout(app.pending.timer);
  app.pending = null;
}

/** Send one of the legal codes, chosen at the current ply. */
function act(code) {
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

/** The colour a wild most likely wants: the one the hand holds most of. */
function likelyColour(hand, offered) {
  const counts = new Map(offered.map((c) => [c, 0]));
  for (const code of hand ?? []) {
    const card = parseCard(code);
    if (card && card.colour && counts.has(card.colour))
      counts.set(card.colour, counts.get(card.colour) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? offered[0];
}

/** The colours a wild may name, as a radio group; the hand's most held colour first checked. */
function colourGroup(colours) {
  const ordered = COLOURS.filter((c) => colours.includes(c));
  return {
    name: "colour",
    legend: pageWords("choose_colour"),
    options: ordered.map((c) => ({
      value: c,
      label: colourChoiceLabel(c),
      testid: `wild-${c.toLowerCase()}`,
      className: colourClassOf(c),
    })),
    initial: likelyColour(app.state?.view.hand, ordered),
  };
}

/** A seat as a choice names its player and their cards: "Ben (5 cards)". */
function seatChoice(seat) {
  const count = app.state.view.hand_sizes[seat];
  const name = seatName(app.state.names, seat);
  return pageWords("seat_choice", { name, cards: cardCount(count) });
}

/**
 * The seat a Seven-O 7 swaps with, or a Howler, Friendship or Travel names (RULES.md §7.2.1,
 * §7.11): a radio group, with "nobody" when the play may also name no one (a Pirate 7, or
 * such a wild as a last card).
 */
function targetGroup(card, targets, untargeted) {
  // A Wild Customizable does what the rules' custom_wild_effect says; a 7 swaps hands.
  const custom = card === "WC" ? app.state.view.rules?.custom_wild_effect : null;
  const effect = TARGET_EFFECTS[card] ?? custom ?? "swap_hands";
  const options = targets.map((t) => ({
    value: String(t),
    label: seatChoice(t),
    testid: `target-${t}`,
  }));
  if (untargeted) {
    const seven = parseCard(card)?.kind === "number";
    options.push({ value: "none", label: nobodyLabel(seven), testid: "target-none" });
  }
  return { name: "target", legend: targetQuestion(effect), options };
}

/**
 * A Joker's two questions (RULES.md §7.11.6): who draws, 1 to 3 other players as checkboxes
 * (the one holding fewest cards checked first; not asked when one player is all there is),
 * and how many cards each, 1 to 3.
 */
function jokerGroups(card) {
  const { seats, most, counts } = app.legal.jokerChoices(card);
  const sizes = app.state.view.hand_sizes;
  const fewest = [...seats].sort((a, b) => sizes[a] - sizes[b] || a - b)[0];
  const upTo = most === 1 ? pageWords("players_one") : pageWords("players_up_to", { most });
  const only = seats.length === 1 ? seatName(app.state.names, seats[0]) : null;
  const count = {
    name: "count",
    legend: only ? pageWords("joker_count_of", { name: only }) : pageWords("joker_count"),
    options: counts.map((k) => ({
      value: String(k),
      label: cardCount(k),
      testid: `joker-count-${k}`,
    })),
  };
  if (seats.length === 1) return [count];
  const who = {
    name: "seats",
    kind: "checkbox",
    legend: pageWords("joker_who", { up_to: upTo }),
    options: seats.map((t) => ({
      value: String(t),
      label: seatChoice(t),
      testid: `joker-seat-${t}`,
    })),
    initial: [String(fewest)],
  };
  return [who, count];
}

/** A Joker's seats: those checked, or the only one on offer (not asked). */
function jokerSeats(card, answers) {
  if (answers.seats) return answers.seats.map(Number);
  return app.legal.jokerChoices(card).seats;
}

/** Why a Joker's answers cannot be played (null: they can), from the offered codes only. */
function jokerProblem(card, answers) {
  const { most } = app.legal.jokerChoices(card);
  const chosen = jokerSeats(card, answers).length;
  if (chosen === 0) return pageWords("joker_none");
  if (chosen > most) return pageWords(most === 1 ? "joker_at_most_one" : "joker_at_most", { most });
  const code = app.legal.playCode(card, {
    colour: answers.colour ?? app.legal.choicesFor(card).colours[0] ?? null,
    targets: jokerSeats(card, answers),
    count: Number(answers.count),
  });
  return code === null ? pageWords("choice_gone") : null;
}

/**
 * Play `card`: ask, in one dialog, what the legal list wants chosen: a wild's colour, a
 * Seven-O 7's or a theme wild's seat, a Joker's seats and count. Only offered codes are sent.
 */
async function playCard(card, { uno = false, index = null } = {}) {
  if (app.pending || !app.legal.canPlay(card)) return;
  const { colours, targets, untargeted, joker } = app.legal.choicesFor(card);
  const groups = [];
  if (colours.length > 1) groups.push(colourGroup(colours));
  if (joker) groups.push(...jokerGroups(card));
  else if (targets.length > 1 || (targets.length === 1 && untargeted)) {
    groups.push(targetGroup(card, targets, untargeted));
  }
  let answers = {};
  if (groups.length) {
    app.choosingCard = card;
    try {
      const check = joker ? (chosen) => jokerProblem(card, chosen) : () => null;
      answers = await ask({
        title: pageWords("play_card", { card: cardName(card) }),
        groups,
        check,
      });
    } finally {
      app.choosingCard = null;
    }
    if (answers === null) return;
  }
  const colour = answers.colour ?? (colours.length === 1 ? colours[0] : null);
  let target = targets.length === 1 && !untargeted ? targets[0] : null;
  if (answers.target !== undefined) {
    target = answers.target === "none" ? null : Number(answers.target);
  }
  const choices = joker
    ? { colour, targets: jokerSeats(card, answers), count: Number(answers.count) }
    : { colour, target };
  const code = app.legal.playCode(card, { ...choices, uno: uno || app.autoUno });
  if (code === null) {
    say(pageWords("no_longer_played", { card: cardName(card) }));
    return;
  }
  if (index !== null) app.hand.played(index);
  if (!act(code)) app.hand.playFailed();
}

/** Discard `card` in a discard round (RULES.md §7.11.4): beneath the top card, no colour
 * named, with the Uno call when it leaves one card (as a play does, SERVER.md §5). */
function discardCard(card, { uno = false, index = null } = {}) {
  if (app.pending) return;
  const code = app.legal.discardCode(card, { uno: uno || app.autoUno });
  if (code === null) {
    say(pageWords("no_longer_discarded", { card: cardName(card) }));
    return;
  }
  if (index !== null) app.hand.played(index);
  if (!act(code)) app.hand.playFailed();
}

/** Give `card` after a Mambo (RULES.md §7.11.7), to the seat whose gift is due. */
function giveCard(card, { index = null } = {}) {
  if (app.pending) return;
  const code = app.legal.giveCode(card);
  if (code === null) {
    say(pageWords("no_longer_given", { card: cardName(card) }));
    return;
  }
  if (index !== null) app.hand.played(index);
  if (!act(code)) app.hand.playFailed();
}

/**
 * Block the effect aimed at the reader with the Invisibility card (RULES.md §7.11.3): it goes
 * on the pile naming a colour, asked as a wild's is; Uno is called with it when it leaves one.
 */
async function blockEffect({ uno = false, index = null } = {}) {
  if (app.pending || !app.legal.blocks.length) return;
  const colours = app.legal.blockColours();
  let colour = colours[0];
  if (colours.length > 1) {
    app.choosingCard = INVISIBILITY;
    let answers;
    try {
      answers = await ask({ title: pageWords("block"), groups: [colourGroup(colours)] });
    } finally {
      app.choosingCard = null;
    }
    if (answers === null) return;
    colour = answers.colour;
  }
  const code = app.legal.blockCode(colour, { uno: uno || app.autoUno });
  if (code === null) {
    say(pageWords("no_longer_blocked"));
    return;
  }
  const at = index ?? sortedHand().indexOf(INVISIBILITY);
  if (at >= 0) app.hand.played(at);
  if (!act(code)) app.hand.playFailed();
}

function stack() {
  const cards = app.legal.playableCards();
  if (cards.length === 1) {
    const index = sortedHand().indexOf(cards[0]);
    playCard(cards[0], { index: index >= 0 ? index : null });
  } else {
    app.hand.focus();
  }
}

function sortedHand() {
  const view = app.state ? app.state.view : null;
  return view && view.hand ? sortCodes(view.hand) : [];
}

// -- rendering ----------------------------------------------------------------------------------

function showJoin(show, message = "") {
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

function renderWaiting() {
  const table = app.table;
  const host = isHost();
  const link = new URL(tableUrl(app.code), window.location.href).href;
  const invite = byId("invite-link");
  invite.href = link;
  invite.textContent = link;
  byId("invite-hint").hidden = !LOOPBACK_HOSTS.has(window.location.hostname);
  byId("rules-summary").textContent = settingsSummary(table.settings);
  byId("next-commitment").textContent = table.next_commitment
    ? pageWords("next_deal_sealed", { commitment: table.next_commitment.slice(0, 12) })
    : "";
  renderWaitingSeats(
    byId("waiting-seats"),
    { table, youSeat: app.you.seat, host, levels: app.levels },
    {
      sit: (seat) => request("sit", { seat }),
      bot: (seat, level) => request("bot", { seat, level }),
      kick: (seat) => request("kick", { seat }),
    },
  );
  const busy = [...app.requests.values()].some((type) =>
    ["ready", "stand", "start"].includes(type),
  );
  renderWaitingControls(
    {
      ready: byId("ready"),
      stand: byId("stand"),
      start: byId("start"),
      hostBox: byId("host-settings"),
      hint: byId("waiting-hint"),
    },
    { table, youSeat: app.you.seat, host, busy },
  );
  if (host) fillHostSettings(table.settings);
}

function settingsSummary(settings) {
  if (!settings) return "";
  const rules = rulesSummary(settings.rules, app.presets);
  const target = !settings.target
    ? ""
    : settings.target === 1
      ? pageWords("rules_target_one")
      : pageWords("rules_target", { target: settings.target });
  const timer = settings.turn_seconds
    ? pageWords("rules_timer", { seconds: settings.turn_seconds })
    : pageWords("rules_no_timer");
  const watch = pageWords(settings.spectators ? "rules_spectators" : "rules_no_spectators");
  return pageWords("rules_summary", { rules, target, timer, watch });
}

function fillHostSettings(settings) {
  if (!app.settingsForm || !settings) return;
  const key = JSON.stringify(settings);
  if (key === app.settingsShown) return; // keep what the host is editing
  app.settingsShown = key;
  app.settingsForm.set(settings.rules);
  byId("settings-target").value = settings.target ?? "";
  byId("settings-timer").value = String(settings.turn_seconds ?? 0);
  byId("settings-spectators").checked = Boolean(settings.spectators);
}

function renderGame() {
  const state = app.state;
  const view = state.view;
  const you = gameSeat();
  const names = state.names.map((name, k) => name || pageWords("seat_number", { seat: k + 1 }));
  const busy = app.pending !== null || app.closed || !(app.socket && app.socket.isOpen);
  renderSeats(byId("seats"), {
    view,
    names,
    seatOf: tableSeatsOfGame(),
    tableSeats: app.table ? app.table.seats : null,
    you,
  });
  renderOpenHands(byId("open-hands"), byId("open-hands-list"), { view, names, you });
  renderPile(
    {
      discard: byId("discard"),
      colour: byId("colour"),
      direction: byId("direction"),
      stock: byId("stock"),
      hand: byId("hand-number"),
      pending: byId("pending"),
      window: byId("pirate-window"),
    },
    view,
  );
  const lost = renderDecisions(
    byId("decisions"),
    { legal: app.legal, view, names, you, busy },
    {
      act,
      playCard: (card) => {
        const index = sortedHand().indexOf(card);
        playCard(card, { index: index >= 0 ? index : null });
      },
      stack,
      block: () => blockEffect(),
      jumpIn: (card) => {
        const index = sortedHand().indexOf(card);
        playCard(card, { index: index >= 0 ? index : null });
      },
    },
  );
  const handElement = byId("hand");
  handElement.hidden = you === null;
  // A discard round asking the reader: the hand's cards are the discards on offer; after a
  // Mambo (RULES.md §7.11.7), the gifts.
  const discarding = app.legal.discards.size > 0;
  const giving = app.legal.gifts.size > 0;
  handElement.classList.toggle("hand-discarding", discarding || giving);
  if (you !== null) {
    const cards = sortedHand();
    const choosable = (code) =>
      app.legal.canPlay(code) ||
      app.legal.canDiscard(code) ||
      app.legal.giveCode(code) !== null ||
      (code === INVISIBILITY && app.legal.blocks.length > 0);
    const playable = new Set(cards.filter(choosable));
    const count = cards.filter((code) => playable.has(code)).length;
    const held = cardCount(cards.length);
    // Pirate (RULES.md §7.6.3): every card is offered on one's turn; the cheats are marked.
    const cheats = new Set(app.state.cheats ?? []); // the server's: card matching is core's
    let label = pageWords("hand_playable", { held, count });
    if (discarding) label = pageWords("hand_discard", { held });
    else if (giving) label = pageWords("hand_give", { held });
    else if (view.phase === "await_lead") label = pageWords("hand_lead", { held });
    else if (cheats.size) {
      const cheating = cards.filter((code) => cheats.has(code)).length;
      const matching = count - cheating;
      label = pageWords("hand_cheats", { held, matching, cheating });
    }
    app.hand.render({
      cards,
      playable,
      drawn: view.drawn,
      busy,
      label,
      cheats,
      cheatWhy: pageWords(view.phase === "after_draw" ? "cheat_not_drawn" : "cheat_no_match"),
    });
  }
  if (lost) {
    // The button that had the focus is gone (its decision was taken): go to the next one.
    const next = byId("decisions").querySelector("button:not([aria-disabled=true])");
    if (next) next.focus();
    else if (you !== null) app.hand.focus({ playable: true });
  }
  const place = app.you.seat !== null && app.table ? app.table.seats[app.you.seat] : null;
  const autopilot = byId("autopilot");
  autopilot.hidden = !place || place.kind !== "human" || app.table.status !== "playing";
  if (place) {
    autopilot.setAttribute("aria-pressed", place.autopilot ? "true" : "false");
    autopilot.textContent = pageWords(place.autopilot ? "autopilot_on" : "autopilot_off");
  }
  byId("auto-uno").closest(".field-check").hidden = you === null;
  byId("leave").hidden = app.you.seat === null;
  const commit = app.commit;
  byId("fairness").textContent = commit
    ? pageWords("fair_deal", { commitment: String(commit.commitment).slice(0, 12) })
    : "";
  renderDeadline();
  renderHandSummary(byId("hand-summary"), app.handSummary, { names, you });
  bringTurnIntoView(you);
  setPrompt(app.state.prompt ?? ""); // the server's words (lastcard.words.prompts)
}

/** When the turn comes to the reader, a hand below the screen (a phone, a table of ten) is
 * brought into view, once a turn: a reader scrolled away to read is not pulled back again. */
function bringTurnIntoView(you) {
  const state = app.state;
  const mine = you !== null && state.view.to_act === you && !app.legal.empty;
  if (!mine || app.turnShown === state.ply) return;
  app.turnShown = state.ply;
  const hand = byId("hand");
  const box = hand.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) hand.scrollIntoView({ block: "nearest" });
}

function renderDeadline() {
  const element = byId("deadline");
  window.clearTimeout(app.deadlineTimer);
  const state = app.state;
  const deadline = state && typeof state.deadline === "number" ? state.deadline : null;
  if (deadline === null || (app.table && app.table.status !== "playing")) {
    element.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil((deadline - (Date.now() + app.clockOffset)) / 1000));
  element.hidden = false;
  const you = gameSeat();
  const mine = you !== null && state.view.to_act === you;
  element.textContent = mine
    ? pageWords("deadline_you", { seconds: left })
    : pageWords("deadline_other", {
        name: seatName(state.names, state.view.to_act),
        seconds: left,
      });
  element.classList.toggle("deadline-near", left <= DEADLINE_WARNING_S);
  if (mine && left <= DEADLINE_WARNING_S && left > 0 && app.warnedDeadline !== deadline) {
    app.warnedDeadline = deadline;
    say(pageWords("deadline_near", { seconds: left }));
  }
  if (left > 0) app.deadlineTimer = window.setTimeout(renderDeadline, 250);
}

/** A player's line of the final scores: "Ana (you): 512 points, winner". */
function finalScore(name, score, won) {
  const line = pageWords("final_score", { name, score });
  return won ? pageWords("final_winner", { line }) : line;
}

function renderOver() {
  const state = app.state;
  const view = state.view;
  const names = state.names.map((name, k) => name || pageWords("seat_number", { seat: k + 1 }));
  const gameId = state.game ?? (app.table ? app.table.game : null);
  const winners = view.winners ?? [];
  byId("winners").textContent = winners.length
    ? pageWords(winners.length > 1 ? "winners" : "winner", {
        names: winners
          .map((seat) => names[seat])
          .reduce((first, last) => pageWords("names_and", { names: first, last })),
      })
    : pageWords("no_winner");
  const order = standings(view.scores, winners, view.rules, view.history ?? []);
  const list = byId("final-scores");
  const items = order.map((seat) =>
    h(
      "li",
      { dataset: { testid: `final-${seat}` } },
      finalScore(
        seat === gameSeat() ? pageWords("seat_name_you", { name: names[seat] }) : names[seat],
        view.scores[seat],
        winners.includes(seat),
      ),
    ),
  );
  for (const team of teamsOf(view.rules, view.players) ?? []) {
    const sum = team.reduce((acc, seat) => acc + view.scores[seat], 0);
    items.push(
      h(
        "li",
        { className: "team" },
        pageWords("team_score", {
          names: team.map((seat) => names[seat]).join(pageWords("team_joiner")),
          score: sum,
        }),
      ),
    );
  }
  list.replaceChildren(...items);
  const record = byId("record-link");
  const verify = byId("verify-link");
  if (gameId) {
    record.href = recordUrl(gameId);
    record.setAttribute("download", `lastcard-${gameId}.json`);
    verify.href = verifyUrl(gameId);
  }
  record.hidden = !gameId;
  verify.hidden = !gameId;
  byId("rematch").hidden = app.you.seat === null || (app.table && app.table.status !== "over");
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

async function submitJoin(event) {
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

function submitSettings(event) {
  event.preventDefault();
  const target = byId("settings-target").value.trim();
  const fields = {
    rules: app.settingsForm ? app.settingsForm.value() : "official",
    target: target === "" ? null : Number(target),
    turn_seconds: Number(byId("settings-timer").value),
    spectators: byId("settings-spectators").checked,
  };
  app.settingsShown = null;
  request("settings", fields);
}

function submitChat(event) {
  event.preventDefault();
  const input = byId("chat-input");
  const text = input.value.trim().slice(0, 300);
  if (!text) return;
  if (request("chat", { text }) !== null) input.value = "";
}

async function loadPresets() {
  try {
    app.presets = await getPresets();
    if (Array.isArray(app.presets.levels) && app.presets.levels.length)
      app.levels = app.presets.levels;
    app.settingsForm = new RulesForm(
      byId("settings-preset"),
      byId("settings-options"),
      app.presets,
      "settings",
    );
    app.settingsShown = null;
    render();
  } catch {
    // Without presets the host keeps the rules as they are; everything else works.
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
