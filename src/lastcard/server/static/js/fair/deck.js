// The full deck of a game's rules, in the engine's fixed order (lastcard.core.cards.build_deck):
// the 108 classic cards colour by colour (with Draw Threes in the Draw Twos' places when the
// theme pack's `draw_three` is on), then the 2018 deck's four extra wilds, then any Wild
// Downpour cards, then one of each theme wild chosen (§1, §7.7, §7.11). Every hand's deal
// starts from exactly this list.

const COLORS = ["R", "Y", "G", "B"];
const DOWNPOUR_CODES = { draw1: "WD1", draw2: "WD2" };
const DEFAULT_DOWNPOUR = [
  ["draw1", 2],
  ["draw2", 2],
];
// The theme wilds in the engine's order (lastcard.core.cards.THEME_KINDS), whatever the order
// of the rules' list (sorted by name).
const THEME_WILDS = [
  ["howler", "WH"],
  ["invisibility", "WI"],
  ["care_a_lot", "WCA"],
  ["friendship", "WF"],
  ["joker", "WJ"],
  ["mambo", "WM"],
  ["travel", "WT"],
];
const THEME_NAMES = new Set(["draw_three", ...THEME_WILDS.map(([name]) => name)]);

function classicDeck(drawThree) {
  const cards = [];
  const draw = drawThree ? "+3" : "+2";
  for (const color of COLORS) {
    cards.push(`${color}0`);
    for (let rank = 1; rank <= 9; rank++) cards.push(`${color}${rank}`, `${color}${rank}`);
    for (const symbol of ["S", "R", draw]) cards.push(`${color}${symbol}`, `${color}${symbol}`);
  }
  return cards.concat(Array(4).fill("W"), Array(4).fill("W+4"));
}

// The Wild Downpour counts as rules.py normalises them: none, the default, or sorted by name.
function downpour(value) {
  if (value === null || value === undefined || value === false) return [];
  if (value === true) return DEFAULT_DOWNPOUR;
  const entries = Array.isArray(value) ? value : Object.entries(value);
  if (!entries.length) return DEFAULT_DOWNPOUR;
  for (const entry of entries) {
    const [name, count] = entry;
    if (!(name in DOWNPOUR_CODES) || !Number.isSafeInteger(count) || count < 0) {
      throw new TypeError(`rules.wild_downpour: ${JSON.stringify(entry)} is not a count`);
    }
  }
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

// The theme cards chosen (RULES.md §7.11): a list of names, absent or empty for none.
function themes(value) {
  if (value === null || value === undefined) return new Set();
  if (!Array.isArray(value) || !value.every((name) => THEME_NAMES.has(name))) {
    throw new TypeError(`rules.theme_cards: ${JSON.stringify(value)} is not a list of theme cards`);
  }
  return new Set(value);
}

/** The card codes of the full deck of `rules` (a record's rules object), in the engine's order. */
export function fullDeck(rules) {
  const deck = rules.deck ?? "classic";
  if (deck !== "classic" && deck !== "2018") throw new TypeError(`rules.deck: unknown deck ${deck}`);
  const chosen = themes(rules.theme_cards);
  const cards = classicDeck(chosen.has("draw_three"));
  if (deck === "2018") cards.push("WSH", "WC", "WC", "WC");
  for (const [name, count] of downpour(rules.wild_downpour)) {
    for (let i = 0; i < count; i++) cards.push(DOWNPOUR_CODES[name]);
  }
  for (const [name, code] of THEME_WILDS) if (chosen.has(name)) cards.push(code);
  return cards;
}
