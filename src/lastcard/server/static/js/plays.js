// Playing a card: what the legal codes want chosen with it (a wild's colour, the seat a Seven-O
// 7 or a theme wild names, a Joker's seats and count) is asked in one dialog (dialogs.js), then
// the one offered code that says it is sent. A discard in a discard round, a gift after a Mambo
// and a block with the Invisibility card are sent the same way, from the hand or a decision.

import { app, say, seatName } from "./app.js";
import { cardCount } from "./board.js";
import {
  cardName,
  colorChoiceLabel,
  colorClassOf,
  COLORS,
  parseCard,
  sortCodes,
  TARGET_EFFECTS,
} from "./cards.js";
import { ask, dismissChoice } from "./dialogs.js";
import { nobodyLabel, pageWords, targetQuestion } from "./page_words.js";
import { act } from "./send.js";

export const INVISIBILITY = "WI"; // its holder may block an effect aimed at them (RULES.md §7.11.3)

/** The colour a wild most likely wants: the one the hand holds most of. */
function likelyColor(hand, offered) {
  const counts = new Map(offered.map((c) => [c, 0]));
  for (const code of hand ?? []) {
    const card = parseCard(code);
    if (card && card.color && counts.has(card.color))
      counts.set(card.color, counts.get(card.color) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? offered[0];
}

/** The colours a wild may name, as a radio group; the hand's most held colour first checked. */
function colorGroup(colors) {
  const ordered = COLORS.filter((c) => colors.includes(c));
  return {
    name: "color",
    legend: pageWords("choose_colour"),
    options: ordered.map((c) => ({
      value: c,
      label: colorChoiceLabel(c),
      testid: `wild-${c.toLowerCase()}`,
      className: colorClassOf(c),
    })),
    initial: likelyColor(app.state?.view.hand, ordered),
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
    color: answers.color ?? app.legal.choicesFor(card).colors[0] ?? null,
    targets: jokerSeats(card, answers),
    count: Number(answers.count),
  });
  return code === null ? pageWords("choice_gone") : null;
}

/**
 * Play `card`: ask, in one dialog, what the legal list wants chosen: a wild's colour, a
 * Seven-O 7's or a theme wild's seat, a Joker's seats and count. Only offered codes are sent.
 */
export async function playCard(card, { uno = false, index = null } = {}) {
  if (app.pending || !app.legal.canPlay(card)) return;
  const { colors, targets, untargeted, joker } = app.legal.choicesFor(card);
  const groups = [];
  if (colors.length > 1) groups.push(colorGroup(colors));
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
  const color = answers.color ?? (colors.length === 1 ? colors[0] : null);
  let target = targets.length === 1 && !untargeted ? targets[0] : null;
  if (answers.target !== undefined) {
    target = answers.target === "none" ? null : Number(answers.target);
  }
  const choices = joker
    ? { color, targets: jokerSeats(card, answers), count: Number(answers.count) }
    : { color, target };
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
export function discardCard(card, { uno = false, index = null } = {}) {
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
export function giveCard(card, { index = null } = {}) {
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
export async function blockEffect({ uno = false, index = null } = {}) {
  if (app.pending || !app.legal.blocks.length) return;
  const colors = app.legal.blockColors();
  let color = colors[0];
  if (colors.length > 1) {
    app.choosingCard = INVISIBILITY;
    let answers;
    try {
      answers = await ask({ title: pageWords("block"), groups: [colorGroup(colors)] });
    } finally {
      app.choosingCard = null;
    }
    if (answers === null) return;
    color = answers.color;
  }
  const code = app.legal.blockCode(color, { uno: uno || app.autoUno });
  if (code === null) {
    say(pageWords("no_longer_blocked"));
    return;
  }
  const at = index ?? sortedHand().indexOf(INVISIBILITY);
  if (at >= 0) app.hand.played(at);
  if (!act(code)) app.hand.playFailed();
}

/** The stack decision: the one card that stacks is played; with more than one, the keyboard
 * goes into the hand to choose. */
export function stack() {
  const cards = app.legal.playableCards();
  if (cards.length === 1) {
    const index = sortedHand().indexOf(cards[0]);
    playCard(cards[0], { index: index >= 0 ? index : null });
  } else {
    app.hand.focus();
  }
}

/** The reader's cards in the order the hand shows them (none for a spectator). */
export function sortedHand() {
  const view = app.state ? app.state.view : null;
  return view && view.hand ? sortCodes(view.hand) : [];
}

/** After a move, the question about a card is put away when that card can no longer be
 * played (or the Invisibility no longer block). */
export function dismissStaleChoice() {
  const card = app.choosingCard;
  const blocking = card === INVISIBILITY && app.legal.blocks.length > 0;
  if (card && !app.legal.canPlay(card) && !blocking) dismissChoice();
}
