// The waiting room: who sits where, who is ready, and what the host may change.
// Built from `table` pushes; seats are numbered from 1 on screen, from 0 in the protocol and in
// data-testid values.

import { h, setAriaDisabled } from "./dom.js";
import { keepingFocus } from "./board.js";
import { pageWords } from "./page_words.js";

function levelWords(level) {
  return level ? pageWords("level_bot", { level }) : pageWords("level_unknown");
}

function seatWords(place, index, table, youSeat) {
  const parts = [];
  if (place.kind === "empty") {
    parts.push(pageWords("seat_empty"));
  } else if (place.kind === "bot") {
    const name = place.name ?? pageWords("bot_name");
    parts.push(pageWords("seat_bot", { name, level: levelWords(place.level) }));
  } else {
    parts.push(place.name ?? pageWords("seat_player"));
    if (index === youSeat) parts.push(pageWords("seat_you"));
    if (index === table.host) parts.push(pageWords("seat_host"));
    if (!place.connected) parts.push(pageWords("seat_offline"));
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
          pageWords("sit", { seat: index + 1 }),
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
          pageWords("free_seat", { seat: index + 1 }),
        ),
      );
    }
    if (host && place.kind !== "human") {
      const id = `bot-level-${index}`;
      const select = h(
        "select",
        { id, dataset: { testid: `bot-${index}` } },
        h("option", { value: "" }, pageWords("empty_seat_choice")),
        levels.map((level) => h("option", { value: level }, levelWords(level))),
      );
      select.value = place.kind === "bot" ? (place.level ?? "") : "";
      select.addEventListener("change", () => on.bot(index, select.value || null));
      controls.push(
        h(
          "label",
          { for: id, className: "visually-hidden" },
          pageWords("seat_number", { seat: index + 1 }),
        ),
        select,
      );
    }
    return h(
      "li",
      {
        className: `wait-seat wait-${place.kind}${index === youSeat ? " seat-you" : ""}`,
        dataset: { testid: `wait-seat-${index}` },
      },
      h("span", { className: "wait-number" }, pageWords("seat_number", { seat: index + 1 })),
      h("span", { className: "wait-who" }, words.join(", ")),
      place.kind === "human"
        ? h(
            "span",
            { className: `badge ${place.ready ? "badge-ready" : "badge-wait"}` },
            pageWords(
              place.ready
                ? "ready_badge"
                : index === youSeat
                  ? "not_ready_you_badge"
                  : "not_ready_badge",
            ),
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
    parts.ready.textContent = pageWords(place.ready ? "ready_pressed" : "ready");
  }
  parts.hostBox.hidden = !host;
  parts.start.hidden = !host;
  const filled = table.seats.filter((s) => s.kind !== "empty").length;
  // The reader is told of their own readiness as "you", with what to press, apart from others.
  const youUnready = seated && !place.ready;
  const unready = table.seats
    .filter((s, index) => s.kind === "human" && !s.ready && index !== youSeat)
    .map((s) => s.name ?? pageWords("someone"));
  const others = unready.length ? pageWords("waiting_for", { names: unready.join(", ") }) : "";
  let hint;
  if (filled < 2) hint = pageWords("needs_two_seats");
  else if (youUnready) hint = `${pageWords("press_ready")} ${others}`.trim();
  else if (unready.length) hint = others;
  else
    hint = pageWords(host ? "all_ready_host" : "all_ready_guest");
  parts.hint.textContent = hint;
  for (const control of [parts.ready, parts.stand, parts.start]) setAriaDisabled(control, busy);
}
