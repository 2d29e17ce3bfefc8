// Reading the `legal` list of a state (DESIGN.md's action-code grammar). The client never
// guesses what is legal: every control it offers is built from these codes, and every code it
// sends is one of them.
//
//   play      card code, ":c" declares a colour, ">N" names a seat, "!" calls Uno: "W+4:b!", "R7>2"
//   words     draw, keep, challenge, accept, uno, next, pass, decline (and any later word, shown
//             as a button)
//   argument  "catch N", "color c", "discard CARD" ("discard R5!" calls Uno: a discard round,
//             RULES.md §7.11.4)
//
// When a play or a discard leaves its player one card the list holds it with and without the
// "!" (SERVER.md §5: the default control sends the "!" form).

const PLAY = /^([A-Z0-9+]+?)(?::([A-Za-z]))?(?:>([0-9]+))?(!)?$/;
const CARD = /^(?:[RYGB](?:[0-9]|S|R|\+2)|W|W\+4|WSH|WC|WD1|WD2)$/;
const DISCARD = /^([A-Z0-9+]+?)(!)?$/;
const WORDS = ["draw", "keep", "challenge", "accept", "uno", "next", "pass", "decline"];

/** One code read into its parts: {kind, code, card?, colour?, target?, uno?}. */
export function parseCode(code) {
  const text = String(code).trim();
  const lower = text.toLowerCase();
  const words = lower.split(/\s+/);
  if (words.length === 2 && words[0] === "catch" && /^[0-9]+$/.test(words[1])) {
    return { kind: "catch", code: text, target: Number(words[1]) };
  }
  if (words.length === 2 && words[0] === "color" && /^[rygb]$/.test(words[1])) {
    return { kind: "color", code: text, colour: words[1].toUpperCase() };
  }
  if (words.length === 2 && words[0] === "discard") {
    const discard = DISCARD.exec(words[1].toUpperCase());
    if (discard && CARD.test(discard[1])) {
      return { kind: "discard", code: text, card: discard[1], uno: discard[2] === "!" };
    }
  }
  const match = PLAY.exec(text.toUpperCase());
  if (match && CARD.test(match[1])) {
    return {
      kind: "play",
      code: text,
      card: match[1],
      colour: match[2] ? match[2].toUpperCase() : null,
      target: match[3] !== undefined ? Number(match[3]) : null,
      uno: match[4] === "!",
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
    this.words = new Set(); // draw, keep, ...
    this.catches = []; // target seats
    this.colours = []; // "color c" choices
    this.others = []; // codes this page has no control for: offered as plain buttons
    for (const action of this.parsed) {
      if (action.kind === "play") {
        if (!this.plays.has(action.card)) this.plays.set(action.card, []);
        this.plays.get(action.card).push(action);
      } else if (action.kind === "discard") {
        if (!this.discards.has(action.card)) this.discards.set(action.card, []);
        this.discards.get(action.card).push(action);
      } else if (action.kind === "catch") {
        if (!this.catches.includes(action.target)) this.catches.push(action.target);
      } else if (action.kind === "color") {
        this.colours.push(action.colour);
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

  /** What playing `card` still needs: the colours and the target seats on offer. */
  choicesFor(card) {
    const plays = this.plays.get(card) ?? [];
    const colours = [...new Set(plays.map((p) => p.colour).filter((c) => c !== null))];
    const targets = [...new Set(plays.map((p) => p.target).filter((t) => t !== null))];
    return { colours, targets };
  }

  /**
   * The code that plays `card` with the choices made, or null if none is legal. With `uno`
   * the "!" form is sent when it is on offer (a play leaving one card); without, the plain
   * form when there is one.
   */
  playCode(card, { colour = null, target = null, uno = true } = {}) {
    let base = card;
    if (colour) base += `:${colour.toLowerCase()}`;
    if (target !== null && target !== undefined) base += `>${target}`;
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
