// Checks a game's deal transcript without the engine (its format: the docstring of
// lastcard/server/fairness.py). The walk keeps the stock (a list whose last card is its top), the
// discard pile and every hand as the transcript builds them, and finds three kinds of fault:
//
// - stream: a use of the random stream that does not start where the last one stopped (the
//   first at 0), or whose output is not what the keyed BLAKE2b stream gives for its input;
// - deck: a hand whose first input is not the rules' full deck;
// - cards: a card dealt, drawn or turned that is not the top of the stock; a reshuffle whose
//   input is not the discard pile minus its top; a card played, discarded (a discard round
//   puts it beneath the top card) or given (after a Mambo) that its player does not hold; a
//   card taken back (a caught Pirate cheat returns to its player's hand) that is not the top of
//   the discard pile.
//
// After a fault the walk goes on with what the transcript says happened, so that one altered
// card is one finding, not a cascade.

import { drawWithoutReplacement, shuffled } from "./rng.js";

export class FormatError extends Error {}

class Findings {
  constructor() {
    this.problems = [];
  }

  fail(problem) {
    this.problems.push(problem);
  }

  get ok() {
    return this.problems.length === 0;
  }

  summary() {
    const [first] = this.problems;
    const more = this.problems.length - 1;
    return more ? `${first} (and ${more} more)` : first;
  }
}

const SHUFFLE_NAMES = {
  deal: "deal's shuffle",
  reshuffle: "reshuffle of the discards",
  first_discard: "first-discard shuffle",
  shuffle_hands: "hand shuffle",
};

const sameList = (a, b) => a.length === b.length && a.every((item, i) => item === b[i]);
const listed = (cards) => (cards.length ? cards.join(" ") : "nothing");

/**
 * Walk `steps` for a game of `players` seats whose rules' full deck is `deck` (card codes) and
 * whose first hand was stacked with `stacked`, drawing from `stream` (a KeyedCounterStream).
 * Returns {stream, deck, cards} (each {ok, problems, summary()}), the plays as [seat, card]
 * and counts for the report. Throws FormatError for steps that are not a transcript's.
 */
