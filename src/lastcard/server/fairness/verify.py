"""The verification of a bundle: each check named, with what it found in words."""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from lastcard.core import CorruptDataError, LastcardError, state_digest
from lastcard.core.decoding import load_json
from lastcard.core.errors import shown

from .bundle import Bundle, read_bundle
from .seeds import ALGO, commitment, game_seed
from .transcript import Step, replay_with_transcript

# -- verification ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One named check of a bundle: whether it passed and what it found, in words."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class Report:
    """Every check of one bundle; `ok` only if there were checks and all passed."""

    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.ok for check in self.checks)

    def failed(self) -> list[str]:
        return [check.name for check in self.checks if not check.ok]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in self.checks],
        }


def verify_bundle(
    data: Mapping[str, Any], *, client_seed: str | None = None, commitment: str | None = None
) -> Report:
    """Check a bundle (see the module docstring for what is and is not checked).

    `client_seed` and `commitment` are what a player kept (§6 step 2): the seed they gave and
    the commitment they were shown before they readied. Given, they are checked too: the
    server's own word that it used them proves nothing, the player's memory does.

    A bundle that does not verify gives a `Report` whose failed checks say why; data that is
    no bundle at all raises `CorruptDataError` naming the field."""
    bundle = read_bundle(data)
    record = bundle.record
    return Report(
        (
            _check_algo(bundle),
            _check_commitment(bundle),
            _check_seed(bundle),
            Check(
                "generator",
                record.generator == "secure",
                "dealt by the secure generator (keyed BLAKE2b)"
                if record.generator == "secure"
                else f"dealt by the {record.generator} generator, not the secure one",
            ),
            *_check_replay(bundle),
            *_check_own(bundle, client_seed, commitment),
        )
    )


def verify_text(
    text: str | bytes, *, client_seed: str | None = None, commitment: str | None = None
) -> Report:
    """`verify_bundle` of JSON text; `CorruptDataError` for text that is not a bundle's."""
    data = load_json(text)
    if not isinstance(data, dict):
        raise CorruptDataError("not a game's proof (expected a JSON object)")
    return verify_bundle(data, client_seed=client_seed, commitment=commitment)


def _check_own(bundle: Bundle, client_seed: str | None, promised: str | None) -> list[Check]:
    """The checks of what a player kept (static/js/fair/verify.js says the same)."""
    checks = []
    if promised is not None:
        shown = f"the commitment you were shown before you were ready ({promised[:12]}…)"
        if promised == bundle.commitment:
            checks.append(Check("your_commitment", True, f"{shown} is this game's"))
        else:
            checks.append(Check("your_commitment", False, f"{shown} is not this game's"))
    if client_seed is not None:
        seeds = len(bundle.client_seeds)
        if client_seed in bundle.client_seeds:
            detail = f"your seed {client_seed[:12]}… is one of the game's {seeds} client seed(s)"
            checks.append(Check("your_seed", True, detail))
        else:
            detail = (
                f"your seed was not used: {client_seed[:12]}… is not among the game's {seeds} "
                "client seed(s)"
            )
            checks.append(Check("your_seed", False, detail))
    return checks


def _check_algo(bundle: Bundle) -> Check:
    if bundle.algo == ALGO:
        return Check("algorithm", True, f"the scheme is {ALGO}")
    return Check("algorithm", False, f"unknown scheme {shown(bundle.algo, 80)}; expected {ALGO}")


def _check_commitment(bundle: Bundle) -> Check:
    if hmac.compare_digest(commitment(bundle.server_seed), bundle.commitment):
        return Check(
            "commitment",
            True,
            "the revealed server seed is the one committed to before the deal",
        )
    return Check(
        "commitment",
        False,
        "the revealed server seed does not hash to the commitment sent before the deal",
    )


def _check_seed(bundle: Bundle) -> Check:
    seed = game_seed(bundle.server_seed, bundle.code, bundle.game, bundle.client_seeds)
    seeds = len(bundle.client_seeds)
    if seed == bundle.record.seed:
        return Check(
            "seed",
            True,
            f"the server seed, table {bundle.code}, game {bundle.game} and {seeds} client "
            "seed(s) give the record's seed",
        )
    return Check(
        "seed",
        False,
        f"the server seed, table {bundle.code}, game {bundle.game} and {seeds} client "
        "seed(s) give another seed than the record's",
    )


def _check_replay(bundle: Bundle) -> tuple[Check, Check]:
    record = bundle.record
    try:
        state, transcript = replay_with_transcript(record)
    except LastcardError as error:
        return (
            Check("replay", False, f"the record does not replay: {error}"),
            Check("transcript", False, "not compared: the record does not replay"),
        )
    actions = len(record.actions)
    if record.digest is None:
        replay = Check("replay", False, f"{actions} actions replay, but no final digest is given")
    elif state_digest(state) != record.digest:
        replay = Check("replay", False, f"{actions} actions replay to another final state")
    else:
        replay = Check("replay", True, f"{actions} actions replay to the recorded final state")
    return replay, _compare_transcripts(transcript, bundle.transcript)


def _compare_transcripts(expected: list[Step], given: list[Any]) -> Check:
    # Compared as canonical JSON, so that `true` is not taken for 1 nor 1.0 for 1.
    for i, (mine, theirs) in enumerate(zip(_canonical(expected), _canonical(given), strict=False)):
        if mine != theirs:
            op = expected[i].get("op", "?")
            return Check("transcript", False, f"step {i} ({op}) differs from the replay's")
    if len(expected) != len(given):
        return Check(
            "transcript",
            False,
            f"the transcript has {len(given)} steps; the replay gives {len(expected)}",
        )
    shuffles = sum(1 for step in expected if step["op"] in ("shuffle", "dealer_draw"))
    cards = sum(1 for step in expected if step["op"] in ("take", "turn"))
    return Check(
        "transcript",
        True,
        f"all {len(expected)} steps match the replay: {shuffles} uses of the stream, "
        f"{cards} cards dealt, drawn or turned",
    )


def _canonical(steps: list[Any]) -> Iterator[str]:
    for step in steps:
        try:
            yield json.dumps(step, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError):
            yield repr(step)
