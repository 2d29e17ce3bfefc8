// The player's hand: a role="toolbar" of card buttons with a roving tabindex (SERVER.md §9).
//
// Arrows move between cards (Up/Down too, for phones held sideways), Home and End jump to the
// ends, Enter or Space plays the focused card, Shift+Enter (or Shift+click) plays it with an Uno
// call. Cards that cannot be played now are aria-disabled yet stay focusable, so a keyboard or
// screen-reader user can still read the whole hand. After a play, focus lands on the card that
// took the played card's place (its right-hand neighbour, or the new last card). In a discard
// round (RULES.md §7.11.4) the same choice discards the card, after a Mambo (§7.11.7) gives it,
// and the Invisibility card blocks an effect aimed at its holder (§7.11.3): the page's `onPlay`
// decides which.
// Under Pirate rules (§7.6.3) every card may be played on one's turn: those that would be
// cheats carry a visible "cheat" mark and say so in their names before they are chosen.

import { cardName, colorClass, faceLines, parseCard } from "./cards.js";
import { h, isAriaDisabled, setAriaDisabled } from "./dom.js";
import { pageWords } from "./page_words.js";

/** data-testid of each card: "card-R7", a second copy "card-R7-2" (ids stay unique). */
export function cardTestIds(codes) {
  const seen = new Map();
  return codes.map((code) => {
    const count = (seen.get(code) ?? 0) + 1;
    seen.set(code, count);
    return count === 1 ? `card-${code}` : `card-${code}-${count}`;
  });
}

/** A card face (for the pile and the hand): colour mark over value, hidden from speech. A
 * value of four or five characters ("SKIP", "JOKER") is set smaller so that it fits the card. */
export function cardFace(code, declared = null) {
  const [mark, value] = faceLines(code, declared);
  // A wild's value sits on a dark pill, a letter wider: W+4 takes the size of SKIP to fit.
  const width = parseCard(code)?.wild ? Math.max(value.length, 4) : value.length;
  const long = width > 4 ? " face-value-long" : width === 4 ? " face-value-wide" : "";
  return [
    // A wild's declared colour (★→G■) is two marks on one line: a smaller size fits them.
    h("span", { className: `face-mark${mark.length > 2 ? " face-mark-wide" : ""}`, "aria-hidden": "true" }, mark),
    h("span", { className: `face-value${long}`, "aria-hidden": "true" }, value),
  ];
}

export class HandView {
  /**
   * `onPlay(code, {uno, index})`: a playable card was chosen (`uno`: Shift was held).
   * `onBlocked(code)`: an unplayable card was chosen.
   */
  constructor(element, { onPlay, onBlocked }) {
    this.element = element;
    this.onPlay = onPlay;
    this.onBlocked = onBlocked;
    this.cards = [];
    this.active = 0; // the index holding tabindex=0
    this.playedIndex = null; // where the last played card was, to focus its neighbour
    this.keyPlayedAt = -Infinity;
    element.addEventListener("keydown", (event) => this.keydown(event));
    element.addEventListener("click", (event) => this.click(event));
    element.addEventListener("focusin", (event) => {
      const index = this.indexOf(event.target);
      if (index !== null) this.setActive(index, false);
    });
  }

  buttons() {
    return [...this.element.querySelectorAll("button.card")];
  }

  indexOf(target) {
    const button = target instanceof Element ? target.closest("button.card") : null;
    if (!button || !this.element.contains(button)) return null;
    return Number(button.dataset.index);
  }

