// The lobby (/): create a table, join one by code, or pick an open public table.
//
// data-testid: create-form, table-name, player-name, seats, seat-kind-N (N from 1: the other
// seats, "person" or a bot level), preset, option-<name> (house rules), target, turn-seconds,
// spectators, public, create, create-error; join-code, join-code-name, join-code-button,
// join-code-error; tables, table-<CODE>, join-table-<CODE>, refresh-tables, tables-error.
//
// A seat's token from the server is kept in localStorage under "lastcard:token:{code}"; the
// table page reads it from there.

import { ApiError, createTable, getPresets, joinTable, listTables, tableUrl } from "./api.js";
import { announce, byId, h } from "./dom.js";
import { errorWords } from "./errors.js";
import { pageWords } from "./page_words.js";
import { RulesForm, rulesSummary } from "./rules_form.js";
import { loadName, loadToken, normaliseCode, saveName, saveToken } from "./storage.js";

const FALLBACK_LEVELS = ["easy", "medium", "hard"];

const lobby = {
  presets: null,
  levels: FALLBACK_LEVELS,
  rulesForm: null,
  seatKinds: new Map(), // seat -> "person" or a level, kept when the number of seats changes
};

function words(failure) {
  if (failure instanceof ApiError) return errorWords(failure.code, failure.message, failure.words);
  return errorWords("NETWORK");
}

function goToTable(code, { watch = false } = {}) {
  window.location.assign(`${tableUrl(code)}${watch ? "?watch=1" : ""}`);
}

// -- create -------------------------------------------------------------------------------------

function renderSeatKinds() {
  const seats = Number(byId("seats").value);
  const box = byId("seat-kinds");
  const rows = [];
  for (let seat = 1; seat < seats; seat += 1) {
    const id = `seat-kind-${seat}`;
    const select = h(
      "select",
      { id, dataset: { testid: id } },
      h("option", { value: "person" }, pageWords("seat_person")),
      lobby.levels.map((level) => h("option", { value: level }, pageWords("level_bot", { level }))),
    );
    select.value = lobby.seatKinds.get(seat) ?? (seat === 1 ? lobby.levels[0] : "person");
    lobby.seatKinds.set(seat, select.value);
    select.addEventListener("change", () => lobby.seatKinds.set(seat, select.value));
    rows.push(
      h(
        "div",
        { className: "field field-inline" },
        h("label", { for: id }, pageWords("seat_number", { seat: seat + 1 })),
        select,
      ),
    );
  }
  box.replaceChildren(...rows);
}

function createBody() {
  const seats = Number(byId("seats").value);
  const bots = [];
  for (let seat = 1; seat < seats; seat += 1) {
    const kind = lobby.seatKinds.get(seat) ?? "person";
    if (kind !== "person") bots.push({ seat, level: kind });
  }
  const target = byId("target").value.trim();
  const body = {
    name: byId("player-name").value.trim(),
    rules: lobby.rulesForm ? lobby.rulesForm.value() : byId("preset").value || "official",
    target: target === "" ? null : Number(target),
    turn_seconds: Number(byId("turn-seconds").value),
    seats,
    bots,
    spectators: byId("spectators").checked,
    public: byId("public").checked,
  };
  const tableName = byId("table-name").value.trim();
  if (tableName) body.table_name = tableName;
  return body;
}

async function submitCreate(event) {
  event.preventDefault();
  const error = byId("create-error");
  const nameInput = byId("player-name");
  error.textContent = "";
  if (!nameInput.value.trim()) {
    error.textContent = pageWords("name_needed");
    nameInput.focus();
    return;
  }
  const target = byId("target").value.trim();
  if (target !== "" && !(Number.isInteger(Number(target)) && Number(target) > 0)) {
    error.textContent = pageWords("target_invalid");
    byId("target").focus();
    return;
  }
  saveName(nameInput.value.trim());
  const button = byId("create");
  button.disabled = true;
  announce(byId("lobby-status"), pageWords("creating_table"));
  try {
    const reply = await createTable(createBody());
    saveToken(reply.code, reply.token);
    goToTable(reply.code);
  } catch (failure) {
    error.textContent = words(failure);
    button.disabled = false;
    announce(byId("lobby-status"), "");
  }
}

