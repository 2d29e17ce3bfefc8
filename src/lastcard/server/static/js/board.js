// The game on the table: the players around it, the pile, and the decisions on offer.
// Pure rendering from a `state` message (and the `table` for presence); no game logic here.

import {
  cardName,
  colorChoiceLabel,
  colorClass,
  colorClassOf,
  COLOR_NAMES,
  sortCodes,
} from "./cards.js";
import { h, isAriaDisabled, replaceChildren, setAriaDisabled } from "./dom.js";
import { cardFace } from "./hand.js";
import { KEYS } from "./keys.js";
import { pageWords } from "./page_words.js";

/**
 * Keep the keyboard where it was when a part of the page is rebuilt: the element with the
 * same data-testid gets the focus back. True when the focus was inside and its element is gone
 * (the caller decides where it goes then).
 */
export function keepingFocus(container, rebuild) {
  const active = document.activeElement;
  const inside = Boolean(active && container.contains(active));
  const testid = inside ? active.dataset.testid : null;
  rebuild();
  if (!inside) return false;
  const again = testid ? container.querySelector(`[data-testid="${CSS.escape(testid)}"]`) : null;
  if (again) {
    again.focus();
    return false;
  }
  return true;
}

/** A person's presence at the table, as the name of its class (`p-away`) and of its words. */
function presenceOf(place) {
  if (!place || place.kind !== "human") return null;
  if (place.away) return "away";
  if (place.autopilot) return "autopilot";
  return place.connected ? "connected" : "offline";
}

// The words of each presence worth saying (a connected person's is not).
const PRESENCE_WORDS = {
  away: "presence_away",
  autopilot: "presence_autopilot",
  offline: "presence_offline",
};

/** `count` cards in words: "1 card", "5 cards". */
export function cardCount(count) {
  return count === 1 ? pageWords("cards_one") : pageWords("cards", { count });
}

/**
 * The players in seat order. `seatOf[k]`: the table seat of engine seat k (presence lives
 * there); `you`: the reader's engine seat or null.
 */
export function renderSeats(list, { view, names, seatOf, tableSeats, you }) {
  const items = [];
  for (let k = 0; k < view.players; k += 1) {
    const place = tableSeats ? tableSeats[seatOf[k]] : null;
    const size = view.hand_sizes[k];
    const out = view.active && view.active[k] === false;
    const turn = view.to_act === k;
    // In a discard round (RULES.md §7.11.4) and a Pirate window (§7.6.4) the seat marked is
    // the one asked, not the one whose turn it is.
    const asked = turn && view.phase === "await_discard";
    const askedWindow = turn && view.phase === "await_pirate";
    const waiting = !turn && view.phase === "await_pirate" && view.turn === k;
    const parts = [];
    const name = names[k] ?? pageWords("seat_number", { seat: k + 1 });
    let badge = null;
    if (!out && size === 1) {
      if (view.exposed === k) {
        badge = h("span", { className: "badge badge-warn" }, pageWords("badge_no_uno"));
      } else if (!(view.uncaught ?? []).includes(k)) {
        badge = h("span", { className: "badge badge-uno" }, pageWords("uno"));
      }
    }
    const presence = presenceOf(place);
    const presenceSaid = PRESENCE_WORDS[presence] ? pageWords(PRESENCE_WORDS[presence]) : null;
    const bot = place && place.kind === "bot";
    const kind = bot ? pageWords("seat_kind_bot", { level: place.level ?? "easy" }) : null;
    const count = out ? pageWords("seat_out") : cardCount(size);
    const score = pageWords("seat_score", { score: view.scores[k] });
    parts.push(h("span", { className: "seat-turn", "aria-hidden": "true" }, turn ? "▶" : ""));
    const shownName = k === you ? pageWords("seat_name_you", { name }) : name;
    parts.push(h("span", { className: "seat-name" }, shownName));
    if (kind) parts.push(h("span", { className: "seat-kind" }, kind));
    parts.push(
      h(
        "span",
        { className: "seat-count", dataset: { testid: `count-${k}` } },
        count,
      ),
    );
    if (badge) parts.push(badge);
    parts.push(h("span", { className: "seat-score" }, score));
    if (presenceSaid)
      parts.push(h("span", { className: `seat-presence p-${presence}` }, presenceSaid));
    // One sentence for screen readers; the visible parts above say the same in pieces.
    const said = [
      k === you ? pageWords("seat_said_you", { name }) : name,
      asked
        ? pageWords("seat_asked_discard")
        : askedWindow
          ? pageWords("seat_asked_window")
          : turn
            ? pageWords("seat_to_play")
            : null,
      waiting ? pageWords("seat_window_waiting") : null,
      kind,
      out ? pageWords("seat_out_of_game") : cardCount(size),
      badge ? badge.textContent : null,
      score,
      presenceSaid,
    ]
      .filter(Boolean)
      .join(pageWords("list_separator"));
    items.push(
      h(
        "li",
        {
          className: ["seat", turn && "seat-to-act", k === you && "seat-you", out && "seat-out"]
            .filter(Boolean)
            .join(" "),
          "aria-current": turn ? "true" : null,
          "aria-label": said,
          dataset: { testid: `seat-${k}` },
        },
        parts,
      ),
    );
  }
  placeAround(items, you);
  list.replaceChildren(...items);
}

