// The status line: whose turn it is and what the reader may or must decide now, in words, with
// the keys that do it (a port of tui/decision.py). Built from the view and the legal list only.

import { cardName } from "./cards.js";
import {
  askedWords,
  isPirate,
  othersWords,
  PIRATE_KEYS,
  waitingWords,
  wouldCheat,
} from "./pirate.js";

/** The page's keyboard shortcuts (aria-keyshortcuts carries the same letters). Declining a
 * discard round shares D with draw, calling a Pirate cheat C with catch, and allowing an
 * effect aimed at an Invisibility's holder A with accept: no decision offers both (a play
 * closes the catch window before its Pirate window opens; a pending draw is blocked beside
 * accept, never allowed). */
export const KEYS = {
  block: "B",
  allow: "A",
  draw: "D",
  decline: "D",
  letStand: PIRATE_KEYS.letStand,
  callCheat: PIRATE_KEYS.callCheat,
  playDrawn: "P",
  keep: "K",
  accept: "A",
  challenge: "X",
  catch: "C",
  uno: "U",
  next: "N",
  stack: "S",
  jumpIn: "J",
  hand: "H",
};

function waitingFor(view) {
  switch (view.phase) {
    case "await_wd4_response":
      return " decides: challenge the Wild Draw Four or accept.";
    case "await_stack_response":
      return ` must stack or draw ${view.pending_draw}.`;
    case "await_first_color":
      return " names the colour of the first discard.";
    case "await_discard":
      return " is asked to discard one card beneath the top card, or to decline.";
    case "await_gift":
      return " gives a card to each other player in turn (Mambo).";
    case "await_lead":
      return " leads a card of their choice (Mambo).";
    case "await_block":
      return " decides whether to block with Invisibility.";
    default:
      return " to play.";
  }
}

function playableCount(view, legal) {
  return (view.hand ?? []).filter((code) => legal.canPlay(code)).length;
}

/** The reader's own question in a discard round (RULES.md §7.11.4), as the terminal asks it. */
function discardDecision(legal) {
  if (legal.discards.size === 0) {
    // The engine passes a seat holding one card by: only a safeguard.
    return `Discard round: your last card stays with you: decline (${KEYS.decline}).`;
  }
  const text = `Discard round: discard one card beneath the top card, or decline (${KEYS.decline}).`;
  const leavesOne = [...legal.discards.values()].some((options) => options.some((d) => d.uno));
  return leavesOne ? `${text} A discard leaves you one card.` : text;
}

/** The reader's own turn under Pirate rules (RULES.md §7.6.3): every card is on offer, and
 * the ones that do not match are cheats. */
function pirateTurn(view, legal) {
  if (view.phase === "after_draw" && view.drawn) {
    return (
      `You drew ${cardName(view.drawn)}: play it (${KEYS.playDrawn}) or keep it ` +
      `(${KEYS.keep}). Any other card is a cheat, which stands unless someone calls it.`
    );
  }
  const playable = (view.hand ?? []).filter((code) => legal.canPlay(code));
  const count = playable.filter((code) => !wouldCheat(view, code)).length;
  const draw = legal.words.has("draw") ? ` Draw a card (${KEYS.draw}),` : "";
  if (count === 0) {
    return draw
      ? `Your turn: nothing matches.${draw} or play a cheat: it stands unless someone calls it.`
      : "Your turn: nothing matches. Play a cheat: it stands unless someone calls it.";
  }
  const cards = count === 1 ? "1 matching card" : `${count} matching cards`;
  const cheats = playable.length > count ? "; any other card is a cheat" : "";
  return legal.words.has("draw")
    ? `Your turn: ${cards}${cheats}. Play one or draw (${KEYS.draw}).`
    : `Your turn: ${cards}${cheats}.`;
}

/** The reader's Mambo (RULES.md §7.11.7): a card to each other player, then a lead. */
function mamboDecision(view, names) {
  if (view.phase === "await_gift") {
    const to = typeof view.gift_to === "number" ? names[view.gift_to] : null;
    return to
      ? `Mambo: choose a card to give to ${to}.`
      : "Mambo: choose a card to give; one goes to each other player in turn.";
  }
  return "Mambo: lead any card of your hand; it need not match.";
}

// What an effect aimed at an Invisibility's holder would do (the view's `blocking`).
const BLOCKABLE = {
  next_draws: "you would draw and lose your turn",
  skip: "you would lose your turn",
  draws: "you would draw",
  swap: "your hand would be swapped",
  reveal: "your hand would be shown to everyone",
  view: "your hand would be shown to the player",
};