export function walkTranscript(steps, { players, deck, stacked, stream }) {
  if (!Array.isArray(steps)) throw new FormatError("fairness.transcript: expected a list");
  const found = { stream: new Findings(), deck: new Findings(), cards: new Findings() };
  const plays = [];
  let counter = 0; // where the stream stopped
  let uses = 0;
  let moved = 0;
  let reshuffles = 0;
  let handNumber = 0;
  let top = [];
  let needDeal = false; // a hand began and its deal's shuffle is still to come
  let pendingReturn = null; // a first discard going back into the next shuffle
  let stock = [];
  let discard = [];
  let hands = Array.from({ length: players }, () => []);

  steps.forEach((step, i) => {
    const at = `step ${i}`;
    const read = new StepReader(step, at, players);
    const op = read.text("op");
    if (pendingReturn !== null && !(op === "shuffle" && step.why === "first_discard")) {
      found.cards.fail(`${at}: the returned first discard ${pendingReturn} is not shuffled back`);
      pendingReturn = null;
    }
    if (needDeal && op === "hand") found.deck.fail(`${at}: hand ${handNumber} is never dealt`);
    else if (needDeal && !["dealer_draw", "shuffle"].includes(op)) {
      found.deck.fail(`${at}: cards move before hand ${handNumber} is shuffled`);
    }

    // One use of the stream: `compute(counter)` gives {output, next} for the step's input.
    const use = (what, compute) => {
      const start = read.count("counter");
      const next = read.count("next");
      const output = read.cards("output");
      if (start !== counter) {
        found.stream.fail(`${at}: the ${what} starts the stream at ${start}, not at ${counter}`);
      }
      const real = compute(start, output.length);
      if (!sameList(real.output, output)) {
        found.stream.fail(`${at}: the ${what} is not what the stream gives at ${start}`);
      } else if (real.next !== next) {
        found.stream.fail(`${at}: the ${what} ends the stream at ${real.next}, not ${next}`);
      }
      counter = next;
      uses += 1;
      return output;
    };

    switch (op) {
      case "hand": {
        const number = read.count("hand");
        read.seat("dealer");
        top = read.cards("top");
        if (number !== handNumber + 1) {
          found.deck.fail(`${at}: hand ${number} follows hand ${handNumber}`);
        }
        const expectedTop = handNumber === 0 ? stacked : [];
        if (!sameList(top, expectedTop)) {
          found.deck.fail(`${at}: hand ${number} stacks ${listed(top)}, not ${listed(expectedTop)}`);
        }
        handNumber = number;
        needDeal = true;
        stock = [];
        discard = [];
        hands = hands.map(() => []);
        break;
      }
      case "dealer_draw": {
        const input = read.cards("input");
        read.seats("seats");
        if (!needDeal) found.deck.fail(`${at}: a dealer draw outside the start of a hand`);
        if (!sameList(input, deck)) found.deck.fail(`${at}: the dealer draw is not from the full deck`);
        use("dealer draw", (start, count) => {
          const output = [];
          let next = start;
          const turned = drawWithoutReplacement(input, stream, start);
          for (let k = 0; k < count; k++) {
            const item = turned.next();
            if (item.done) break;
            [output[k], next] = item.value;
          }
          return { output, next };
        });
        break;
      }
      case "shuffle": {
        const why = read.text("why");
        const input = read.cards("input");
        const seats = why === "shuffle_hands" ? read.seats("seats") : [];
        if (why === "shuffle_hands" && !seats.length) throw new FormatError(`${at}: no seats`);
        if (!["deal", "reshuffle", "first_discard", "shuffle_hands"].includes(why)) {
          throw new FormatError(`${at}: unknown shuffle ${JSON.stringify(why)}`);
        }
        if (why === "deal") checkDealInput(input);
        else if (needDeal) found.deck.fail(`${at}: a ${why} before hand ${handNumber} is dealt`);
        if (why === "reshuffle") {
          checkReshuffleInput(input);
          reshuffles += 1;
        }
        if (why === "first_discard") checkReturnInput(input);
        if (why === "shuffle_hands") checkHandsInput(input, seats);
        const output = use(SHUFFLE_NAMES[why], (start) => {
          const real = shuffled(input, stream, start);
          return { output: real.output, next: real.counter };
        });
        if (why === "deal") {
          stock = top.concat(output).reverse();
          needDeal = false;
        } else if (why === "reshuffle") {
          stock = output.slice();
          discard = discard.slice(-1);
        } else if (why === "first_discard") {
          stock = output.slice();
        } else {
          for (const seat of seats) hands[seat] = [];
          output.forEach((card, k) => hands[seats[k % seats.length]].push(card));
        }
        break;
      }
      case "take": {
        const card = read.card("card");
        const to = read.seat("to");
        const stockTop = stock.pop();
        if (stockTop !== card) {
          const was = stockTop ?? "nothing";
          found.cards.fail(`${at}: seat ${to} gets ${card}, but the top of the stock is ${was}`);
        }
        hands[to].push(card);
        moved += 1;
        break;
      }
      case "turn": {
        const card = read.card("card");
        const stockTop = stock.pop();
        if (stockTop !== card) {
          const was = stockTop ?? "nothing";
          found.cards.fail(`${at}: ${card} is turned up, but the top of the stock is ${was}`);
        }
        if (discard.length) found.cards.fail(`${at}: a first discard is turned onto ${listed(discard)}`);
        discard = [card];
        moved += 1;
        break;
      }
      case "return": {
        const card = read.card("card");
        const to = read.text("to");
        if (!sameList(discard, [card])) {
          found.cards.fail(`${at}: ${card} goes back, but the discard pile is ${listed(discard)}`);
        }
        discard = [];
        if (to === "bottom") stock.unshift(card);
        else if (to === "shuffle") pendingReturn = card;
        else throw new FormatError(`${at}: a first discard goes back to ${JSON.stringify(to)}`);
        break;
      }
      case "play": {
        const seat = read.seat("seat");
        const card = read.card("card");
        const held = hands[seat].indexOf(card);
        if (held < 0) found.cards.fail(`${at}: seat ${seat} plays ${card}, which they do not hold`);
        else hands[seat].splice(held, 1);
        discard.push(card);
        plays.push([seat, card]);
        break;
      }
      case "discard": {
        const seat = read.seat("seat");
        const card = read.card("card");
        const held = hands[seat].indexOf(card);
        if (held < 0) {
          found.cards.fail(`${at}: seat ${seat} discards ${card}, which they do not hold`);
        } else {
          hands[seat].splice(held, 1);
        }
        // Beneath the top card, which stays on top (§7.11.4).
        if (discard.length === 0) {
          found.cards.fail(`${at}: seat ${seat} discards ${card} beneath an empty discard pile`);
          discard.push(card);
        } else {
          discard.splice(discard.length - 1, 0, card);
        }
        break;
      }
      case "give": {
        // A Mambo's gift (RULES.md §7.11.7): a card from one hand to the end of another.
        const seat = read.seat("seat");
        const card = read.card("card");
        const to = read.seat("to");
        const held = hands[seat].indexOf(card);
        if (held < 0) found.cards.fail(`${at}: seat ${seat} gives ${card}, which they do not hold`);
        else hands[seat].splice(held, 1);
        hands[to].push(card);
        break;
      }
      case "take_back": {
        // A Pirate cheat called and caught (RULES.md §7.6.4): the card just played goes back
        // to the end of its player's hand.
        const seat = read.seat("seat");
        const card = read.card("card");
        const pileTop = discard[discard.length - 1];
        if (discard.length < 2 || pileTop !== card) {
          const was = pileTop ?? "nothing";
          found.cards.fail(
            `${at}: seat ${seat} takes back ${card}, but the discard pile's top is ${was}`,
          );
        }
        if (pileTop === card) discard.pop();
        hands[seat].push(card);
        break;
      }
      case "move_hands": {
        const moves = read.moves("moves");
        const before = hands.map((hand) => hand.slice());
        for (const [from, to] of moves) hands[to] = before[from];
        break;
      }
      default:
        throw new FormatError(`${at}: unknown step ${JSON.stringify(op)}`);
    }

    function checkDealInput(input) {
      if (!needDeal) found.deck.fail(`${at}: a deal without a hand step before it`);
      const rest = deck.slice();
      for (const card of top) {
        const k = rest.indexOf(card);
        if (k >= 0) rest.splice(k, 1);
      }
      if (!sameList(input, rest)) {
        found.deck.fail(`${at}: hand ${handNumber} is not shuffled from the rules' full deck`);
      }
    }

    function checkReshuffleInput(input) {
      if (stock.length) {
        found.cards.fail(`${at}: the discards are reshuffled while the stock holds ${stock.length} cards`);
      }
      if (!sameList(input, discard.slice(0, -1))) {
        found.cards.fail(`${at}: the reshuffle is not of the discard pile minus its top`);
      }
    }

    function checkReturnInput(input) {
      if (pendingReturn === null) {
        found.cards.fail(`${at}: a first-discard shuffle with no first discard returned`);
      } else if (!sameList(input, stock.concat([pendingReturn]))) {
        found.cards.fail(`${at}: the shuffle is not of the stock and the returned ${pendingReturn}`);
      }
      pendingReturn = null;
    }

    function checkHandsInput(input, seats) {
      const gathered = seats.flatMap((seat) => hands[seat]);
      if (!sameList(input, gathered)) {
        found.cards.fail(`${at}: the hand shuffle is not of the hands of seats ${seats.join(", ")}`);
      }
    }
  });

  if (pendingReturn !== null) found.cards.fail(`the returned first discard ${pendingReturn} is lost`);
  if (needDeal) found.deck.fail(`hand ${handNumber} is never dealt`);
  if (handNumber === 0) found.deck.fail("the transcript deals no hand");
  return { ...found, plays, uses, moved, reshuffles, hands: handNumber, counter };
}

