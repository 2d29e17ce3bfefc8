// The game as the table page shows it, from the latest `state`: the seats, the pile, the
// decisions on offer and the reader's hand (board.js and hand.js draw them), the autopilot
// button, the fair-deal line, the turn's deadline and the last hand's summary; when the turn
// comes to the reader, the hand is brought into view.

import { app, gameSeat, say, seatName, setPrompt, tableSeatsOfGame } from "./app.js";
import { cardCount, renderDecisions, renderOpenHands, renderPile, renderSeats } from "./board.js";
import { byId } from "./dom.js";
import { pageWords } from "./page_words.js";
import { blockEffect, INVISIBILITY, playCard, sortedHand, stack } from "./plays.js";
import { act } from "./send.js";
import { renderHandSummary } from "./summary.js";

const DEADLINE_WARNING_S = 10;

/** Draw the game from the latest `state`. */
export function renderGame() {
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
      color: byId("colour"),
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