/** The reader holds the Invisibility card and an effect is aimed at them (RULES.md §7.11.3). */
function blockDecision(view, legal, names) {
  const top = view.discard[view.discard.length - 1];
  const who = typeof view.top_player === "number" ? names[view.top_player] : "Someone";
  const whose = top ? `${who}'s ${cardName(top)}` : "An effect";
  const what = BLOCKABLE[view.blocking] ? ` (${BLOCKABLE[view.blocking]})` : "";
  return (
    `${whose} is aimed at you${what}: block it with your Invisibility (${KEYS.block}) ` +
    `or allow it (${KEYS.allow}).`
  );
}

function ownDecision(view, legal, names) {
  if (view.phase === "await_discard") return discardDecision(legal);
  if (view.phase === "await_block") return blockDecision(view, legal, names);
  if (view.phase === "await_gift" || view.phase === "await_lead") return mamboDecision(view, names);
  if (isPirate(view) && ["await_turn", "after_draw"].includes(view.phase)) {
    return pirateTurn(view, legal);
  }
  const plays = legal.plays.size > 0;
  const count = playableCount(view, legal);
  const cards = count === 1 ? "1 playable card" : `${count} playable cards`;
  switch (view.phase) {
    case "await_first_color":
      return "The first discard is a Wild: name its colour.";
    case "await_wd4_response": {
      const who = view.top_player !== null ? names[view.top_player] : "Someone";
      const accept = `accept (${KEYS.accept}) and draw ${view.pending_draw}`;
      let text = `${who} played a Wild Draw Four on you: challenge (${KEYS.challenge}) or ${accept}`;
      if (plays) text += `, or stack a draw card (${KEYS.stack})`;
      if (legal.blocks.length) text += `, or block it with your Invisibility (${KEYS.block})`;
      return `${text}.`;
    }
    case "await_stack_response": {
      const coming = `+${view.pending_draw} is coming to you`;
      const accept = `accept (${KEYS.accept}) and draw ${view.pending_draw}`;
      const block = legal.blocks.length
        ? `, or block it with your Invisibility (${KEYS.block})`
        : "";
      return plays
        ? `${coming}: stack a draw card (${KEYS.stack}) or ${accept}${block}.`
        : `${coming}: ${accept}${block}.`;
    }
    case "after_draw":
      if (view.drawn) {
        return plays
          ? `You drew ${cardName(view.drawn)}: play it (${KEYS.playDrawn}) or keep it (${KEYS.keep}).`
          : `You drew ${cardName(view.drawn)}: it cannot be played; keep it (${KEYS.keep}).`;
      }
      break;
    default:
      break;
  }
  if (plays) {
    return legal.words.has("draw")
      ? `Your turn: ${cards}. Play one or draw (${KEYS.draw}).`
      : `Your turn: ${cards}.`;
  }
  if (legal.words.has("draw")) return `Your turn: nothing matches. Draw a card (${KEYS.draw}).`;
  return "Your turn.";
}

function offers(view, legal, names, you) {
  let text = "";
  if (legal.catches.length) {
    const target = legal.catches[0];
    text += ` ${names[target]} did not call Uno: catch (${KEYS.catch})!`;
  }
  if (view.to_act !== you && legal.plays.size) {
    const card = (view.hand ?? []).find((code) => legal.canPlay(code)) ?? legal.playableCards()[0];
    text += ` Jump in with ${cardName(card)} (${KEYS.jumpIn})!`;
  }
  return text;
}

/**
 * The prompt for the reader at seat `you` (null: a spectator). `afterDraw`: the play in an
 * open Pirate window came right after its player drew (null: not known; see pirate.js).
 */
export function promptText(view, legal, names, you, { afterDraw = null } = {}) {
  if (view.phase === "game_over") return "The game is over.";
  let text = "";
  if (you !== null && view.exposed === you && legal.words.has("uno")) {
    text += `You have one card and did not call Uno: press ${KEYS.uno} now! `;
  }
  if (view.phase === "await_pirate") {
    if (you !== null && view.to_act === you) text += askedWords(view, names, afterDraw);
    else if (you !== null && view.turn === you) text += waitingWords(view, names);
    else text += othersWords(view, names, afterDraw);
    return `${text}${you !== null ? offers(view, legal, names, you) : ""}`.trim();
  }
  if (view.phase === "hand_over") {
    return legal.words.has("next")
      ? `${text}The hand is over. Deal the next hand (${KEYS.next}).`
      : `${text}The hand is over.`;
  }
  if (you !== null && view.to_act === you) {
    return `${text}${ownDecision(view, legal, names)}${offers(view, legal, names, you)}`;
  }
  const who = view.to_act !== null && view.to_act !== undefined ? names[view.to_act] : "Nobody";
  if (view.phase === "await_discard") text += "Discard round: ";
  text += `${who}${waitingFor(view)}`;
  if (you !== null) text += offers(view, legal, names, you);
  return text.trim();
}
