// Reading the `legal` list of a state (DESIGN.md's action-code grammar). The client never
// guesses what is legal: every control it offers is built from these codes, and every code it
// sends is one of them.
//
//   play      card code, ":c" declares a colour, ">N" names a seat, "!" calls Uno: "W+4:b!",
//             "R7>2"; a Joker names 1 to 3 seats and the cards each draws: "WJ:r>1,3*2"
//             (RULES.md §7.11.6)
//   words     draw, keep, challenge, accept, uno, next, decline, pass and cheat (a Pirate
//             window, RULES.md §7.6.4), allow (an effect aimed at an Invisibility's holder,
//             §7.11.3), and any later word, shown as a button
//   argument  "catch N", "color c", "discard CARD" ("discard R5!" calls Uno: a discard round,
//             RULES.md §7.11.4), "give CARD" (after a Mambo, RULES.md §7.11.7), "block c"
//             ("block r!" calls Uno: the Invisibility card blocks an effect, §7.11.3)
//   lead      after a Mambo's gifts, "lead " and a play's code: "lead W:r!" (§7.11.7); read as
//             a play of that card (`lead: true`), sent with its word
//
// When a play or a discard leaves its player one card the list holds it with and without the
// "!" (SERVER.md §5: the default control sends the "!" form).

const PLAY = /^([A-Z0-9+]+?)(?::([A-Za-z]))?(?:>([0-9]+(?:,[0-9]+)*))?(?:\*([0-9]+))?(!)?$/;
const CARD = /^(?:[RYGB](?:[0-9]|S|R|\+2|\+3)|W|W\+4|WSH|WC|WD1|WD2|WH|WI|WCA|WF|WJ|WM|WT)$/;
const DISCARD = /^([A-Z0-9+]+?)(!)?$/;
const WORDS = [
  ...["draw", "keep", "challenge", "accept", "uno", "next", "pass", "decline", "cheat"],
  "allow",
];

/**
 * One code read into its parts: {kind, code, card?, colour?, target?, uno?}; a play also has
 * `targets` (a Joker's seats, increasing; else []) and `count` (the cards each draws; else 0).
 */
export function parseCode(code) {
  const text = String(code).trim();
  const lower = text.toLowerCase();
  const words = lower.split(/\s+/);
  if (words.length === 2 && words[0] === "catch" && /^[0-9]+$/.test(words[1])) {
    return { kind: "catch", code: text, target: Number(words[1]) };
  }
  if (words.length === 2 && words[0] === "color" && /^[rygb]$/.test(words[1])) {
    return { kind: "color", code: text, color: words[1].toUpperCase() };
  }
  const block = words.length === 2 && words[0] === "block" ? /^([rygb])(!)?$/.exec(words[1]) : null;
  if (block) return { kind: "block", code: text, color: block[1].toUpperCase(), uno: !!block[2] };
  if (words.length === 2 && words[0] === "give" && CARD.test(words[1].toUpperCase())) {
    return { kind: "give", code: text, card: words[1].toUpperCase() };
  }
  if (words.length === 2 && words[0] === "lead") {
    const led = parseCode(words[1]);
    if (led.kind === "play") return { ...led, code: text, lead: true };
  }
  if (words.length === 2 && words[0] === "discard") {
    const discard = DISCARD.exec(words[1].toUpperCase());
    if (discard && CARD.test(discard[1])) {
      return { kind: "discard", code: text, card: discard[1], uno: discard[2] === "!" };
    }
  }
  const match = PLAY.exec(text.toUpperCase());
  if (match && CARD.test(match[1])) {
    const seats = match[3] !== undefined ? match[3].split(",").map(Number) : [];
    const joker = match[4] !== undefined || seats.length > 1;
    return {
      kind: "play",
      code: text,
      card: match[1],
      color: match[2] ? match[2].toUpperCase() : null,
      target: !joker && seats.length === 1 ? seats[0] : null,
      targets: joker ? seats.sort((a, b) => a - b) : [],
      count: match[4] !== undefined ? Number(match[4]) : 0,
      uno: match[5] === "!",
      lead: false,
    };
  }
  return { kind: words.length === 1 ? lower : "other", code: text };
}

/** A legal list read once: plays and discards grouped by card, the other decisions by kind. */
export class Legal {
  constructor(codes) {
    this.codes = Array.isArray(codes) ? [...codes] : [];
    this.set = new Set(this.codes);
    this.parsed = this.codes.map(parseCode);
    this.plays = new Map(); // card code -> parsed plays of it
    this.discards = new Map(); // card code -> parsed discards of it (a discard round)
    this.gifts = new Map(); // card code -> its "give" code (after a Mambo)
    this.blocks = []; // parsed "block c" codes (an Invisibility's answer)
    this.words = new Set(); // draw, keep, ...
    this.catches = []; // target seats
    this.colors = []; // "color c" choices
    this.others = []; // codes this page has no control for: offered as plain buttons
    for (const action of this.parsed) {
      if (action.kind === "play") {
        if (!this.plays.has(action.card)) this.plays.set(action.card, []);
        this.plays.get(action.card).push(action);
      } else if (action.kind === "block") {
        this.blocks.push(action);
      } else if (action.kind === "give") {
        this.gifts.set(action.card, action.code);
      } else if (action.kind === "discard") {
        if (!this.discards.has(action.card)) this.discards.set(action.card, []);
        this.discards.get(action.card).push(action);
      } else if (action.kind === "catch") {
        if (!this.catches.includes(action.target)) this.catches.push(action.target);
      } else if (action.kind === "color") {
        this.colors.push(action.color);
      } else if (WORDS.includes(action.kind)) {
        this.words.add(action.kind);
      } else {
        this.others.push(action.code);
      }
    }
  }

