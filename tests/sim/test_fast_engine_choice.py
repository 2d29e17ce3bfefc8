"""Which engine runs: what the compiled simulator covers, `--engine`, and what is said."""

from __future__ import annotations

import functools
import importlib.util

import pytest
from typer.testing import CliRunner

from lastcard.bots import RandomBot
from lastcard.cli import app
from lastcard.core import Rules
from lastcard.sim.fast import FastUnsupportedError, choose_engine, unsupported

runner = CliRunner()


@pytest.mark.parametrize(
    ("rules", "why"),
    [
        (Rules.preset("official-2018"), "deck='2018'"),
        (Rules(wild_downpour=(("draw1", 1),)), "wild_downpour"),
        (Rules(elimination=True), "elimination=True"),
        (Rules(scoring="alternative"), "scoring='alternative'"),
        (Rules(teams="partners"), "teams='partners'"),
    ],
)
def test_uncovered_rules_are_named(rules: Rules, why: str) -> None:
    reason = unsupported(rules, ["eager"] * 4)
    assert reason is not None and why in reason


def test_covered_rules_and_bots() -> None:
    rules = Rules(
        target_score=None, wd4_bluffing=False, first_wild="redraw", dealer_each_hand="rotate"
    )
    assert unsupported(rules, ["random", "eager:call_uno=false,catch_rate=0.1"]) is None
    assert unsupported(Rules.preset("party"), ["greedy:stack=false", "eager", "random"]) is None
    heuristic = ["heuristic", "heuristic:bluff=false,challenge_threshold=0.5,hold_wilds=false"]
    assert unsupported(Rules.preset("party"), [*heuristic, "greedy"]) is None


def test_other_bots_are_not_covered() -> None:
    assert "ismcts" in (unsupported(Rules(), ["eager", "ismcts"]) or "")
    assert "forgetful" in (unsupported(Rules(), ["heuristic", "forgetful:base=greedy"]) or "")
    factory = functools.partial(RandomBot)
    assert "by name" in (unsupported(Rules(), [factory, "eager"]) or "")


def test_choose_engine() -> None:
    official, party = Rules(), Rules.preset("official-2018")
    assert choose_engine("auto", official, ["eager"] * 3) == ("fast", None)
    assert choose_engine("reference", official, ["eager"] * 3) == ("reference", None)
    engine, why = choose_engine("auto", party, ["eager"] * 3)
    assert engine == "reference" and why is not None and "deck" in why
    with pytest.raises(FastUnsupportedError, match="deck"):
        choose_engine("fast", party, ["eager"] * 3)
    with pytest.raises(FastUnsupportedError, match="unknown engine"):
        choose_engine("quick", official, ["eager"] * 3)


def test_without_numba_auto_falls_back_and_fast_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "numba" else real(name, *a)
    )
    engine, why = choose_engine("auto", Rules(), ["eager"] * 2)
    assert engine == "reference" and why is not None and "pip install numba" in why
    with pytest.raises(FastUnsupportedError, match="pip install numba"):
        choose_engine("fast", Rules(), ["eager"] * 2)


def _simulate(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args], prog_name="lastcard")
    return result.exit_code, result.stdout, result.stderr


def test_cli_engines_print_the_same_games_and_say_which_ran() -> None:
    args = ("-p", "3", "-n", "12", "-s", "5")
    code_fast, fast, _ = _simulate(*args, "--engine", "fast")
    code_ref, reference, _ = _simulate(*args, "-e", "reference")
    code_auto, auto, _ = _simulate(*args)
    assert code_fast == code_ref == code_auto == 0
    assert "\nengine                fast\n" in fast
    assert "\nengine                reference\n" in reference
    assert "\nengine                fast\n" in auto  # auto picks the kernel for this

    def results(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith(("games/s", "engine"))]

    assert results(fast) == results(reference)


def test_cli_auto_says_why_it_used_the_reference_engine() -> None:
    code, out, _ = _simulate("-p", "2", "-n", "2", "-r", "official-2018")
    assert code == 0
    assert "engine                reference (the fast simulator does not play deck='2018'" in out


def test_cli_fast_on_uncovered_rules_is_an_error() -> None:
    code, out, err = _simulate("-p", "2", "-n", "2", "-r", "official-2018", "-e", "fast")
    assert code == 1 and out == ""
    assert "the fast simulator does not play deck='2018' yet" in err
