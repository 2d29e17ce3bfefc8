"""The new-game screen: players, bot levels, house rules and seed.

The screen keeps its own model of the form (players, levels, each option's value) updated from
the controls' change messages, and derives everything else from it: the `Rules`, whether they can
start a game, the error line and which preset they equal. Deriving the preset name instead of
tracking edits means a preset chosen from the list, or reached by setting its options one by one,
reads the same.

Controls the screen sets itself (a preset filling in its options, the preset name) are set with
their change messages prevented: those messages would arrive after later edits and, handled
then, undo them.

A set option (the theme cards, §7.11) has a switch per member, each with its own line of help;
the model holds the set, and each switch adds or removes its member.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from lastcard.core import Rules
from lastcard.core.errors import RulesError
from lastcard.core.rng import MAX_SEED
from lastcard.words import PRESET_HELP, rules_name
from lastcard.words.options import (
    OPTIONS,
    OPTIONS_BY_NAME,
    OptionSpec,
    choice_label,
    forced_options,
    member_label,
    option_value,
)

from .new_game_style import NEW_GAME_CSS
from .settings import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    LEVEL_HELP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPPONENT_NAMES,
    PlaySettings,
)

CUSTOM = "custom"
STACK_BELOW = 120  # columns under which the setup and the options stack
MEMBER = "--"  # between a set option's name and a member's in a switch's id


def rules_from_values(base: Rules, values: dict[str, Any]) -> Rules:
    """`base` with every option set from its control's value at once.

    All at once, not one by one: a valid combination may pass through invalid ones on the way
    (teams on, elimination off). Raises `RulesError` when the combination is invalid.
    """
    data = base.to_dict()
    for name, value in values.items():
        if name == "wild_downpour":
            if not value:
                data[name] = None
            elif base.wild_downpour is None:
                data[name] = True  # §7.7.1: on without counts gives the default counts
        elif isinstance(value, frozenset):
            data[name] = sorted(value)  # a set option, as `Rules.to_dict` writes it
        else:
            data[name] = value
    return Rules.from_dict(data)


def _on_off(value: Any) -> str:
    return "on" if value else "off"


def member_id(name: str, member: str) -> str:
    """The id of the switch of one member of a set option: `opt-theme_cards--joker`."""
    return f"opt-{name}{MEMBER}{member}"


SEED_ERROR = "Seed: enter a whole number from 0 to 2^512 − 1 (up to 155 digits), or leave it empty"


class NewGameScreen(Screen[PlaySettings | None]):
    """Choose a game; dismisses with the new `PlaySettings`, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "cancel", "Cancel"),
    ]

    DEFAULT_CSS = NEW_GAME_CSS

    def __init__(self, settings: PlaySettings) -> None:
        super().__init__()
        self._settings = settings
        self._base = settings.rules
        self._players = settings.players
        known = [level if level in BOT_LEVELS else DEFAULT_LEVEL for level in settings.levels]
        self._levels = (known + [DEFAULT_LEVEL] * MAX_PLAYERS)[: MAX_PLAYERS - 1]
        self._values: dict[str, Any] = {
            spec.name: option_value(settings.rules, spec.name) for spec in OPTIONS
        }
        # A choice control's values: the spec's choices, plus the current value when it is not
        # one of them (explicit team seat lists from a saved file), so no setting is lost.
        self._choices: dict[str, list[Any]] = {}
        for spec in OPTIONS:
            if spec.kind == "choice":
                choices = list(spec.choices)
                if self._values[spec.name] not in choices:
                    choices.append(self._values[spec.name])
                self._choices[spec.name] = choices
        self._input_errors: dict[str, str] = {}
        self._forced: dict[str, tuple[Any, str]] = {}  # shown as another option sets them
        self._seed: int | None = settings.seed
        self._rules: Rules | None = settings.rules
        self._error = ""

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("New game", id="title")
        body = Horizontal(id="body")
        setup = VerticalScroll(id="setup")
        options = VerticalScroll(id="options")
        for scrolled in (body, setup, options):
            # Tab goes from control to control: a column took a stop of its own that showed
            # nothing, and what was typed next went to another field than the one looked at.
            # Focusing a control scrolls it into view.
            scrolled.can_focus = False
        with body:
            with setup:
                with Horizontal(classes="row"):
                    yield Label("Players")
                    yield Select(
                        [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                        value=self._players,
                        allow_blank=False,
                        compact=True,
                        id="players",
                    )
                with Vertical(id="opponents"):
                    for seat in range(1, MAX_PLAYERS):
                        level = self._levels[seat - 1]
                        row = Horizontal(classes="opponent", id=f"opponent-{seat}")
                        row.display = seat < self._players
                        with row:
                            yield Label(OPPONENT_NAMES[seat - 1])
                            yield Select(
                                [(name, name) for name in BOT_LEVELS],
                                value=level,
                                allow_blank=False,
                                compact=True,
                                id=f"level-{seat}",
                            )
                            yield Static(
                                LEVEL_HELP[level], classes="level-help", id=f"level-help-{seat}"
                            )
                with Horizontal(classes="row", id="preset-row"):
                    yield Label("Rules")
                    yield Select(
                        [(name, name) for name in (*Rules.presets(), CUSTOM)],
                        value=rules_name(self._base),
                        allow_blank=False,
                        compact=True,
                        id="preset",
                    )
                yield Static(PRESET_HELP.get(rules_name(self._base), ""), id="preset-help")
                with Horizontal(classes="row"):
                    yield Label("Seed")
                    yield Input(
                        "" if self._seed is None else str(self._seed),
                        placeholder="random",
                        type="integer",
                        compact=True,
                        id="seed",
                    )
            with options:
                for spec in OPTIONS:
                    if spec.kind == "set":
                        yield from self._set_option(spec)
                        continue
                    with Vertical(classes="option", id=f"option-{spec.name}"):
                        with Horizontal(classes="option-row"):
                            yield Label(spec.label)
                            yield self._control(spec)
                            if spec.kind == "bool":
                                # The switch shows its state by colour only; say it in words.
                                yield Static(
                                    _on_off(self._values[spec.name]),
                                    classes="switch-state",
                                    id=f"state-{spec.name}",
                                )
                        yield Static(spec.help, classes="option-help")
        yield Static("", id="error")
        with Horizontal(id="buttons"):
            yield Button("Start (Ctrl+S)", id="start", variant="primary")
            yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def _set_option(self, spec: OptionSpec) -> ComposeResult:
        """A set option: its label and help, then a switch and a line of help per member."""
        chosen = self._values[spec.name]
        with Vertical(classes="option", id=f"option-{spec.name}"):
            yield Label(spec.label)
            yield Static(spec.help, classes="option-help")
            for member, help_line in zip(spec.choices, spec.member_help, strict=True):
                with Horizontal(classes="member-row"):
                    yield Label(member_label(spec.name, member))
                    yield Switch(member in chosen, id=member_id(spec.name, member))
                    yield Static(
                        _on_off(member in chosen),
                        classes="switch-state",
                        id=f"state-{spec.name}{MEMBER}{member}",
                    )
                yield Static(help_line, classes="member-help")

    def _control(self, spec: OptionSpec) -> Switch | Select[int] | Input:
        widget_id = f"opt-{spec.name}"
        value = self._values[spec.name]
        if spec.kind == "bool":
            return Switch(bool(value), id=widget_id)
        if spec.kind == "choice":
            choices = self._choices[spec.name]
            return Select(
                [(choice_label(spec.name, c), i) for i, c in enumerate(choices)],
                value=choices.index(value),
                allow_blank=False,
                compact=True,
                id=widget_id,
            )
        placeholder = "single hand" if spec.kind == "optional_int" else ""
        text = "" if value is None else str(value)
        return Input(text, placeholder=placeholder, type="integer", compact=True, id=widget_id)

    def on_resize(self, event: events.Resize) -> None:
        # Side by side the two columns need about 120 columns; below, one above the other.
        self.query_one("#body").set_class(event.size.width < STACK_BELOW, "stacked")

    def on_mount(self) -> None:
        self._refresh()
        start = self.query_one("#start", Button)
        if start.focusable:  # Enter starts at once (disabled: the first focusable widget has it)
            start.focus()

    # -- the model, from the controls ---------------------------------------------------

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._players = event.value
            for seat in range(1, MAX_PLAYERS):
                self.query_one(f"#opponent-{seat}").display = seat < self._players
            self._refresh()

    @on(Select.Changed, ".opponent Select")
    def _level_changed(self, event: Select.Changed) -> None:
        seat = int(str(event.select.id).removeprefix("level-"))
        if isinstance(event.value, str) and event.value in BOT_LEVELS:
            self._levels[seat - 1] = event.value
            self.query_one(f"#level-help-{seat}", Static).update(LEVEL_HELP[event.value])

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        name = event.value
        if not isinstance(name, str) or name == CUSTOM:
            return
        preset = Rules.preset(name)
        if self._rules == preset:
            return
        self._base = preset
        for spec in OPTIONS:
            self._input_errors.pop(spec.name, None)  # its input is about to be rewritten
            value = option_value(preset, spec.name)
            self._values[spec.name] = value
            self._show(spec, value)
        self._refresh()

    @on(Switch.Changed)
    def _switch_changed(self, event: Switch.Changed) -> None:
        widget_id = event.switch.id or ""
        if MEMBER in widget_id:
            self._member_changed(widget_id, event.value)
            return
        name = self._option_name(event.switch.id)
        if name is not None:
            self.query_one(f"#state-{name}", Static).update(_on_off(event.value))
        self._option_changed(event.switch.id, event.value)

    @on(Select.Changed, "#options Select")
    def _choice_changed(self, event: Select.Changed) -> None:
        name = self._option_name(event.select.id)
        if name is not None and isinstance(event.value, int):
            self._option_changed(event.select.id, self._choices[name][event.value])

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "seed":
            self._seed_changed(event.value)
            return
        name = self._option_name(event.input.id)
        if name is None:
            return
        spec = OPTIONS_BY_NAME[name]
        text = event.value.strip()
        self._input_errors.pop(name, None)
        if not text and spec.kind == "optional_int":
            self._option_changed(event.input.id, None)
            return
        try:
            number = int(text)
        except ValueError:
            self._input_errors[name] = f"{spec.label}: enter a whole number"
            self._refresh()
            return
        self._option_changed(event.input.id, number)

    def _seed_changed(self, text: str) -> None:
        self._input_errors.pop("seed", None)
        text = text.strip()
        if not text:
            self._seed = None
        else:
            try:
                self._seed = int(text)
            except ValueError:
                self._input_errors["seed"] = SEED_ERROR
            else:
                # Checked here, in the player's words: the engine's refusal names its generator.
                if not 0 <= self._seed <= MAX_SEED["secure"]:
                    self._input_errors["seed"] = SEED_ERROR
        self._refresh()

    def _member_changed(self, widget_id: str, on: bool) -> None:
        """One member of a set option switched on or off."""
        name, _, member = widget_id.removeprefix("opt-").partition(MEMBER)
        spec = OPTIONS_BY_NAME.get(name)
        if spec is None or spec.kind != "set" or member not in spec.choices:
            return
        self.query_one(f"#state-{name}{MEMBER}{member}", Static).update(_on_off(on))
        members = set(self._values[name])
        if on:
            members.add(member)
        else:
            members.discard(member)
        self._values[name] = frozenset(members)
        self._refresh()

    def _option_changed(self, widget_id: str | None, value: Any) -> None:
        name = self._option_name(widget_id)
        if name is None:
            return
        self._values[name] = value
        self._refresh()

    @staticmethod
    def _option_name(widget_id: str | None) -> str | None:
        if widget_id is None or not widget_id.startswith("opt-"):
            return None
        name = widget_id.removeprefix("opt-")
        return name if name in OPTIONS_BY_NAME else None

    def _show(self, spec: OptionSpec, value: Any) -> None:
        """Put `value` in the option's control, without the change message a player's edit
        sends: the model already holds it, and a message handled later could be stale."""
        widget_id = f"#opt-{spec.name}"
        with self.prevent(Switch.Changed, Select.Changed, Input.Changed):
            if spec.kind == "bool":
                self.query_one(widget_id, Switch).value = bool(value)
                self.query_one(f"#state-{spec.name}", Static).update(_on_off(value))
            elif spec.kind == "set":
                for member in spec.choices:
                    self.query_one(f"#{member_id(spec.name, member)}", Switch).value = (
                        member in value
                    )
                    state = self.query_one(f"#state-{spec.name}{MEMBER}{member}", Static)
                    state.update(_on_off(member in value))
            elif spec.kind == "choice":
                choices = self._choices[spec.name]
                if value not in choices:
                    choices.append(value)
                    self.query_one(widget_id, Select).set_options(
                        [(choice_label(spec.name, c), i) for i, c in enumerate(choices)]
                    )
                self.query_one(widget_id, Select).value = choices.index(value)
            else:
                self.query_one(widget_id, Input).value = "" if value is None else str(value)

    def _show_forced(self) -> None:
        """Options another option sets (Seven-O under Pirate) show the value in force, say
        why, and take no edits; set free again, they show the player's own choice."""
        forced = forced_options(self._values)
        for name in set(forced) | set(self._forced):
            spec = OPTIONS_BY_NAME[name]
            if name in forced:
                value, by = forced[name]
                self._show(spec, value)
                if spec.kind == "bool":
                    self.query_one(f"#state-{name}", Static).update(f"{_on_off(value)} ({by})")
            else:
                self._show(spec, self._values[name])
            self.query_one(f"#opt-{name}").disabled = name in forced
        self._forced = forced

    # -- derived state ------------------------------------------------------------------

    def _refresh(self) -> None:
        """Recompute the rules and show whether the game can start, and under which preset."""
        self._rules = None
        self._error = ""
        if self._input_errors:
            self._error = "; ".join(self._input_errors.values())
        else:
            try:
                self._rules = rules_from_values(self._base, self._values)
                self._rules.check_players(self._players)
            except RulesError as error:
                self._error = str(error)
        self._show_forced()
        # Rules that could not be built equal no preset.
        preset = CUSTOM if self._rules is None else rules_name(self._rules)
        with self.prevent(Select.Changed):
            self.query_one("#preset", Select).value = preset
        self.query_one("#preset-help", Static).update(PRESET_HELP.get(preset, ""))
        self.query_one("#error", Static).update(self._error)
        start = self.query_one("#start", Button)
        if self._error and start.has_focus:
            # Disabled, Start would hand its focus to Cancel, and Enter would drop the form.
            self.set_focus(self.query_one("#players"))
        start.disabled = bool(self._error)

    @property
    def error(self) -> str:
        """Why the game cannot start, or "" when it can."""
        return self._error

    def current_settings(self) -> PlaySettings | None:
        """The settings the form shows, or None while they are invalid."""
        if self._error or self._rules is None:
            return None
        return PlaySettings(
            players=self._players,
            levels=list(self._levels[: self._players - 1]),
            rules=self._rules,
            seed=self._seed,
            bot_delay=self._settings.bot_delay,
        )

    # -- actions --------------------------------------------------------------------------

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        settings = self.current_settings()
        if settings is not None:
            self.dismiss(settings)

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
