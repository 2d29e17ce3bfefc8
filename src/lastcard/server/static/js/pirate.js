// Pirate Uno at the table (RULES.md §7.6): which plays are cheats, what the window asks, and
// what the reader is told about it. Built from the view and the story's events only; the
// engine decides, this only puts it in words.
//
// - A cheat (§7.6.3): on one's own turn a card that does not match the top card and colour,
//   or after a draw any card but the one drawn. Stacking answers and jump-ins are genuine.
// - The window (§7.6.4): the card lies on the pile (`discard[-1]`) on the card it had to match
//   (`discard[-2]`) with `pirate_color` the colour then; `to_act` is asked to let it stand
//   (`pass`) or call a cheat (`cheat`); `turn` is its player, the only one who knows (`cheat`).
//   Everyone can see whether it matched, except after a draw: a matching card that is not the
//   one drawn is a cheat too, and nobody else knows which card was drawn.

import { cardName, COLOUR_NAMES, parseCard } from "./cards.js";

export const PIRATE_KEYS = { letStand: "L", callCheat: "C" };

/** Whether the table plays Pirate rules. */
export function isPirate(view) {
  return Boolean(view && view.rules && view.rules.pirate);
}

/** §3.2: a wild matches anything; a coloured card the colour, or the top's number or symbol
 * (never a wild top "by number"). */
export function matchesTop(code, topCode, colour) {
  const card = parseCard(code);
  const top = parseCard(topCode);
  if (card === null) return false;
  if (card.wild || card.colour === colour) return true;
  return top !== null && !top.wild && card.kind === top.kind && card.rank === top.rank;
}

/** Whether the reader playing `code` now would be a cheat (false outside their own turn). */
export function wouldCheat(view, code) {
  if (!isPirate(view) || view.seat === null || view.seat !== view.turn) return false;
  if (view.to_act !== view.seat) return false;
  if (view.phase === "after_draw") return code !== view.drawn;
  if (view.phase !== "await_turn") return false;
  return !matchesTop(code, view.discard[view.discard.length - 1], view.color);
}

/** The cards of the reader's hand that would be cheats now, as a Set of codes. */
export function cheatsIn(view, cards) {
  return new Set(cards.filter((code) => wouldCheat(view, code)));
}

/** Why a card marked by `wouldCheat` would be a cheat now, for its accessible name. */
export function cheatReason(view) {
  return view.phase === "after_draw" ? "not the card just drawn" : "it does not match";
}

/**
 * Remembers, from the story's events in order, whether the last on-turn play came right after
 * its player drew: what the window may honestly say about a matching card.
 */
export class PlayMemory {
  constructor() {
    this.drew = null; // the seat that drew on its turn and has not yet played or kept
    this.afterDraw = null; // the last play came after its player's draw: true, false, or unknown
  }

  see(event) {
    if (!event) return;
    switch (event.type) {
      case "deal":
        this.drew = null;
        this.afterDraw = null;
        break;
      case "draw":
        if (event.reason === "turn") this.drew = event.seat;
        break;
      case "play":
        if (!event.jump_in) this.afterDraw = this.drew === event.seat;
        this.drew = null;
        break;
      case "keep":
      case "pass":
        this.drew = null;
        break;
      default:
        break;
    }
  }
}

function seatName(names, seat) {
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

/**
 * What is in the window, in words, for anyone but its player: "Ben played Red 5 on Blue 3
 * (blue to match): it does not match, a cheat." `afterDraw`: the play came right after its
 * player drew (null: not known), when a matching card may still be a cheat.
 */
export function windowWords(view, names, afterDraw) {
  const pile = view.discard;
  const played = pile[pile.length - 1];
  const beneath = pile.length > 1 ? pile[pile.length - 2] : null;
  const colour = view.pirate_color;
  const player = seatName(names, view.turn);
  const isWild = parseCard(played)?.wild;
  let text = `${player} played ${cardName(played, isWild ? view.color : null)}`;
  if (beneath) text += ` on ${cardName(beneath, null)}`;
  if (colour) text += ` (${COLOUR_NAMES[colour]} to match)`;
  if (!beneath || !colour) return `${text}.`;
  if (!matchesTop(played, beneath, colour)) return `${text}: it does not match, a cheat.`;
  if (afterDraw === true) {
    return (
      `${text}: it matches, but ${player} had just drawn: unless it is the card drawn, it is ` +
      "a cheat."
    );
  }
  if (afterDraw === false) return `${text}: it matches.`;
  return `${text}: it matches (after a draw, any card but the one drawn would still be a cheat).`;
}

/** The reader's own question when asked in a window. */
export function askedWords(view, names, afterDraw) {
  const penalty = view.rules?.pirate_false_call_penalty ?? 2;
  const cost = penalty
    ? ` A false call costs you ${penalty} ${penalty === 1 ? "card" : "cards"}; a caught cheat ` +
      "takes the card back and draws 2."
    : " A caught cheat takes the card back and draws 2.";
  return (
    `Pirate window: ${windowWords(view, names, afterDraw)} Let it stand ` +
    `(${PIRATE_KEYS.letStand}) or call cheat (${PIRATE_KEYS.callCheat})?${cost}`
  );
}

/** The player's own words while their play waits in its window. */
export function waitingWords(view, names) {
  const played = view.discard[view.discard.length - 1];
  const isWild = parseCard(played)?.wild;
  const asked = seatName(names, view.to_act);
  let text =
    `Your ${cardName(played, isWild ? view.color : null)} waits in its window: ` +
    `${asked} is asked to let it stand or call cheat.`;
  if (view.cheat === true) {
    text += " It is a cheat: if it is called, it comes back to you and you draw 2.";
  } else if (view.cheat === false) {
    text += " It is a fair play: a call would cost the caller.";
  }
  return text;
}

/** Everyone else's words: who is asked about what. */
export function othersWords(view, names, afterDraw) {
  return (
    `Pirate window: ${windowWords(view, names, afterDraw)} ` +
    `${seatName(names, view.to_act)} is asked to let it stand or call cheat.`
  );
}