/**
 * Seat the players around the felt, the reader at the bottom (a spectator sees seat 1 there)
 * and the others in the order of play, clockwise: the next seat on the reader's left, across
 * the top, back down the right. Each seat's place is two custom properties the style sheet
 * uses where the table is wide enough to be round (set through the CSSOM, which the
 * Content-Security-Policy allows where it forbids style attributes).
 */
export function placeAround(items, you) {
  const count = items.length;
  const anchor = you ?? 0;
  items.forEach((item, k) => {
    const place = (k - anchor + count) % count;
    const angle = Math.PI / 2 + (place * 2 * Math.PI) / count;
    item.style.setProperty("--x", `${(50 + 43 * Math.cos(angle)).toFixed(2)}%`);
    item.style.setProperty("--y", `${(50 + 41 * Math.sin(angle)).toFixed(2)}%`);
    item.classList.toggle("seat-across", place !== 0);
  });
}

/** Replay a brief motion on `element` (a card arriving): the class is taken off and put back,
 * so the animation runs again; the style sheet stills it for prefers-reduced-motion. */
export function replayMotion(element, className) {
  element.classList.remove(className);
  void element.offsetWidth; // a reflow between, or the browser sees no change to animate
  element.classList.add(className);
}

/**
 * Every other seat's open hand under Pirate rules (RULES.md §7.6.2): one labelled list per
 * seat, each card named in words. The reader's own hand is the toolbar below, not repeated.
 * Hidden when the hands are not open.
 */
export function renderOpenHands(section, list, { view, names, you }) {
  const hands = Array.isArray(view.open_hands) ? view.open_hands : null;
  section.hidden = hands === null;
  if (hands === null) {
    list.replaceChildren();
    return;
  }
  const items = [];
  hands.forEach((hand, k) => {
    if (k === you || (view.active && view.active[k] === false)) return;
    const name = names[k] ?? pageWords("seat_number", { seat: k + 1 });
    const count = cardCount(hand.length);
    const cards = sortCodes(hand).map((code) =>
      h(
        "li",
        { className: `card card-small ${colorClass(code)}` },
        cardFace(code),
        h("span", { className: "visually-hidden" }, cardName(code)),
      ),
    );
    items.push(
      h(
        "li",
        { className: "open-hand" },
        // Seen at a glance; the list's own name says the same to a screen reader.
        h(
          "span",
          { className: "open-hand-name", "aria-hidden": "true" },
          pageWords("open_hand", { name, count }),
        ),
        h(
          "ul",
          {
            className: "open-hand-cards",
            "aria-label": pageWords("open_hand_label", { name, count }),
            dataset: { testid: `open-hand-${k}` },
          },
          cards.length ? cards : h("li", { className: "hand-empty" }, pageWords("no_cards")),
        ),
      ),
    );
  });
  list.replaceChildren(...items);
}