// Typed reads of one step's fields; a missing or mistyped field is a FormatError.
class StepReader {
  constructor(step, at, players) {
    if (step === null || typeof step !== "object" || Array.isArray(step)) {
      throw new FormatError(`${at}: expected an object`);
    }
    this.step = step;
    this.at = at;
    this.players = players;
  }

  field(name, ok, what) {
    const value = this.step[name];
    if (!ok(value)) throw new FormatError(`${this.at}: ${name} is not ${what}`);
    return value;
  }

  text(name) {
    return this.field(name, (v) => typeof v === "string", "text");
  }

  count(name) {
    return this.field(name, (v) => Number.isSafeInteger(v) && v >= 0, "a whole number");
  }

  isSeat(v) {
    return Number.isInteger(v) && v >= 0 && v < this.players;
  }

  seat(name) {
    return this.field(name, (v) => this.isSeat(v), "a seat");
  }

  card(name) {
    return this.field(name, (v) => typeof v === "string" && v.length <= 4, "a card code");
  }

  cards(name) {
    const ok = (v) => Array.isArray(v) && v.every((c) => typeof c === "string" && c.length <= 4);
    return this.field(name, ok, "a list of card codes");
  }

  seats(name) {
    const ok = (v) => Array.isArray(v) && v.every((s) => this.isSeat(s));
    return this.field(name, ok, "a list of seats");
  }

  moves(name) {
    const ok = (v) =>
      Array.isArray(v) &&
      v.every((m) => Array.isArray(m) && m.length === 2 && this.isSeat(m[0]) && this.isSeat(m[1]));
    return this.field(name, ok, "a list of [from, to] seats");
  }
}