// -- join ---------------------------------------------------------------------------------------

/** Join `code` as `name`: a seat (its token kept) or, once the game runs, a place to watch. */
async function join(code, name, errorElement) {
  errorElement.textContent = "";
  if (!code) {
    errorElement.textContent = pageWords("code_needed");
    return;
  }
  if (loadToken(code)) {
    goToTable(code); // this browser already holds a seat there
    return;
  }
  if (!name) {
    errorElement.textContent = pageWords("join_name_needed");
    byId("join-code-name").focus();
    return;
  }
  saveName(name);
  try {
    const reply = await joinTable(code, { name });
    if (reply && reply.token) {
      saveToken(code, reply.token);
      goToTable(code);
    } else {
      goToTable(code, { watch: true });
    }
  } catch (failure) {
    errorElement.textContent = words(failure);
  }
}

function submitJoin(event) {
  event.preventDefault();
  const code = normaliseCode(byId("join-code").value);
  byId("join-code").value = code;
  join(code, byId("join-code-name").value.trim(), byId("join-code-error"));
}

// -- open tables --------------------------------------------------------------------------------

async function refreshTables() {
  const list = byId("tables");
  const error = byId("tables-error");
  error.textContent = "";
  try {
    const reply = await listTables();
    const tables = Array.isArray(reply.tables) ? reply.tables : [];
    if (!tables.length) {
      list.replaceChildren(
        h("li", { className: "empty" }, pageWords("no_open_tables")),
      );
      return;
    }
    list.replaceChildren(
      ...tables.map((table) => {
        const open = table.status === "waiting" && table.taken < table.seats;
        const label = pageWords(open ? "table_join" : "table_watch");
        const title = table.name || pageWords("table_default_name", { code: table.code });
        return h(
          "li",
          { className: "table-row", dataset: { testid: `table-${table.code}` } },
          h("span", { className: "table-name" }, title),
          h(
            "span",
            { className: "table-facts" },
            [
              table.code,
              pageWords("seats_taken", { taken: table.taken, seats: table.seats }),
              pageWords(table.status === "waiting" ? "table_waiting" : "table_playing"),
              rulesSummary(table.rules, lobby.presets),
            ].join(pageWords("facts_separator")),
          ),
          h(
            "button",
            {
              type: "button",
              className: "small",
              "aria-label": pageWords("table_action", { action: label, table: title }),
              dataset: { testid: `join-table-${table.code}` },
              onclick: () => {
                if (!open) {
                  goToTable(table.code, { watch: true });
                  return;
                }
                byId("join-code").value = table.code;
                join(table.code, byId("join-code-name").value.trim(), error);
              },
            },
            label,
          ),
        );
      }),
    );
  } catch (failure) {
    error.textContent = words(failure);
  }
}

// -- start --------------------------------------------------------------------------------------

async function loadPresets() {
  try {
    lobby.presets = await getPresets();
    if (Array.isArray(lobby.presets.levels) && lobby.presets.levels.length)
      lobby.levels = lobby.presets.levels;
    lobby.rulesForm = new RulesForm(byId("preset"), byId("rule-options"), lobby.presets, "create");
    renderSeatKinds();
  } catch (failure) {
    byId("create-error").textContent =
      pageWords("presets_failed", { why: words(failure) });
  }
}

function start() {
  const name = loadName();
  byId("player-name").value = name;
  byId("join-code-name").value = name;
  byId("seats").addEventListener("change", renderSeatKinds);
  byId("create-form").addEventListener("submit", submitCreate);
  byId("join-code-form").addEventListener("submit", submitJoin);
  byId("refresh-tables").addEventListener("click", refreshTables);
  renderSeatKinds();
  loadPresets();
  refreshTables();
}

start();
