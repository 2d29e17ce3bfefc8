// The status line: whose turn it is and what the reader may or must decide now, in words, with
// the keys that do it (a port of tui/decision.py). Built from the view and the legal list only.

import { cardName } from "./cards.js";

/** The page's keyboard shortcuts (aria-keyshortcuts carries the same letters). Declining a
 * discard round shares D with draw: no decision offers both. */
export const KEYS = {
  draw: "D",
  decline: "D",
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

function ownDecision(view, legal, names) {
  if (view.phase === "await_discard") return discardDecision(legal);
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
      return `${text}.`;
    }
    case "await_stack_response": {
      const coming = `+${view.pending_draw} is coming to you`;
      const accept = `accept (${KEYS.accept}) and draw ${view.pending_draw}`;
      return plays
        ? `${coming}: stack a draw card (${KEYS.stack}) or ${accept}.`
        : `${coming}: ${accept}.`;
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

/** The prompt for the reader at seat `you` (null: a spectator). */
export function promptText(view, legal, names, you) {
  if (view.phase === "game_over") return "The game is over.";
  let text = "";
  if (you !== null && view.exposed === you && legal.words.has("uno")) {
    text += `You have one card and did not call Uno: press ${KEYS.uno} now! `;
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