/** The discard pile's top, the colour to match, the direction and the stock. */
export function renderPile(parts, view) {
  const top = view.discard[view.discard.length - 1];
  const declared = top && top.startsWith("W") ? view.color : null;
  const colorWord = view.color ? COLOR_NAMES[view.color] : pageWords("not_named_yet");
  const before = parts.discard.dataset.top;
  const now = `${view.hand_number}:${view.discard.length}:${top}:${declared ?? ""}`;
  parts.discard.className = `card card-big ${colorClass(top, declared)}`;
  replaceChildren(parts.discard, cardFace(top, declared));
  parts.discard.dataset.top = now;
  // A card played (the pile grew or its top changed) lands with a brief motion.
  if (before !== undefined && before !== now) replayMotion(parts.discard, "card-arrive");
  const topName = cardName(top, declared);
  parts.discard.setAttribute("aria-label", pageWords("discard_pile", { card: topName }));
  parts.color.className = `colour-chip ${colorClassOf(view.color)}`;
  parts.color.textContent = view.color
    ? pageWords("colour_shown", { color: colorChoiceLabel(view.color) })
    : pageWords("colour_not_named");
  parts.color.setAttribute("aria-label", pageWords("colour_to_match", { color: colorWord }));
  const clockwise = view.direction === 1;
  parts.direction.textContent = pageWords(clockwise ? "direction_clockwise" : "direction_counter");
  parts.direction.setAttribute(
    "aria-label",
    pageWords("direction_label", {
      direction: pageWords(clockwise ? "clockwise" : "counter_clockwise"),
    }),
  );
  parts.stock.textContent = pageWords("stock", { count: view.stock_size });
  parts.stock.setAttribute("aria-label", pageWords("stock_label", { count: view.stock_size }));
  parts.hand.textContent = pageWords("hand_number", { hand: view.hand_number });
  parts.pending.textContent = view.pending_draw
    ? pageWords("pending_draw", { count: view.pending_draw })
    : "";
  parts.pending.hidden = !view.pending_draw;
  // A Pirate window (RULES.md §7.6.4): the top card waits; what it had to match is beneath.
  const inWindow = view.phase === "await_pirate" && view.discard.length > 1;
  parts.window.hidden = !inWindow;
  const beneath = inWindow ? cardName(view.discard[view.discard.length - 2]) : "";
  parts.window.textContent = !inWindow
    ? ""
    : view.pirate_color
      ? pageWords("pirate_window_colour", {
          card: beneath,
          color: COLOR_NAMES[view.pirate_color],
        })
      : pageWords("pirate_window", { card: beneath });
}

function button(label, testid, key, onClick, { busy, className = "" } = {}) {
  const element = h(
    "button",
    {
      type: "button",
      className: `decision ${className}`,
      "aria-keyshortcuts": key ?? null,
      dataset: { testid },
      onclick: (event) => {
        // The second click of a double click is not a second decision (SERVER.md §5).
        if (event.detail > 1) return;
        if (!isAriaDisabled(event.currentTarget)) onClick();
      },
    },
    label,
    key ? h("kbd", { "aria-hidden": "true" }, key) : null,
  );
  setAriaDisabled(element, busy);
  return element;
}

/**
 * The decisions on offer as buttons, each from a code of `legal` (never a guess). `on` holds
 * the handlers: act(code), playCard(card), stack(), jumpIn(), block() (an Invisibility's
 * block asks its colour). Returns true when the focused button went away.
 */
