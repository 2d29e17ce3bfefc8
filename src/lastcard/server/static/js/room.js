// The waiting room as the table page shows it, from the latest `table` push: the invite link,
// the settings in a sentence, the seats and the controls (waiting.js draws them), and the host's
// settings form, built from the presets the server offers (rules_form.js).

import { getPresets, tableUrl } from "./api.js";
import { app, isHost, render } from "./app.js";
import { byId } from "./dom.js";
import { pageWords } from "./page_words.js";
import { RulesForm, rulesSummary } from "./rules_form.js";
import { request } from "./send.js";
import { renderWaitingControls, renderWaitingSeats } from "./waiting.js";

// A page opened at one of these names makes an invite link no one else can follow.
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Draw the waiting room from the latest `table` push. */
export function renderWaiting() {
  const table = app.table;
  const host = isHost();
  const link = new URL(tableUrl(app.code), window.location.href).href;
  const invite = byId("invite-link");
  invite.href = link;
  invite.textContent = link;
  byId("invite-hint").hidden = !LOOPBACK_HOSTS.has(window.location.hostname);
  byId("rules-summary").textContent = settingsSummary(table.settings);
  byId("next-commitment").textContent = table.next_commitment
    ? pageWords("next_deal_sealed", { commitment: table.next_commitment.slice(0, 12) })
    : "";
  renderWaitingSeats(
    byId("waiting-seats"),
    { table, youSeat: app.you.seat, host, levels: app.levels },
    {
      sit: (seat) => request("sit", { seat }),
      bot: (seat, level) => request("bot", { seat, level }),
      kick: (seat) => request("kick", { seat }),
    },
  );
  const busy = [...app.requests.values()].some((type) =>
    ["ready", "stand", "start"].includes(type),
  );
  renderWaitingControls(
    {
      ready: byId("ready"),
      stand: byId("stand"),
      start: byId("start"),
      hostBox: byId("host-settings"),
      hint: byId("waiting-hint"),
    },
    { table, youSeat: app.you.seat, host, busy },
  );
  if (host) fillHostSettings(table.settings);
}

function settingsSummary(settings) {
  if (!settings) return "";
  const rules = rulesSummary(settings.rules, app.presets);
  const target = !settings.target
    ? ""
    : settings.target === 1
      ? pageWords("rules_target_one")
      : pageWords("rules_target", { target: settings.target });
  const timer = settings.turn_seconds
    ? pageWords("rules_timer", { seconds: settings.turn_seconds })
    : pageWords("rules_no_timer");
  const watch = pageWords(settings.spectators ? "rules_spectators" : "rules_no_spectators");
  return pageWords("rules_summary", { rules, target, timer, watch });
}

function fillHostSettings(settings) {
  if (!app.settingsForm || !settings) return;
  const key = JSON.stringify(settings);
  if (key === app.settingsShown) return; // keep what the host is editing
  app.settingsShown = key;
  app.settingsForm.set(settings.rules);
  byId("settings-target").value = settings.target ?? "";
  byId("settings-timer").value = String(settings.turn_seconds ?? 0);
  byId("settings-spectators").checked = Boolean(settings.spectators);
}

/** The host's settings form's submit: the table's new settings are sent. */
export function submitSettings(event) {
  event.preventDefault();
  const target = byId("settings-target").value.trim();
  const fields = {
    rules: app.settingsForm ? app.settingsForm.value() : "official",
    target: target === "" ? null : Number(target),
    turn_seconds: Number(byId("settings-timer").value),
    spectators: byId("settings-spectators").checked,
  };
  app.settingsShown = null;
  request("settings", fields);
}

/** Fetch the rule presets and bot levels, and build the host's rules form from them. */
export async function loadPresets() {
  try {
    app.presets = await getPresets();
    if (Array.isArray(app.presets.levels) && app.presets.levels.length)
      app.levels = app.presets.levels;
    app.settingsForm = new RulesForm(
      byId("settings-preset"),
      byId("settings-options"),
      app.presets,
      "settings",
    );
    app.settingsShown = null;
    render();
  } catch {
    // Without presets the host keeps the rules as they are; everything else works.
  }
}
