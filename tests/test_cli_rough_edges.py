"""The command line's rough edges, each as a new user met it: a missing extra found after the
work, bot options taken on trust, a bot spelled as the README spells it refused, a corrupt record
told in a traceback or a replay that does not say what it checked; and what players expect:
progress from `simulate`, every bot described, actions printed as their codes.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from typer.testing import CliRunner

from lastcard import legal_actions, new_game, parse_action
from lastcard.bots import bot_names, bot_options, bot_summary
from lastcard.cli import app
from lastcard.core import Action, ActionKind, ActionSyntaxError
from lastcard.sim.fast.support import POLICIES

runner = CliRunner()

# Runs the `lastcard` command in a fresh interpreter in which the modules named by the first
# argument cannot be imported, as if their extra had never been installed.
WITHOUT = """
import sys
from importlib.abc import MetaPathFinder

blocked = set(sys.argv[1].split(","))


class Uninstalled(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Uninstalled())
sys.argv = ["lastcard", *sys.argv[2:]]
from lastcard.cli import main

main()
"""


def lastcard_without(modules: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`lastcard ARGS` with `modules` (comma-separated) missing, output captured."""
    return subprocess.run(
        [sys.executable, "-c", WITHOUT, modules, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
        timeout=60,  # a command that starts its work anyway does not finish in time
        check=False,
    )


def lastcard_process(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lastcard", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100", **env},
        timeout=120,
        check=False,
    )


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), prog_name="lastcard")
    return result.exit_code, result.stdout, result.stderr


def assert_one_error_line(stderr: str, *pieces: str) -> str:
    """`stderr` is exactly one line, `error: ...`, holding each of `pieces`; no traceback."""
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    line = lines[0]
    assert line.startswith("error: "), line
    for piece in pieces:
        assert piece in line, line
    return line


# -- bug 1: a missing extra is found before any work, in one line ---------------------------


def test_study_without_matplotlib_stops_at_once_naming_the_extra(tmp_path: Path) -> None:
    out = tmp_path / "study"
    # A million hands per cell: had the study started, it would not end within the timeout.
    args = ("study", "--games", "1000000", "--workers", "1", "--out", str(out))
    result = lastcard_without("matplotlib", *args)
    assert result.returncode == 1
    line = assert_one_error_line(result.stderr, "pip install matplotlib")
    assert line == (
        "error: lastcard study needs matplotlib, which is not installed: pip install matplotlib"
    )
    assert result.stdout == ""
    assert not out.exists()


@pytest.mark.parametrize(
    ("missing", "flags", "hint"),
    [("openskill", ("--no-plots",), ""), ("matplotlib", (), " (or --no-plots)")],
)
def test_tournament_without_its_plots_or_ratings_stops_at_once(
    tmp_path: Path, missing: str, flags: tuple[str, ...], hint: str
) -> None:
    out = tmp_path / "t"
    args = ("tournament", "-b", "heuristic,greedy", "-n", "1000000", "-o", str(out), *flags)
    result = lastcard_without(missing, *args)
    assert result.returncode == 1
    line = assert_one_error_line(result.stderr)
    assert line == (
        f"error: lastcard tournament needs {missing}, which is not installed: "
        f"pip install {missing}{hint}"
    )
    assert result.stdout == "" and not out.exists()