  /**
   * Draw the hand. `cards`: codes in display order; `playable`: a Set of codes that may be
   * played; `drawn`: the card just drawn (marked); `busy`: an action is in flight; `cheats`:
   * the playable codes that would be Pirate cheats, and `cheatWhy` why, in words.
   */
  render({
    cards,
    playable,
    drawn = null,
    busy = false,
    label,
    cheats = new Set(),
    cheatWhy = pageWords("cheat_no_match"),
  }) {
    const previous = this.cards;
    let refocus = this.element.contains(document.activeElement);
    if (this.playedIndex !== null && cards.length < previous.length) {
      // The card played has left: its neighbour takes its place and the focus.
      this.active = this.playedIndex;
      const elsewhere = document.activeElement && document.activeElement !== document.body;
      refocus = refocus || (this.focusWasOurs && !elsewhere);
      this.playedIndex = null;
    } else {
      // Same card as before if it is still held (a draw may sort new cards in before it).
      const code = previous[this.active];
      const at = code === undefined ? -1 : nearestIndex(cards, code, this.active);
      if (at >= 0) this.active = at;
    }
    this.active = Math.max(0, Math.min(this.active, cards.length - 1));
    // The cards that came since the last drawing (a draw, a deal) arrive with a brief motion.
    const arriving = previous.length ? newcomers(previous, cards) : new Set();
    this.cards = cards;
    const ids = cardTestIds(cards);
    let drawnMarked = false;
    const buttons = cards.map((code, index) => {
      const canPlay = playable.has(code) && !busy;
      const isDrawn = drawn !== null && code === drawn && !drawnMarked;
      if (isDrawn) drawnMarked = true;
      const cheat = playable.has(code) && cheats.has(code);
      let name = isDrawn ? pageWords("just_drawn", { card: cardName(code) }) : cardName(code);
      if (cheat) name = pageWords("a_cheat", { card: name, why: cheatWhy });
      const button = h(
        "button",
        {
          type: "button",
          className: [
            "card",
            colorClass(code),
            playable.has(code) && "playable",
            isDrawn && "drawn",
            cheat && "cheat",
            arriving.has(index) && "card-drawn-in",
          ]
            .filter(Boolean)
            .join(" "),
          tabindex: index === this.active ? "0" : "-1",
          "aria-label": name,
          dataset: { code, index, testid: ids[index] },
        },
        cardFace(code),
        cheat
          ? h("span", { className: "cheat-mark", "aria-hidden": "true" }, pageWords("cheat_mark"))
          : null,
      );
      setAriaDisabled(button, !canPlay);
      return button;
    });
    this.element.replaceChildren(...buttons);
    this.element.setAttribute("aria-label", label);
    if (cards.length === 0) {
      this.element.append(h("p", { className: "hand-empty" }, pageWords("hand_empty")));
    }
    if (refocus && buttons.length) buttons[this.active].focus();
  }

  /** Forget a play that was refused: the hand did not change. */
  playFailed() {
    this.playedIndex = null;
  }

  setActive(index, focus = true) {
    const buttons = this.buttons();
    if (!buttons.length) return;
    this.active = (index + buttons.length) % buttons.length;
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === this.active ? "0" : "-1"));
    if (focus) buttons[this.active].focus();
  }

  /** Move the keyboard into the hand: the first playable card, else the active one. */
  focus({ playable = true } = {}) {
    const buttons = this.buttons();
    if (!buttons.length) return;
    const first = playable ? buttons.findIndex((b) => !isAriaDisabled(b)) : -1;
    this.setActive(first >= 0 ? first : this.active);
  }

  keydown(event) {
    const index = this.indexOf(event.target);
    if (index === null) return;
    const last = this.cards.length - 1;
    let next;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        next = index === last ? 0 : index + 1;
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = index === 0 ? last : index - 1;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = last;
        break;
      case "Enter":
      case " ":
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        event.preventDefault();
        this.keyPlayedAt = performance.now();
        this.choose(index, event.shiftKey);
        return;
      default:
        return;
    }
    event.preventDefault();
    this.setActive(next);
  }

  click(event) {
    const index = this.indexOf(event.target);
    if (index === null) return;
    // A key press already played this card: the browser's own click after it is not another.
    if (event.detail === 0 && performance.now() - this.keyPlayedAt < 500) return;
    // The second click of a double click is not a second play (SERVER.md §5).
    if (event.detail > 1) return;
    this.setActive(index, false);
    this.choose(index, event.shiftKey);
  }

  choose(index, uno) {
    const button = this.buttons()[index];
    if (!button) return;
    const code = button.dataset.code;
    if (isAriaDisabled(button)) {
      this.onBlocked(code);
      return;
    }
    this.onPlay(code, { uno, index });
  }

  /** Called when a play from the hand was sent: the next render focuses its neighbour. */
  played(index) {
    this.playedIndex = index;
    this.focusWasOurs = true;
  }
}

/** The indices in `cards` of the copies `previous` did not hold. */
function newcomers(previous, cards) {
  const held = new Map();
  for (const code of previous) held.set(code, (held.get(code) ?? 0) + 1);
  const found = new Set();
  cards.forEach((code, index) => {
    const left = held.get(code) ?? 0;
    if (left > 0) held.set(code, left - 1);
    else found.add(index);
  });
  return found;
}

/** The index of `code` in `cards` closest to `near`, or -1. */
function nearestIndex(cards, code, near) {
  let best = -1;
  cards.forEach((card, index) => {
    if (card === code && (best < 0 || Math.abs(index - near) < Math.abs(best - near))) best = index;
  });
  return best;
}
