// Events told in words for the table's story log: a port of lastcard/narration.py.
//
// `new Narrator(players, {names, you, rules})` turns one event (an `Event.to_dict()`, redacted
// for the reader) into lines of plain text. The wording is the terminal's; only the cards are
// named in words ("Ana plays Red 7 (3 cards left)") so the story reads the same to a screen
// reader and without colour. The reader is told in the second person ("You play Red 7"): pass
// `names` with the reader's seat already named "You".
//
// The narrator keeps each hand's size from the events themselves; call `sync(handSizes)` after
// each state to take the exact counts from the view (hand rotations carry no sizes). Until the
// sizes are known (a page opened mid-hand) the "cards left" remarks are left out.
//
// `card(code, colourLetter|null)`, `colour(letter)` and `join` may be given to draw cards
// differently: the defaults name them in words, joined by ", ".

import { cardName, COLOUR_NAMES, sortCodes } from "./cards.js";

const DRAW_REASONS = {
  turn: "",
  draw_two: " (Draw Two)",
  wild_draw_four: " (Wild Draw Four)",
  accept: " (penalty)",
  challenge: " (challenge)",
  uno_penalty: " (Uno penalty)",
  wild_downpour: " (Wild Downpour)",
  wild_customizable: " (Wild Customizable)",
  wrong_card: " (wrong card)",
  suggestion: " (suggestion penalty)",
  cheat: " (caught cheating)",
  false_cheat_call: " (false cheat call)",
  draw_three: " (Draw Three)",
  joker: " (Joker)",
};

// The theme wilds that name a player (RULES.md §7.11): as a last card they may name nobody.
const NAMING_WILDS = new Set(["WH", "WF", "WT"]);

/** A card in words; a wild with its declared colour: "Wild, choosing green". */
export function cardWords(code, colour) {
  return cardName(code, colour);
}

/** A colour letter in words: "green". */
export function colourWords(letter) {
  return COLOUR_NAMES[String(letter).toUpperCase()] ?? String(letter);
}

/** The seats that form teams under `rules` (a Rules.to_dict()), or null. */
export function teamsOf(rules, players) {
  const teams = rules ? rules.teams : null;
  if (teams === null || teams === undefined) return null;
  if (teams === "partners") {
    return players === 4
      ? [
          [0, 2],
          [1, 3],
        ]
      : null;
  }
  return Array.isArray(teams) ? teams : null;
}

/** The number of the hand after which each eliminated seat was eliminated. */
function eliminationHands(history) {
  const out = new Map();
  for (const result of history) {
    for (const seat of result.eliminated ?? []) out.set(seat, result.number);
  }
  return out;
}

/**
 * Seats best first: the winners, then the others (narration.standings). Under elimination the
 * others are ranked by how long they lasted; otherwise by total, low first when low is good.
 */
export function standings(totals, winners, rules, history = []) {
  const elimination = Boolean(rules && rules.elimination);
  const lowWins = elimination || (rules && rules.scoring === "alternative");
  const sign = lowWins ? 1 : -1;
  const lasted = elimination ? eliminationHands(history) : new Map();
  const never = history.length + 1;
  const key = (seat) => [
    winners.includes(seat) ? 0 : 1,
    -(lasted.has(seat) ? lasted.get(seat) : never),
    sign * totals[seat],
    seat,
  ];
  const seats = totals.map((_, seat) => seat);
  seats.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      if (ka[i] !== kb[i]) return ka[i] - kb[i];
    }
    return 0;
  });
  return seats;
}