def test_tournament_without_plots_does_not_need_matplotlib(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ("tournament", "-b", "greedy,eager", "-n", "2", "-o", str(out), "--no-plots")
    result = lastcard_without("matplotlib", *args)
    assert result.returncode == 0, result.stderr
    assert (out / "results.json").exists() and not list(out.glob("*.png"))


def test_serve_without_the_server_extra_stops_before_opening_the_database(
    tmp_path: Path,
) -> None:
    database = tmp_path / "tables.sqlite3"
    result = lastcard_without("uvicorn", "serve", "--db", f"sqlite:///{database}")
    assert result.returncode == 1
    assert_one_error_line(
        result.stderr, "lastcard serve needs the server extra", "pip install 'lastcard[server]'"
    )
    assert not database.exists()


def test_play_without_textual_names_the_extra() -> None:
    result = lastcard_without("textual", "play", "--new")
    assert result.returncode == 1
    assert_one_error_line(
        result.stderr, "lastcard play needs textual, which is not installed", "pip install textual"
    )


def test_a_policy_bot_without_the_rl_extra_names_it() -> None:
    result = lastcard_without("numpy", "watch", "-p", "2", "--bot", "ppo:agent.npz")
    assert result.returncode == 1
    assert_one_error_line(
        result.stderr, "lastcard watch needs the rl extra", "pip install 'lastcard[rl]'"
    )
    assert result.stdout == ""


# -- issue 27, finding 7: every install hint printed can be pasted into a shell --------------

# `pip install` and what follows it, up to a bracket or a space outside quotes.
INSTALL_HINT = re.compile(r"pip install ((?:'[^']*'|[^\s()'])+)")


def declared(requirement: str) -> str:
    """The distribution a requirement of lastcard's metadata names: `numba>=0.60` → `numba`."""
    return Requirement(requirement).name


@pytest.mark.parametrize(
    ("missing", "args"),
    [
        ("numba", ("simulate", "-p", "2", "-n", "2")),  # the engine line, on standard output
        ("textual", ("play", "--new")),
        ("matplotlib", ("study", "--quick", "--out", "{tmp}/study")),
        ("openskill", ("tournament", "-b", "greedy,eager", "-o", "{tmp}/t", "--no-plots")),
        ("uvicorn", ("serve", "--db", "sqlite:///{tmp}/tables.sqlite3")),
        ("numpy", ("watch", "-p", "2", "--bot", "ppo:agent.npz")),
        ("ray", ("simulate", "-p", "2", "-n", "2", "--backend", "ray")),
    ],
)
def test_7_every_install_hint_printed_can_be_pasted(
    tmp_path: Path, missing: str, args: tuple[str, ...]
) -> None:
    # Rich read `[fast]` in "pip install 'lastcard[fast]'" as markup and printed
    # "pip install 'lastcard'", which installs nothing missing. Each hint is read back as the
    # shell and pip would read it, and must name what brings the missing module.
    result = lastcard_without(missing, *(arg.format(tmp=tmp_path) for arg in args))
    hints = INSTALL_HINT.findall(result.stdout + result.stderr)
    assert hints, result.stdout + result.stderr
    extras = set(importlib.metadata.metadata("lastcard").get_all("Provides-Extra") or ())
    requires = importlib.metadata.requires("lastcard") or []
    base = {declared(r) for r in requires if "extra ==" not in r}
    for hint in hints:
        words = shlex.split(hint)
        assert len(words) == 1, hint
        requirement = Requirement(words[0])
        if requirement.name == "lastcard":
            assert requirement.extras and requirement.extras <= extras, hint
            needed = {
                declared(r) for r in requires if any(f'"{e}"' in r for e in requirement.extras)
            }
            assert needed, f"{hint} installs nothing more"
        else:
            assert requirement.name == missing and missing in base, hint


# -- issue 27, finding 11: the help says what the compiled simulator plays --------------------


@pytest.mark.parametrize("command", ["simulate", "tournament", "study"])
def test_11_the_engine_help_names_every_bot_the_compiled_simulator_plays(command: str) -> None:
    # It said "random, eager and greedy" after the compiled simulator learned `heuristic`.
    status, out, _ = run(command, "--help")
    assert status == 0
    words = " ".join(out.replace("│", " ").split())  # the help's box and wrapping undone
    bots = ", ".join(POLICIES[:-1]) + f" and {POLICIES[-1]}"
    assert f"every bot ({bots};" in words
    assert "heuristic" in POLICIES
    assert "on the reference engine" not in words, "the default is the same on either engine"


# -- bug 5: bot options are checked, in one line listing the valid ones ---------------------


HEURISTIC_OPTIONS = (
    "its options are bluff (true or false), challenge (true or false), challenge_threshold "
    "(a number from 0 to 1), hold_wilds (true or false)"
)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("heuristic:bluff=maybe", "bluff must be true or false, not 'maybe'"),
        ("heuristic:nope=1", "no option 'nope'"),
    ],
)
@pytest.mark.parametrize("command", ["watch", "simulate"])
def test_a_bad_bot_option_is_one_line_listing_the_valid_ones(
    command: str, spec: str, problem: str
) -> None:
    result = lastcard_process(command, "-p", "2", "--bot", spec)
    assert result.returncode == 2
    line = assert_one_error_line(result.stderr, problem, HEURISTIC_OPTIONS)
    assert line == f"error: --bot {spec}: bad options for bot 'heuristic': {problem}; " + (
        HEURISTIC_OPTIONS
    )
    assert result.stdout == ""  # no game was started


