// The end of a hand at a glance: who went out, the cards each other player was left holding
// and what they counted, the points scored and the scores after it. Built from the hand's
// `hand_over` event (the same one the story tells line by line); shown until the next deal.

import { cardName, colorClass, sortCodes } from "./cards.js";
import { h } from "./dom.js";
import { cardFace } from "./hand.js";
import { pageWords } from "./page_words.js";

function points(value) {
  return value === 1 ? pageWords("points_one") : pageWords("points", { count: value });
}

/** The heading: "Hand 2: Ana goes out and scores 37", or the hand blocked. */
export function summaryHeading(event, hand, name) {
  const out = event.went_out;
  if (out === null || out === undefined) return pageWords("hand_blocked", { hand });
  const scored = event.points?.[out] ?? 0;
  const you = name(out) === pageWords("summary_you");
  const values = { hand, name: name(out), points: points(scored) };
  if (scored) return pageWords(you ? "hand_you_out_score" : "hand_out_score", values);
  return pageWords(you ? "hand_you_out" : "hand_out", values);
}

function cardsCell(codes) {
  if (!codes.length) return h("td", {}, pageWords("summary_none"));
  const cards = sortCodes(codes).map((code) =>
    h(
      "li",
      { className: `card card-small ${colorClass(code)}` },
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
  const name = (seat) => {
    if (seat === you) return pageWords("summary_you");
    return names[seat] ?? pageWords("seat_number", { seat: seat + 1 });
  };
  section.querySelector("h3").textContent = summaryHeading(event, hand, name);
  const hands = event.hands ?? [];
  const rows = (event.totals ?? []).map((total, seat) => {
    const wentOut = seat === event.went_out;
    const counted = wentOut
      ? pageWords("points_won", { points: points(event.points?.[seat] ?? 0) })
      : points(event.hand_values?.[seat] ?? 0);
    return h(
      "tr",
      { className: wentOut ? "summary-out" : null, dataset: { testid: `summary-${seat}` } },
      h(
        "th",
        { scope: "row" },
        wentOut ? pageWords("summary_out", { name: name(seat) }) : name(seat),
      ),
      cardsCell(wentOut ? [] : (hands[seat] ?? [])),
      h("td", {}, counted),
      h("td", {}, String(total)),
    );
  });
  section.querySelector("tbody").replaceChildren(...rows);
}