export class Narrator {
  constructor(players, options = {}) {
    this.players = players;
    this.you = options.you ?? null;
    this.rules = options.rules ?? {};
    this.names = options.names
      ? [...options.names]
      : Array.from({ length: players }, (_, k) => `Seat ${k}`);
    this.card = options.card ?? cardWords;
    this.colour = options.colour ?? colourWords;
    this.join = options.join ?? ", ";
    this.sizes = null; // unknown until a deal or a sync
    this.hand = 0; // the number of the hand being told
    this.limitReached = false; // the next blocked hand ended at the turn limit
    this.lastPlay = null; // {seat, card, color} of the last play: what a Pirate call is about
    this.handlers = {
      dealer_draw: (e) => this.dealerDraw(e),
      deal: (e) => this.deal(e),
      first_discard: (e) => [`First discard: ${this.card(e.card, null)}.`],
      first_discard_returned: (e) => [
        `First discard ${this.card(e.card, null)} goes back into the stock.`,
      ],
      play: (e) => this.play(e),
      draw: (e) => this.draw(e),
      reshuffle: (e) => [`The discard pile is shuffled into a new stock of ${e.stock} cards.`],
      skip: (e) => [`${this.seat(e.seat)}${this.verb(e.seat, " is", " are")} skipped.`],
      reverse: (e) => [`Play now goes ${e.direction === 1 ? "clockwise" : "counter-clockwise"}.`],
      swap_hands: (e) => this.swapHands(e),
      rotate_hands: (e) => this.rotateHands(e),
      shuffle_hands: (e) => {
        this.sizes = [...e.sizes];
        return ["All hands are gathered, shuffled and dealt out again."];
      },
      reveal: (e) => [
        `${this.possessive(e.seat)} hand is revealed: ${this.cards(e.cards ?? [], { sort: true })}`,
      ],
      travel: (e) => this.travel(e),
      gift: (e) => this.gift(e),
      block: (e) => this.block(e),
      allow: (e) => [`${this.seat(e.seat)}${this.verb(e.seat, " lets", " let")} it happen.`],
      lead: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " leads", " lead")} a card of ` +
          `${this.verb(e.seat, "their", "your")} choice (Mambo), which need not match`,
      ],
      keep: (e) => [`${this.seat(e.seat)}${this.verb(e.seat, " keeps it.", " keep it.")}`],
      pass: (e) => [
        `${this.seat(e.seat)} cannot play or draw, and ${this.verb(e.seat, "passes", "pass")}.`,
      ],
      accept: (e) => [
        `${this.seat(e.seat)} ${this.verb(e.seat, "accepts", "accept")} the ${e.count}-card draw.`,
      ],
      challenge: (e) => this.challenge(e),
      uno: (e) => [`${this.seat(e.seat)}${this.verb(e.seat, " calls Uno!", " call Uno!")}`],
      catch: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " catches ", " catch ")}` +
          `${this.object(e.target)} without an Uno call!`,
      ],
      color: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " names the colour: ", " name the colour: ")}` +
          `${this.colour(e.color)}.`,
      ],
      wrong_card: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " plays ", " play ")}` +
          `${this.card(e.card, null)}, which does not match, and` +
          `${this.verb(e.seat, " takes ", " take ")}it back (wrong card, §5.4).`,
      ],
      suggestion_penalty: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " is ", " are ")}` +
          "penalised for suggesting a play (§5.5).",
      ],
      discard_round: (e) => this.discardRound(e),
      discard: (e) => this.discard(e),
      decline: (e) => [
        `${this.seat(e.seat)}${this.verb(e.seat, " declines", " decline")} to discard.`,
      ],
      pirate_window: (e) => this.pirateWindow(e),
      pirate_pass: (e) => [`${this.seat(e.seat)}${this.verb(e.seat, " lets", " let")} it stand.`],
      pirate_call: (e) => this.pirateCall(e),
      turn_limit: (e) => {
        this.limitReached = true;
        return [`The hand has lasted ${e.turns.toLocaleString("en")} turns, the limit (§3.11.4).`];
      },
      hand_over: (e) => this.handOver(e),
      game_over: (e) => this.gameOver(e),
    };
  }

  /** Take each hand's size from a view's `hand_sizes`. */
  sync(handSizes) {
    this.sizes = [...handSizes];
  }

  /** The lines telling one event; an event without words is shown as its data. */
  lines(event) {
    const handler = event && this.handlers[event.type];
    if (!handler) return [asData(event)];
    try {
      return handler(event);
    } catch {
      return [asData(event)];
    }
  }

  // -- the parts of a line ----------------------------------------------------------------------

  seat(seat) {
    return this.names[seat] ?? `Seat ${seat}`;
  }

  /** A seat after a verb: "you" for the reader. */
  object(seat) {
    return seat === this.you ? "you" : this.seat(seat);
  }

  verb(seat, third, second) {
    return seat === this.you ? second : third;
  }

  /** "Ana's", or "Your" for the reader. */
  possessive(seat) {
    return seat === this.you ? "Your" : `${this.seat(seat)}'s`;
  }

  left(seat) {
    const count = this.sizes[seat];
    return count === 1 ? `${count} card left` : `${count} cards left`;
  }

  cards(codes, { sort = false } = {}) {
    if (!codes || codes.length === 0) return "(none)";
    const list = sort ? sortCodes(codes) : codes;
    return list.map((code) => this.card(code, null)).join(this.join);
  }

  header(hand) {
    if (hand === this.hand) return [];
    this.hand = hand;
    return ["", `── Hand ${hand} ──`];
  }

  width() {
    return Math.max(...this.names.map((name) => name.length));
  }

  // -- one method per event type ----------------------------------------------------------------

  dealerDraw(e) {
    const parts = ["Drawing for dealer:"];
    for (const [seat, card] of e.draws)
      parts.push(" ", this.seat(seat), " ", this.card(card, null), ",");
    parts[parts.length - 1] = ".";
    return [...this.header(this.hand + 1), parts.join("")];
  }

  deal(e) {
    this.sizes = [...e.sizes];
    const size = Math.max(...this.sizes);
    const out = [
      ...this.header(e.hand),
      `${this.seat(e.dealer)}${this.verb(e.dealer, " deals", " deal")} ${size} cards each.`,
    ];
    if (Array.isArray(e.hands)) {
      const width = this.width();
      e.hands.forEach((hand, seat) => {
        if (hand.length)
          out.push(`  ${this.seat(seat).padEnd(width)}  ${this.cards(hand, { sort: true })}`);
      });
    }
    return out;
  }

  play(e) {
    const seat = e.seat;
    if (this.sizes) this.sizes[seat] -= 1;
    this.lastPlay = { seat, card: e.card, color: e.color ?? null };
    const verb = e.jump_in
      ? this.verb(seat, " jumps in with ", " jump in with ")
      : this.verb(seat, " plays ", " play ");
    const wild = isWild(e.card);
    let text = `${this.seat(seat)}${verb}${this.card(e.card, wild ? e.color : null)}`;
    const naming = NAMING_WILDS.has(e.card);
    if (e.target !== null && e.target !== undefined) {
      text += naming ? `, naming ${this.object(e.target)}` : ` at ${this.object(e.target)}`;
    } else if (naming) {
      text += ", naming nobody"; // a last card names no one (RULES.md §7.11)
    } else if (this.rules && this.rules.pirate && /^[RYGB]7$/.test(e.card)) {
      text += ", swapping with nobody"; // Pirate's 7 may name no one (RULES.md §7.6.1)
    }
    if (this.sizes && this.sizes[seat] > 0) text += ` (${this.left(seat)})`;
    if (e.uno) text += this.verb(seat, " and calls Uno!", " and call Uno!");
    return [text];
  }

  draw(e) {
    const { seat, count, owed } = e;
    if (this.sizes) this.sizes[seat] += count;
    const what = count === 1 ? "a card" : `${count} cards`;
    let text = `${this.seat(seat)}${this.verb(seat, " draws ", " draw ")}${what}`;
    text += DRAW_REASONS[e.reason] ?? "";
    if (Array.isArray(e.cards) && e.cards.length) text += `: ${this.cards(e.cards)}`;
    if (count < owed) text += ` (owed ${owed}: no more cards to draw)`;
    return [text];
  }

  // A discard round (RULES.md §7.11.4): each player in turn may put one card beneath the top
  // card, the player of the card that opened it (a Wild Customizable or a Care-a-lot) last.
  discardRound(e) {
    const play = this.lastPlay && this.lastPlay.seat === e.seat ? this.lastPlay : null;
    const card = play && isWild(play.card) ? this.card(play.card, null) : "Wild Customizable";
    return [
      `${this.possessive(e.seat)} ${card} opens a discard round: each player in turn may ` +
        `discard one card beneath the top card, ${this.object(e.seat)} last.`,
    ];
  }

  // Invisibility (RULES.md §7.11.3): its holder puts it on the pile and the effect aimed at
  // them is cancelled.
  block(e) {
    const seat = e.seat;
    if (this.sizes) this.sizes[seat] -= 1;
    let text =
      `${this.seat(seat)}${this.verb(seat, " blocks", " block")} it with ` +
      `${this.card("WI", e.color)}`;
    if (this.sizes && this.sizes[seat] > 0) text += ` (${this.left(seat)})`;
    if (e.uno) text += this.verb(seat, " and calls Uno!", " and call Uno!");
    return [text];
  }

  // A Mambo's gift (RULES.md §7.11.7): the card is told to its giver (the receiver finds it in
  // their hand).
  gift(e) {
    const { seat, target } = e;
    if (this.sizes) {
      this.sizes[seat] -= 1;
      this.sizes[target] += 1;
    }
    const what = e.given ? this.card(e.given, null) : "a card";
    const verb = this.verb(seat, " gives ", " give ");
    if (target === this.you) return [`${this.seat(seat)}${verb}you ${what}`];
    return [`${this.seat(seat)}${verb}${what} to ${this.seat(target)}`];
  }

  // Travel (RULES.md §7.11.8): the player of the card alone sees the hand it names; the
  // others are told only that it was seen.
  travel(e) {
    if (Array.isArray(e.cards)) {
      return [`${this.possessive(e.target)} hand: ${this.cards(e.cards, { sort: true })}`];
    }
    const whose = e.target === this.you ? "your" : `${this.seat(e.target)}'s`;
    return [`${this.seat(e.seat)} looked at ${whose} hand`];
  }

  discard(e) {
    const seat = e.seat;
    if (this.sizes) this.sizes[seat] -= 1;
    let text =
      `${this.seat(seat)}${this.verb(seat, " discards ", " discard ")}` +
      `${this.card(e.card, null)} beneath the top card`;
    if (this.sizes && this.sizes[seat] > 0) text += ` (${this.left(seat)})`;
    if (e.uno) text += this.verb(seat, " and calls Uno!", " and call Uno!");
    return [text];
  }

  // Pirate (RULES.md §7.6.4): after an on-turn play the others may call it a cheat, in turn.
  pirateWindow(e) {
    const seat = e.seat;
    const whose = seat === this.you ? "Your" : `${this.seat(seat)}'s`;
    let text =
      `${whose} play waits in its window: the others may let it stand or call cheat, ` +
      "in turn";
    if (seat === this.you && e.cheat === true) text += " (it is a cheat: only you know)";
    else if (seat === this.you && e.cheat === false) text += " (it is a fair play)";
    return [text];
  }

  pirateCall(e) {
    const { seat, player } = e;
    const play = this.lastPlay && this.lastPlay.seat === player ? this.lastPlay : null;
    const whose = player === this.you ? "your" : `${this.seat(player)}'s`;
    const card = play ? this.card(play.card, isWild(play.card) ? play.color : null) : "play";
    const what = `${whose} ${card}`;
    const call = `${this.seat(seat)}${this.verb(seat, " calls", " call")} cheat on ${what}`;
    if (e.cheat) {
      if (this.sizes) this.sizes[player] += 1; // the card goes back to its player's hand
      return [
        `${call}: it was a cheat! The card goes back to ${this.object(player)}, and ` +
          `${this.object(player)}${this.verb(player, " draws", " draw")} 2.`,
      ];
    }
    const penalty = this.rules?.pirate_false_call_penalty ?? 2;
    const cost = penalty
      ? `${this.seat(seat)}${this.verb(seat, " draws", " draw")} ${penalty} for the false call`
      : "the false call costs nothing";
    return [`${call}: it was a fair play, and it stands; ${cost}.`];
  }

  // Seven-O's 0 (RULES.md §7.2.2); under Pirate every hand passes to the left whatever the
  // direction (§7.6.1).
  rotateHands() {
    if (this.rules && this.rules.pirate) {
      return ["Every hand passes to the left (clockwise), whatever the direction of play."];
    }
    return ["Every hand passes to the next player."];
  }

  swapHands(e) {
    const [a, b] = e.seats;
    if (this.sizes) [this.sizes[a], this.sizes[b]] = e.sizes;
    return [`${this.seat(a)} and ${this.object(b)} swap hands.`];
  }

  challenge(e) {
    const player = e.player;
    const whose = player === this.you ? "your" : `${this.seat(player)}'s`;
    let line = `${this.seat(e.seat)}${this.verb(e.seat, " challenges ", " challenge ")}${whose} Wild Draw Four: `;
    if (e.succeeded) {
      line += `a bluff! ${this.seat(player)}${this.verb(player, " draws 4 instead.", " draw 4 instead.")}`;
    } else {
      line += "it was legal.";
    }
    const out = [line];
    if (Array.isArray(e.revealed)) {
      out.push(`  ${this.seat(player)} held: ${this.cards(e.revealed, { sort: true })}`);
    }
    return out;
  }

  handOver(e) {
    const wentOut = e.went_out;
    const points = e.points;
    let out;
    if (wentOut === null || wentOut === undefined) {
      const why = this.limitReached ? "That is the limit" : "Nobody can play or draw";
      this.limitReached = false;
      out = [`${why}: the hand is blocked and scores nothing.`];
    } else {
      const scored = points[wentOut]
        ? `${this.verb(wentOut, " and scores", " and score")} ${points[wentOut]}.`
        : ".";
      out = [`${this.seat(wentOut)}${this.verb(wentOut, " goes out", " go out")}${scored}`];
    }
    const width = this.width();
    (e.hands ?? []).forEach((hand, seat) => {
      if (seat === wentOut || !hand.length) return;
      out.push(
        `  ${this.seat(seat).padEnd(width)}  ${this.cards(hand, { sort: true })}  (${e.hand_values[seat]} points)`,
      );
    });
    out.push(`Scores: ${e.totals.map((total, seat) => `${this.seat(seat)} ${total}`).join(" · ")}`);
    for (const seat of e.eliminated ?? []) {
      out.push(
        `${this.seat(seat)}${this.verb(seat, " reaches the limit and is", " reach the limit and are")} eliminated.`,
      );
    }
    return out;
  }

  gameOver(e) {
    const winners = [...e.winners];
    const who = winners.map((seat) => this.seat(seat)).join(" and ");
    const verb =
      winners.length > 1 || (winners.length === 1 && winners[0] === this.you) ? "win" : "wins";
    const out = ["", `══ Game over: ${who} ${verb}! ══`, "Final scores:"];
    const totals = e.totals;
    const order = standings(totals, winners, this.rules);
    const width = this.width();
    order.forEach((seat, index) => {
      const mark = winners.includes(seat) ? "  winner" : "";
      out.push(
        `  ${index + 1}. ${this.seat(seat).padEnd(width)}  ${String(totals[seat]).padStart(4)}${mark}`,
      );
    });
    for (const team of teamsOf(this.rules, this.players) ?? []) {
      const names = team.map((seat) => this.seat(seat)).join(" + ");
      const sum = team.reduce((acc, seat) => acc + totals[seat], 0);
      out.push(`  team ${names}: ${sum}`);
    }
    return out;
  }
}

function isWild(code) {
  return typeof code === "string" && code.toUpperCase().startsWith("W");
}

function asData(event) {
  if (!event || typeof event !== "object") return String(event);
  const details = Object.entries(event)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(", ");
  return `${event.type}: ${details}`;
}