def test_a_bad_bot_option_in_a_tournament_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = lastcard_process("tournament", "-b", "greedy,heuristic:bluff=maybe", "-o", str(out))
    assert result.returncode == 2
    assert_one_error_line(
        result.stderr, "--bots heuristic:bluff=maybe", "not 'maybe'", HEURISTIC_OPTIONS
    )
    assert not out.exists()


def test_an_unknown_bot_lists_the_bots_in_one_line() -> None:
    code, out, err = run("watch", "--bot", "genius")
    assert code == 2 and out == ""
    line = assert_one_error_line(err, "unknown bot 'genius'", "or ppo:FILE")
    for name in bot_names():
        assert name in line


def test_valid_bot_options_still_play() -> None:
    code, out, err = run("watch", "-s", "3", "-p", "2", "-d", "0", "--bot", "heuristic:bluff=false")
    assert code == 0, err
    assert "Final scores:" in out
    assert out.splitlines()[-1].endswith("-b heuristic:bluff=false")


# -- bug 6: the README's ismcts syntax works -------------------------------------------------


def test_watch_takes_ismcts_with_seconds_as_the_readme_shows() -> None:
    # seconds=0.2 as in the README; the iteration cap (whichever comes first) keeps it quick.
    spec = "ismcts:seconds=0.2,iterations=4"
    code, out, err = run("watch", "-s", "1", "-p", "2", "-d", "0", "--bot", spec)
    assert code == 0, err
    assert "unknown bot" not in out + err
    assert "Final scores:" in out
    assert (
        out.splitlines()[-1]
        == f"Watch this game again: lastcard watch -p 2 -s 1 -r official -b {spec}"
    )


def test_simulate_takes_a_bot_with_options() -> None:
    code, out, err = run("simulate", "-p", "2", "-n", "1", "--bot", "ismcts:iterations=3")
    assert code == 0, err
    assert (
        out.splitlines()[0] == "1 games · 2 ismcts:iterations=3 players · official rules · seed 0"
    )


