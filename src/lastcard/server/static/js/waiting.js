// The waiting room: who sits where, who is ready, and what the host may change.
// Built from `table` pushes; seats are numbered from 1 on screen, from 0 in the protocol and in
// data-testid values.

import { h, setAriaDisabled } from "./dom.js";
import { keepingFocus } from "./board.js";

const LEVEL_WORDS = { easy: "easy bot", medium: "medium bot", hard: "hard bot", expert: "expert bot" };

function seatWords(place, index, table, youSeat) {
  const parts = [];
  if (place.kind === "empty") {
    parts.push("empty");
  } else if (place.kind === "bot") {
    parts.push(`${place.name ?? "Bot"} (${LEVEL_WORDS[place.level] ?? "bot"})`);
  } else {
    parts.push(place.name ?? "Player");
    if (index === youSeat) parts.push("you");
    if (index === table.host) parts.push("host");
    if (!place.connected) parts.push("offline");
  }
  return parts;
}

/**
 * Draw the seats. `on.sit(seat)` moves the reader to an empty seat; `on.bot(seat, level)` (host
 * only) puts a bot of that level in a seat, or empties it (level null); `on.kick(seat)` (host
 * only) frees the seat of a person who is not ready (SERVER.md §8: at once when they are away,
 * some minutes after a refused start when they are here; the server says which).
 */
export function renderWaitingSeats(list, { table, youSeat, host, levels }, on) {
  const items = table.seats.map((place, index) => {
    const words = seatWords(place, index, table, youSeat);
    const controls = [];
    if (youSeat !== null && place.kind === "empty") {
      controls.push(
        h(
          "button",
          {
            type: "button",
            className: "small",
            dataset: { testid: `sit-${index}` },
            onclick: () => on.sit(index),
          },
          `Sit in seat ${index + 1}`,
        ),
      );
    }
    if (host && place.kind === "human" && index !== youSeat && !place.ready) {
      controls.push(
        h(
          "button",
          {
            type: "button",
            className: "small",
            dataset: { testid: `kick-${index}` },
            onclick: () => on.kick(index),
          },
          `Free seat ${index + 1}`,
        ),
      );
    }
    if (host && place.kind !== "human") {
      const id = `bot-level-${index}`;
      const select = h(
        "select",
        { id, dataset: { testid: `bot-${index}` } },
        h("option", { value: "" }, "empty seat"),
        levels.map((level) => h("option", { value: level }, LEVEL_WORDS[level] ?? `${level} bot`)),
      );
      select.value = place.kind === "bot" ? (place.level ?? "") : "";
      select.addEventListener("change", () => on.bot(index, select.value || null));
      controls.push(
        h("label", { for: id, className: "visually-hidden" }, `Seat ${index + 1}`),
        select,
      );
    }
    return h(
      "li",
      {
        className: `wait-seat wait-${place.kind}${index === youSeat ? " seat-you" : ""}`,
        dataset: { testid: `wait-seat-${index}` },
      },
      h("span", { className: "wait-number" }, `Seat ${index + 1}`),
      h("span", { className: "wait-who" }, words.join(", ")),
      place.kind === "human"
        ? h(
            "span",
            { className: `badge ${place.ready ? "badge-ready" : "badge-wait"}` },
            place.ready ? "✓ ready" : index === youSeat ? "… not ready yet" : "… not ready",
          )
        : null,
      controls.length ? h("span", { className: "wait-controls" }, controls) : null,
    );
  });
  keepingFocus(list, () => list.replaceChildren(...items));
}

/** The reader's own controls: ready toggle and stand for a seated person; start for the host. */
export function renderWaitingControls(parts, { table, youSeat, host, busy }) {
  const place = youSeat !== null ? table.seats[youSeat] : null;
  const seated = place !== null && place !== undefined && place.kind === "human";
  parts.ready.hidden = !seated;
  parts.stand.hidden = !seated;
  if (seated) {
    parts.ready.setAttribute("aria-pressed", place.ready ? "true" : "false");
    parts.ready.textContent = place.ready ? "Ready ✓ (press to wait)" : "I'm ready";
  }
  parts.hostBox.hidden = !host;
  parts.start.hidden = !host;
  const filled = table.seats.filter((s) => s.kind !== "empty").length;
  // The reader is told of their own readiness as "you", with what to press, apart from others.
  const youUnready = seated && !place.ready;
  const unready = table.seats
    .filter((s, index) => s.kind === "human" && !s.ready && index !== youSeat)
    .map((s) => s.name ?? "someone");
  const others = unready.length ? `Waiting for ${unready.join(", ")} to be ready.` : "";
  let hint;
  if (filled < 2) hint = "A game needs at least two filled seats: invite someone or add a bot.";
  else if (youUnready) hint = `Press “I'm ready” when you are. ${others}`.trim();
  else if (unready.length) hint = others;
  else
    hint = host
      ? "Everyone is ready: start when you like."
      : "Everyone is ready: the host starts the game.";
  parts.hint.textContent = hint;
  for (const control of [parts.ready, parts.stand, parts.start]) setAriaDisabled(control, busy);
}
