// The end of a hand at a glance: who went out, the cards each other player was left holding
// and what they counted, the points scored and the scores after it. Built from the hand's
// `hand_over` event (the same one the story tells line by line); shown until the next deal.

import { cardName, colourClass, sortCodes } from "./cards.js";
import { h } from "./dom.js";
import { cardFace } from "./hand.js";

function points(value) {
  return value === 1 ? "1 point" : `${value} points`;
}

/** The heading: "Hand 2: Ana goes out and scores 37", or the hand blocked. */
export function summaryHeading(event, hand, name) {
  const out = event.went_out;
  if (out === null || out === undefined) return `Hand ${hand} is blocked: nobody scores`;
  const scored = event.points?.[out] ?? 0;
  const verb = name(out) === "You" ? ["go out", "score"] : ["goes out", "scores"];
  return scored
    ? `Hand ${hand}: ${name(out)} ${verb[0]} and ${verb[1]} ${points(scored)}`
    : `Hand ${hand}: ${name(out)} ${verb[0]}`;
}

function cardsCell(codes) {
  if (!codes.length) return h("td", {}, "none");
  const cards = sortCodes(codes).map((code) =>
    h(
      "li",
      { className: `card card-small ${colourClass(code)}` },
      cardFace(code),
      h("span", { className: "visually-hidden" }, cardName(code)),
    ),
  );
  return h("td", {}, h("ul", { className: "summary-cards" }, cards));
}

/**
 * Fill the summary `section` from `summary` ({event, hand}, or null to hide it). `names[k]`
 * names seat k; `you` is the reader's seat (told "You").
 */
export function renderHandSummary(section, summary, { names, you }) {
  section.hidden = summary === null;
  if (summary === null) return;
  const { event, hand } = summary;
  const name = (seat) => (seat === you ? "You" : (names[seat] ?? `Seat ${seat + 1}`));
  section.querySelector("h3").textContent = summaryHeading(event, hand, name);
  const hands = event.hands ?? [];
  const rows = (event.totals ?? []).map((total, seat) => {
    const wentOut = seat === event.went_out;
    const counted = wentOut
      ? `+${points(event.points?.[seat] ?? 0)}`
      : points(event.hand_values?.[seat] ?? 0);
    return h(
      "tr",
      { className: wentOut ? "summary-out" : null, dataset: { testid: `summary-${seat}` } },
      h("th", { scope: "row" }, wentOut ? `${name(seat)} (out)` : name(seat)),
      cardsCell(wentOut ? [] : (hands[seat] ?? [])),
      h("td", {}, counted),
      h("td", {}, String(total)),
    );
  });
  section.querySelector("tbody").replaceChildren(...rows);
}
