// Cards as the table shows and names them, readable without colour (WCAG 1.4.1).
//
// The same faces as the terminal (tui/faces.py): every colour has its letter and a shape of
// its own, R▲ red, Y● yellow, G■ green, B◆ blue, and wild-type cards are W★. Colour is never
// the only carrier of meaning: the accessible name says it in words ("Red 7", "Wild Draw Four"),
// as lastcard.words.cards names it (served in ./words.js). The theme-pack cards (RULES.md
// §7.11) have faces of a short word of at most five letters.

import { WORDS } from "./words.js";

export const COLORS = ["R", "Y", "G", "B"];

export const SHAPES = { R: "▲", Y: "●", G: "■", B: "◆" };
export const WILD_SHAPE = "★";
export const WILD_LETTER = "W";

/**
 * Colour names as the story tells them, mid-sentence ("names the colour: green"): served by the
 * server from lastcard.words.cards, like the cards' names, so the page has no copy of its own.
 */
export const COLOR_NAMES = WORDS.colors;

/** The CSS class of each colour (decoration, not words: the face and the name say the colour). */
const COLOR_CLASSES = { R: "c-red", Y: "c-yellow", G: "c-green", B: "c-blue" };

// The faces' short values (at most five characters, not words to read: the accessible name
// is the card's name). A Mambo declares no colour of its own (§7.11.7).
const WILD_KINDS = {
  W: { label: "WILD" },
  "W+4": { label: "W+4" },
  WSH: { label: "SHUF" },
  WC: { label: "CUST" },
  WD1: { label: "ALL+1" },
  WD2: { label: "ALL+2" },
  // Theme-pack wilds (RULES.md §7.11), in the engine's order.
  WH: { label: "HOWL" },
  WI: { label: "INVIS" },
  WCA: { label: "CARE" },
  WF: { label: "FRND" },
  WJ: { label: "JOKER" },
  WM: { label: "MAMBO" },
  WT: { label: "TRVL" },
};

const ACTION_KINDS = {
  S: { label: "SKIP", order: 1 },
  R: { label: "REV", order: 2 },
  "+2": { label: "+2", order: 3 },
  "+3": { label: "+3", order: 4 }, // theme pack (§7.11.1)
};

const WILD_ORDER = [
  ...["W", "W+4", "WSH", "WC", "WD1", "WD2"],
  ...["WH", "WI", "WCA", "WF", "WJ", "WM", "WT"],
];

/**
 * The theme wilds that name another player (RULES.md §7.11), by what the naming does: core's
 * EffectKind values, the words of a Wild Customizable's `custom_wild_effect` option too.
 */
export const TARGET_EFFECTS = { WH: "reveal", WF: "swap_hands", WT: "view_hand" };

/** The Joker (RULES.md §7.11.6): 1 to 3 other players each draw the same 1 to 3 cards. */
export const JOKER = "WJ";

/**
 * A card code read into its parts: {code, colour ("R".."B" or null), kind ("number", "S",
 * "R", "+2" or a wild code), rank (0..9 or null), wild (bool)}; null for a text that is no card.
 */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const code = text.trim().toUpperCase();
  if (WILD_KINDS[code]) return { code, color: null, kind: code, rank: null, wild: true };
  const color = code[0];
  if (!COLORS.includes(color) || code.length < 2) return null;
  const rest = code.slice(1);
  if (/^[0-9]$/.test(rest)) {
    return { code, color, kind: "number", rank: Number(rest), wild: false };
  }
  if (ACTION_KINDS[rest]) return { code, color, kind: rest, rank: null, wild: false };
  return null;
}

/** The colour's letter and shape: "G■". */
export function colorMark(letter) {
  const key = String(letter).toUpperCase();
  return `${key}${SHAPES[key] ?? ""}`;
}

/** The card's value in a few characters: "7", "SKIP", "REV", "+2", "W+4", "ALL+2", "JOKER". */
export function valueLabel(card) {
  if (card.kind === "number") return String(card.rank);
  if (card.wild) return WILD_KINDS[card.kind].label;
  return ACTION_KINDS[card.kind].label;
}

/**
 * The two lines of a card face: colour mark, then value. A wild on the pile shows the colour
 * declared for it: "★→G■".
 */
export function faceLines(code, declared = null) {
  const card = parseCard(code);
  if (card === null) return [String(code), ""];
  if (card.color !== null) return [colorMark(card.color), valueLabel(card)];
  if (declared) return [`${WILD_SHAPE}→${colorMark(declared)}`, valueLabel(card)];
  return [`${WILD_LETTER}${WILD_SHAPE}`, valueLabel(card)];
}

/** The one-line plain face: "R▲5", "B◆SKIP", "W★W+4", "W★W+4→G■". */
export function cardLabel(code, declared = null) {
  const card = parseCard(code);
  if (card === null) return String(code);
  if (card.color !== null) return `${colorMark(card.color)}${valueLabel(card)}`;
  const text = `${WILD_LETTER}${WILD_SHAPE}${valueLabel(card)}`;
  return declared ? `${text}→${colorMark(declared)}` : text;
}

/**
 * The card in words, for accessible names and the story: "Red 7", "Blue Draw Two",
 * "Wild Draw Four", "Red Draw Three", "Howler"; with a declared colour "Wild Draw Four,
 * choosing green". Read from the server's table (lastcard.words.cards.card_names), which names
 * every card, and every wild with each colour declared, exactly as the Python front ends do.
 */
export function cardName(code, declared = null) {
  const card = parseCard(code);
  if (card === null) return String(code);
  const key = card.wild && declared ? `${card.code}:${String(declared).toUpperCase()}` : null;
  return (key && WORDS.cards[key]) ?? WORDS.cards[card.code] ?? card.code;
}

/** The colour in words with its mark, for choices: "Green ■". */
export function colorChoiceLabel(letter) {
  const key = String(letter).toUpperCase();
  const name = COLOR_NAMES[key] ?? key;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${SHAPES[key]}`;
}

/** The CSS class of a colour letter, "c-wild" for none. */
export function colorClassOf(letter) {
  return COLOR_CLASSES[String(letter ?? "").toUpperCase()] ?? "c-wild";
}

/** The CSS class carrying a card's colour (decoration only: the face says it in letters). */
export function colorClass(code, declared = null) {
  const card = parseCard(code);
  return colorClassOf(card && card.color ? card.color : declared);
}

function sortKey(card) {
  const colorOrder = card.color === null ? COLORS.length : COLORS.indexOf(card.color);
  let kindOrder;
  if (card.kind === "number") kindOrder = 0;
  else if (card.wild) kindOrder = 10 + WILD_ORDER.indexOf(card.kind);
  else kindOrder = ACTION_KINDS[card.kind].order;
  return [colorOrder, kindOrder, card.rank ?? 0];
}

/** Cards colour by colour (R, Y, G, B), numbers ascending then Skip, Reverse, Draw Two; wilds
 * last (the terminal's order). Codes that are no card keep their place at the end. */
export function sortCodes(codes) {
  const keyed = codes.map((code, index) => ({ code, index, card: parseCard(code) }));
  keyed.sort((a, b) => {
    if (a.card === null || b.card === null)
      return (a.card === null) - (b.card === null) || a.index - b.index;
    const ka = sortKey(a.card);
    const kb = sortKey(b.card);
    for (let i = 0; i < ka.length; i += 1) {
      if (ka[i] !== kb[i]) return ka[i] - kb[i];
    }
    return a.index - b.index;
  });
  return keyed.map((item) => item.code);
}