  get empty() {
    return this.codes.length === 0;
  }

  has(code) {
    return this.set.has(code);
  }

  /** Whether this card code may be played now. */
  canPlay(card) {
    return this.plays.has(card);
  }

  /** The cards that may be played now, in the order the list gives them. */
  playableCards() {
    return [...this.plays.keys()];
  }

  /**
   * What playing `card` still needs: the colours and the target seats on offer, whether it
   * may also name no seat while some are offered (a Pirate 7 that swaps nothing, §7.6.1; a
   * Howler, Friendship or Travel as a last card, §7.11), and whether it is a Joker's play,
   * which names its seats and a count instead (`jokerChoices`).
   */
  choicesFor(card) {
    const plays = this.plays.get(card) ?? [];
    const colors = [...new Set(plays.map((p) => p.color).filter((c) => c !== null))];
    const single = plays.filter((p) => p.targets.length === 0);
    const targets = [...new Set(single.map((p) => p.target).filter((t) => t !== null))];
    const untargeted = targets.length > 0 && single.some((p) => p.target === null);
    const joker = plays.some((p) => p.targets.length > 0);
    return { colors, targets, untargeted, joker };
  }

  /**
   * What playing a Joker (RULES.md §7.11.6) may choose, from its offered codes: the seats that
   * may be named, the most that may be named at once, and the counts on offer.
   */
  jokerChoices(card) {
    const plays = (this.plays.get(card) ?? []).filter((p) => p.targets.length > 0);
    const seats = [...new Set(plays.flatMap((p) => p.targets))].sort((a, b) => a - b);
    const most = Math.max(0, ...plays.map((p) => p.targets.length));
    const counts = [...new Set(plays.map((p) => p.count))].sort((a, b) => a - b);
    return { seats, most, counts };
  }

  /**
   * The code that plays `card` with the choices made, or null if none is legal. With `uno`
   * the "!" form is sent when it is on offer (a play leaving one card); without, the plain
   * form when there is one. A Joker gives `targets` (its seats, any order) and `count`.
   */
  playCode(card, { color = null, target = null, targets = [], count = 0, uno = true } = {}) {
    let base = card;
    if (color) base += `:${color.toLowerCase()}`;
    if (target !== null && target !== undefined) base += `>${target}`;
    else if (targets.length) base += `>${[...targets].sort((a, b) => a - b).join(",")}`;
    if (count) base += `*${count}`;
    // A Mambo's lead (§7.11.7) is a play's code after its word.
    if ((this.plays.get(card) ?? []).some((p) => p.lead)) base = `lead ${base}`;
    const called = `${base}!`;
    if (uno && this.set.has(called)) return called;
    if (this.set.has(base)) return base;
    if (this.set.has(called)) return called;
    return null;
  }

  /** Whether playing `card` leaves one card: its "!" form is on offer. */
  leavesOne(card) {
    return (this.plays.get(card) ?? []).some((p) => p.uno);
  }

  /** The colours an Invisibility's block may declare (RULES.md §7.11.3), in the list's order. */
  blockColors() {
    return [...new Set(this.blocks.map((b) => b.color))];
  }

  /** The code that blocks naming `colour`, with the Uno call when `uno` and on offer; or null. */
  blockCode(color, { uno = true } = {}) {
    const base = `block ${String(color).toLowerCase()}`;
    const called = `${base}!`;
    if (uno && this.set.has(called)) return called;
    if (this.set.has(base)) return base;
    if (this.set.has(called)) return called;
    return null;
  }

  /** The code that gives `card` after a Mambo (RULES.md §7.11.7), or null. */
  giveCode(card) {
    return this.gifts.get(card) ?? null;
  }

  /** Whether this card code may be discarded now (a discard round asks the reader). */
  canDiscard(card) {
    return this.discards.has(card);
  }

  /**
   * The code that discards `card`, or null if none is legal. With `uno` the "!" form is sent
   * when it is on offer (the discard leaves one card), as `playCode` does for plays.
   */
  discardCode(card, { uno = true } = {}) {
    const base = `discard ${card}`;
    const called = `${base}!`;
    if (uno && this.set.has(called)) return called;
    if (this.set.has(base)) return base;
    if (this.set.has(called)) return called;
    return null;
  }
}