# -- bug 9: replay says what it checked, and each corrupt field in one line ------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("saved") / "game.json"
    code, _, err = run("watch", "-s", "1", "-p", "2", "-d", "0", "--save", str(path))
    assert code == 0, err
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_record(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def first_action(data: dict[str, Any], value: object) -> dict[str, Any]:
    actions = list(data["actions"])
    actions[0] = value
    return {**data, "actions": actions}


Corruption = Callable[[dict[str, Any]], dict[str, Any]]
CORRUPTIONS: dict[str, tuple[Corruption, str]] = {
    "a seat of true": (
        lambda d: first_action(d, [True, d["actions"][0][1]]),
        "record.actions[0][0]: True is not a seat of a 2-player game",
    ),
    "a seed of -5": (
        lambda d: {**d, "seed": -5},
        "record.seed: the fast generator takes seeds from 0 to 2**64 - 1, not -5",
    ),
    "actions null": (
        lambda d: {**d, "actions": None},
        "record.actions: expected a list, not None",
    ),
    "an action written as a string": (
        lambda d: first_action(d, "draw"),
        "record.actions[0]: expected a list, not 'draw'",
    ),
    "an action code that is a number": (
        lambda d: first_action(d, [0, 5]),
        "record.actions[0][1]: 5 is not text",
    ),
    "players as text": (
        lambda d: {**d, "players": "2"},
        "record.players: '2' is not a whole number",
    ),
    "a seed that is a fraction": (
        lambda d: {**d, "seed": 1.5},
        "record.seed: a seed is a whole number, not 1.5",
    ),
    "a digest that is a number": (
        lambda d: {**d, "digest": 5},
        "record.digest: 5 is not a SHA-256 hex digest",
    ),
    "rules null": (
        lambda d: {**d, "rules": None},
        "record.rules: rules are an object of options, not None",
    ),
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_replay_reports_each_corrupt_field_in_one_line(
    corruption: str, saved: dict[str, Any], tmp_path: Path
) -> None:
    corrupt, message = CORRUPTIONS[corruption]
    path = write_record(tmp_path, corrupt(saved))
    code, out, err = run("replay", str(path))
    assert code == 1
    assert out == ""  # refused before a line of the story
    assert_one_error_line(err, f"{path} is not a valid game record: {message}")


def test_replay_says_the_digest_was_checked(saved: dict[str, Any], tmp_path: Path) -> None:
    path = write_record(tmp_path, saved)
    code, out, _ = run("replay", str(path))
    assert code == 0
    count = len(saved["actions"])
    assert out.splitlines()[-1] == (
        f"Replayed {count:,} actions; the final state matches the record's digest."
    )


def test_replay_says_when_there_was_no_digest(saved: dict[str, Any], tmp_path: Path) -> None:
    path = write_record(tmp_path, {**saved, "digest": None})
    code, out, _ = run("replay", str(path))
    assert code == 0
    count = len(saved["actions"])
    assert out.splitlines()[-1] == (
        f"Replayed {count:,} actions; the record has no digest, so the final state was not checked."
    )


def test_replay_of_a_wrong_digest_says_how_far_it_got(
    saved: dict[str, Any], tmp_path: Path
) -> None:
    path = write_record(tmp_path, {**saved, "digest": "0" * 64})
    code, out, err = run("replay", str(path))
    assert code == 1
    count = len(saved["actions"])
    assert_one_error_line(
        err,
        "replays to a different final state than it recorded",
        f"replayed {count:,} actions; the digest does not match",
    )
    assert "matches the record" not in out


# -- what players expect -----------------------------------------------------------------------


def test_simulate_shows_progress_on_a_terminal_only() -> None:
    args = ("simulate", "-p", "2", "-n", "20", "-s", "1")
    on_terminal = lastcard_process(*args, TTY_COMPATIBLE="1")
    assert on_terminal.returncode == 0, on_terminal.stderr
    assert "simulating" in on_terminal.stderr and "/20 games" in on_terminal.stderr
    assert "simulating" not in on_terminal.stdout
    piped = lastcard_process(*args)
    assert piped.returncode == 0 and piped.stderr == ""


def test_every_bot_is_described_in_the_help() -> None:
    code, out, _ = run("watch", "--help")
    assert code == 0
    help_text = " ".join(out.replace("│", " ").split())
    for name in bot_names():
        if name == "ppo":
            continue
        summary = " ".join(bot_summary(name).split())
        assert f"{name}: {summary}" in help_text, name
    assert "forgetful: another bot (base, default heuristic) that sometimes forgets" in help_text


def test_lastcard_bots_lists_every_bot_and_every_option() -> None:
    code, out, _ = run("bots")
    assert code == 0
    lines = out.splitlines()
    for name in bot_names():
        heading = next(line for line in lines if line.startswith(f"{name}  "))
        assert bot_summary(name) in heading
        rest = lines[lines.index(heading) + 1 :]
        block = rest[: rest.index("")]  # a blank line ends each bot's options
        rows = [line for line in block if line.startswith("  ") and line[2] != " "]
        if not bot_options(name):
            assert block == ["  no options"], block
            continue
        assert len(rows) == len(bot_options(name)), block
        for row, option in zip(rows, bot_options(name), strict=True):
            assert row.split()[0] == option.name
            assert option.accepts() in row, row


def test_an_action_prints_as_its_code() -> None:
    wild = parse_action("w:R")
    assert str(wild) == "W:r" and f"{wild}" == "W:r"
    assert repr(wild) == "Action('W:r')"
    assert repr(parse_action("catch 2")) == "Action('catch 2')"
    state = new_game(players=3, seed=1)
    assert state.to_act is not None
    legal = legal_actions(state, state.to_act)
    assert repr(legal) == "(" + ", ".join(f"Action('{a.code}')" for a in legal) + ")"
    # An action no code could print cannot be built: every action has its code as its repr.
    with pytest.raises(ActionSyntaxError, match="a target is a seat number"):
        Action(ActionKind.CATCH, target=True)