export function renderDecisions(container, { legal, view, names, you, busy }, on) {
  const buttons = [];
  const mine = you !== null && view.to_act === you;
  const drawn = mine && view.phase === "after_draw" ? view.drawn : null;
  if (drawn && legal.canPlay(drawn)) {
    buttons.push(
      button(
        pageWords("play_card", { card: cardName(drawn) }),
        "play-drawn",
        KEYS.playDrawn,
        () => on.playCard(drawn),
        { busy },
      ),
    );
  }
  if (legal.words.has("keep")) {
    buttons.push(button(pageWords("keep"), "keep", KEYS.keep, () => on.act("keep"), { busy }));
  }
  if (legal.words.has("draw")) {
    buttons.push(button(pageWords("draw"), "draw", KEYS.draw, () => on.act("draw"), { busy }));
  }
  const answering =
    mine && (view.phase === "await_stack_response" || view.phase === "await_wd4_response");
  if (answering && legal.plays.size) {
    buttons.push(button(pageWords("stack"), "stack", KEYS.stack, () => on.stack(), { busy }));
  }
  if (legal.words.has("challenge")) {
    buttons.push(
      button(pageWords("challenge"), "challenge", KEYS.challenge, () => on.act("challenge"), {
        busy,
      }),
    );
  }
  if (legal.words.has("accept")) {
    buttons.push(
      button(
        pageWords("accept_draw", { count: view.pending_draw }),
        "accept",
        KEYS.accept,
        () => on.act("accept"),
        { busy },
      ),
    );
  }
  for (const color of legal.colors) {
    buttons.push(
      button(
        pageWords("name_colour", { color: colorChoiceLabel(color) }),
        `color-${color.toLowerCase()}`,
        null,
        () => on.act(`color ${color.toLowerCase()}`),
        { busy, className: colorClassOf(color) },
      ),
    );
  }
  if (!mine && legal.plays.size && you !== null) {
    const card = (view.hand ?? []).find((code) => legal.canPlay(code)) ?? legal.playableCards()[0];
    buttons.push(
      button(
        pageWords("jump_in", { card: cardName(card) }),
        "jump-in",
        KEYS.jumpIn,
        () => on.jumpIn(card),
        { busy },
      ),
    );
  }
  if (legal.words.has("uno")) {
    buttons.push(
      button(pageWords("uno"), "uno", KEYS.uno, () => on.act("uno"), {
        busy,
        className: "decision-uno",
      }),
    );
  }
  legal.catches.forEach((target, index) => {
    const name = names[target] ?? pageWords("seat_number", { seat: target + 1 });
    buttons.push(
      button(
        pageWords("catch", { name }),
        `catch-${target}`,
        index === 0 ? KEYS.catch : null,
        () => on.act(`catch ${target}`),
        {
          busy,
          className: "decision-catch",
        },
      ),
    );
  });
  if (legal.blocks.length) {
    // An effect aimed at the Invisibility's holder (RULES.md §7.11.3): block it, or allow it.
    buttons.push(
      button(pageWords("block"), "block", KEYS.block, () => on.block(), { busy }),
    );
  }
  if (legal.words.has("allow")) {
    buttons.push(button(pageWords("allow"), "allow", KEYS.allow, () => on.act("allow"), { busy }));
  }
  if (legal.words.has("decline")) {
    // A discard round: the cards of the hand are the discards; this keeps them all.
    buttons.push(
      button(pageWords("decline"), "decline", KEYS.decline, () => on.act("decline"), { busy }),
    );
  }
  if (legal.words.has("pass")) {
    // A Pirate window (RULES.md §7.6.4) asks the reader: let the play stand, or call a cheat.
    buttons.push(
      button(pageWords("let_stand"), "pass", KEYS.letStand, () => on.act("pass"), { busy }),
    );
  }
  if (legal.words.has("cheat")) {
    buttons.push(
      button(pageWords("call_cheat"), "cheat", KEYS.callCheat, () => on.act("cheat"), {
        busy,
        className: "decision-cheat",
      }),
    );
  }
  if (legal.words.has("next")) {
    buttons.push(button(pageWords("next_hand"), "next", KEYS.next, () => on.act("next"), { busy }));
  }
  for (const code of legal.others) {
    buttons.push(
      button(code, `action-${code.replace(/\s+/g, "-")}`, null, () => on.act(code), { busy }),
    );
  }
  return keepingFocus(container, () => container.replaceChildren(...buttons));
}
