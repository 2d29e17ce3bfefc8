"""SERVER.md §6, fair dealing: the seeds, the bundle, the deal transcript and `verify_bundle`,
and the shared test vectors (tests/server/fairness_vectors.json) that keep the browser's port
(static/js/fair, run by test_fairness_js.py) identical to Python.

The vector file is written by `build_vectors` below. After a deliberate change to the scheme,
the generator or the engine, rewrite it and review the diff:

    LASTCARD_WRITE_VECTORS=1 .venv/bin/pytest -p no:cacheprovider \\
        tests/server/test_fairness.py -k vectors_file
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from lastcard.bots import make_bot
from lastcard.core import (
    Card,
    CorruptDataError,
    EventType,
    GameRecord,
    LastcardError,
    Rules,
    parse_action,
    replay,
)
from lastcard.core.actions import ActionKind
from lastcard.core.rng import RngState, _blake2b, draw_without_replacement, shuffled
from lastcard.server.fairness import (
    ALGO,
    FairnessError,
    Report,
    TranscriptError,
    commitment,
    deal_transcript,
    game_seed,
    make_bundle,
    new_server_seed,
    read_bundle,
    record_from_json,
    transcript,
    verify_bundle,
    verify_text,
)
from lastcard.table import Table, bot_seed

VECTORS = Path(__file__).with_name("fairness_vectors.json")
WRITE_ENV = "LASTCARD_WRITE_VECTORS"

SERVER_SEED = hashlib.sha256(b"lastcard test vectors: server seed").digest()
CODE = "VEC7RS"
CHECKS = ["algorithm", "commitment", "seed", "generator", "replay", "transcript"]


def client_seeds(players: int) -> list[str]:
    return [hashlib.sha256(f"client {seat}".encode()).hexdigest()[:32] for seat in range(players)]


def play_secure_game(
    rules: Rules, players: int, game_id: str, bot: str = "eager", seeds: list[str] | None = None
) -> dict[str, Any]:
    """A whole game between bots, dealt as the server deals, and its bundle."""
    seeds = client_seeds(players) if seeds is None else seeds
    seed = game_seed(SERVER_SEED, CODE, game_id, seeds)
    bots = [make_bot(bot, bot_seed(7, seat)) for seat in range(players)]
    table = Table(bots, rules, seed=seed, generator="secure", auto_next_hand=True)
    while not table.state.is_over:
        table.step()
    return make_bundle(table.record(), SERVER_SEED, CODE, game_id, seeds)


def ops(bundle: Mapping[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    yield from enumerate(bundle["fairness"]["transcript"])


def kinds(bundle: Mapping[str, Any]) -> set[str]:
    """What happens in a bundle's transcript: `take`, `shuffle/reshuffle`, `return/bottom`."""
    out = set()
    for _, step in ops(bundle):
        extra = step.get("why") or (step.get("to") if step["op"] == "return" else None)
        out.add(step["op"] + (f"/{extra}" if extra else ""))
    return out


def apply_patch(bundle: Mapping[str, Any], patch: list[dict[str, Any]]) -> dict[str, Any]:
    """A deep copy of `bundle` changed as the vector file's patches say (test_fairness_js.py's
    runner applies the same patches the same way)."""
    data: dict[str, Any] = copy.deepcopy(dict(bundle))
    for change in patch:
        *parents, last = change["path"]
        node: Any = data
        for key in parents:
            node = node[key]
        if "set" in change:
            node[last] = change["set"]
        elif "add" in change:
            node[last] += change["add"]
        else:
            assert change["delete"] is True
            del node[last]
    return data


# -- the vector file -----------------------------------------------------------------------------


def build_vectors(bundles: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything in the vector file. `bundles`: the games to use (those already in the file);
    None plays new ones, the first of a fixed series of game ids with what they must show."""
    if bundles is None:
        bundles = {"official": _official_game(), "variants": _variant_game()}
    else:  # the same games, their bundles made again from their records
        bundles = {name: _made_again(bundle) for name, bundle in bundles.items()}
    deck = list(Rules().deck_cards())
    codes = [card.code for card in deck]
    big_seed = game_seed(SERVER_SEED, CODE, "g1", client_seeds(2))
    seeds = [0, 1, 7, (1 << 64) - 1, (1 << 128) + 12345, big_seed, (1 << 512) - 1]
    counters = [0, 1, 2, 255, 256, 1 << 32, (1 << 40) + 3]
    shuffles = [(7, 0, []), (7, 0, ["a"]), (7, 3, ["a", "b"]), (1, 0, list("abcdefghij"))]
    shuffles += [(seed, counter, codes) for seed in (0, big_seed) for counter in (0, 7, 1000)]
    return {
        "about": (
            "Shared test vectors of lastcard's fair dealing (docs/SERVER.md §6): Python "
            "(tests/server/test_fairness.py) and the browser's port (test_fairness_js.py) must "
            "both reproduce them. Written by build_vectors in test_fairness.py; rewrite with "
            f"{WRITE_ENV}=1 pytest tests/server/test_fairness.py -k vectors_file."
        ),
        "algo": ALGO,
        "blake2b": [
            {"seed": seed, "counter": counter, "value": _blake2b(seed, counter)}
            for seed in seeds
            for counter in counters
        ],
        "shuffles": [_shuffle_vector(seed, counter, items) for seed, counter, items in shuffles],
        "draws": [
            _draw_vector(seed, counter, codes, 12) for seed in (3, big_seed) for counter in (0, 5)
        ],
        "commitments": [
            {"server_seed": seed.hex(), "commitment": commitment(seed)}
            for seed in (bytes(32), bytes(range(32)), SERVER_SEED)
        ],
        "game_seeds": [
            {
                "server_seed": server.hex(),
                "code": code,
                "game": game,
                "client_seeds": seeds_,
                "seed": game_seed(server, code, game, seeds_),
            }
            for server, code, game, seeds_ in (
                (bytes(32), "ABCDEF", "1", []),
                (SERVER_SEED, CODE, "g1", client_seeds(1)),
                (SERVER_SEED, CODE, "g1", client_seeds(3)),
                (SERVER_SEED, CODE, "g1", client_seeds(3)[::-1]),
                (bytes(range(32)), "x_y-Z", "game-42", ["0" * 32, "f" * 32]),
            )
        ],
        "decks": [
            {"rules": rules.to_dict(), "deck": [card.code for card in rules.deck_cards()]}
            for rules in (
                Rules(),
                Rules.preset("official-2018"),
                Rules.preset("h2o"),
                Rules(wild_downpour={"draw2": 3, "draw1": 1}),
                Rules(deck="2018", wild_downpour=True),
            )
        ],
        "plays": [
            {"code": code, "card": _played(code)}
            for code in (
                "R5",
                "r5",
                " g+2 ",
                "W+4:b!",
                "W:g",
                "R7>2",
                "r7>2!",
                "WD2:y",
                "WSH:r",
                "WC:b>1",
                "draw",
                "DRAW",
                "keep",
                "challenge",
                "accept",
                "uno",
                "catch 1",
                "color g",
                "next",
            )
        ],
        "bundles": dict(bundles),
        "tampered": _tampers(bundles),
        "own": _own_checks(bundles["official"]),
    }


def _own_checks(bundle: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What a player kept, checked against the official game's proof (§6 step 4): an honest
    game, a seed swapped out by the server, a commitment other than the one shown, and each
    alone. `python` is `verify_bundle`'s verdict, which the port must give too."""
    fair = bundle["fairness"]
    theirs, promised = fair["client_seeds"][0], fair["commitment"]
    other_seed, other_promise = "0123456789abcdef" * 2, "ab" * 32
    cases = [
        ("honest", theirs, promised),
        ("seed swapped", other_seed, promised),
        ("commitment changed", theirs, other_promise),
        ("seed only", theirs, None),
        ("commitment only", None, promised),
    ]
    vectors = []
    for name, seed, shown in cases:
        report = verify_bundle(bundle, client_seed=seed, commitment=shown)
        vectors.append(
            {
                "name": name,
                "client_seed": seed,
                "commitment": shown,
                "python": {"ok": report.ok, "failed": report.failed()},
            }
        )
    return vectors


def _made_again(bundle: Mapping[str, Any]) -> dict[str, Any]:
    fair = bundle["fairness"]
    record = GameRecord.from_dict(bundle["record"])
    server_seed = bytes.fromhex(fair["server_seed"])
    made = make_bundle(record, server_seed, fair["code"], fair["game"], fair["client_seeds"])
    again: dict[str, Any] = json.loads(json.dumps(made))
    return again


def _shuffle_vector(seed: int, counter: int, items: list[str]) -> dict[str, Any]:
    output, after = shuffled(items, RngState("secure", seed, counter))
    return {
        "seed": seed,
        "counter": counter,
        "items": items,
        "output": list(output),
        "next": after.counter,
    }


def _draw_vector(seed: int, counter: int, items: list[str], count: int) -> dict[str, Any]:
    drawn = list(draw_without_replacement(items, RngState("secure", seed, counter)))[:count]
    return {
        "seed": seed,
        "counter": counter,
        "items": items,
        "output": [item for item, _ in drawn],
        "counters": [state.counter for _, state in drawn],
    }


def _played(code: str) -> str | None:
    action = parse_action(code)
    return action.card.code if action.kind is ActionKind.PLAY and action.card else None


def _first_game(rules: Rules, players: int, bot: str, shows: set[str]) -> dict[str, Any]:
    for number in range(1, 500):
        bundle = play_secure_game(rules, players, f"g{number}", bot)
        if shows <= kinds(bundle):
            return bundle
    raise AssertionError(f"no game of the series shows {shows}")


def _official_game() -> dict[str, Any]:
    """Two players, official rules to 100: a few hands with a reshuffle of the discards (§3.10)
    and a Wild Draw Four turned first and shuffled back (§2.4)."""
    shows = {"dealer_draw", "shuffle/reshuffle", "return/shuffle", "shuffle/first_discard"}
    return _first_game(Rules(target_score=100), 2, "eager", shows)


def _variant_game() -> dict[str, Any]:
    """Three players, house rules that move whole hands and add cards to the deck."""
    rules = Rules(
        deck="2018",
        custom_wild_effect="swap_hands",
        seven_o=True,
        first_wd4="bottom",
        wild_downpour={"draw1": 1, "draw2": 1},
        target_score=100,
    )
    return _first_game(rules, 3, "eager", {"shuffle/shuffle_hands", "move_hands", "return/bottom"})


def _other(value: str, alphabet: str = "0123456789abcdef") -> str:
    """`value` with its last character changed."""
    return value[:-1] + (alphabet[0] if value[-1] != alphabet[0] else alphabet[1])


def _tampers(bundles: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Altered copies of the bundles and the verdict each side must give (the failed checks, in
    order, or for Python an error). The alterations are chosen so the verdicts are certain."""
    base = bundles["official"]
    fair = base["fairness"]
    steps = fair["transcript"]
    at = ["fairness", "transcript"]
    indexed = list(ops(base))
    first_turn = next(i for i, s in indexed if s["op"] == "turn")
    drawn = next(i for i, s in indexed if s["op"] == "take" and i > first_turn)
    deals = [i for i, s in indexed if s.get("why") == "deal"]
    deal_output = steps[deals[0]]["output"]
    other = max(k for k, card in enumerate(deal_output) if card != deal_output[0])
    reshuffle = next(i for i, s in indexed if s.get("why") == "reshuffle")
    shuffled_in = steps[reshuffle]["input"]
    second = next(k for k, card in enumerate(shuffled_in) if card != shuffled_in[0])
    last_play = max(i for i, s in indexed if s["op"] == "play")
    play_at = next(
        i for i, (_, code) in enumerate(base["record"]["actions"]) if _played(code) is not None
    )
    played = _played(base["record"]["actions"][play_at][1])
    drawn_card = steps[drawn]["card"]

    def tamper(
        name: str, patch: list[dict[str, Any]], python: list[str] | str, js: list[str]
    ) -> dict[str, Any]:
        verdict = {"error": python} if isinstance(python, str) else {"ok": False, "failed": python}
        return {
            "name": name,
            "bundle": "official",
            "patch": patch,
            "python": verdict,
            "js": {"ok": False, "failed": js},
        }

    return [
        {
            "name": name,
            "bundle": name,
            "patch": [],
            "python": {"ok": True, "failed": []},
            "js": {"ok": True, "failed": []},
        }
        for name in bundles
    ] + [
        tamper(
            "a drawn card",
            [{"path": [*at, drawn, "card"], "set": "R0" if drawn_card != "R0" else "R1"}],
            ["transcript"],
            ["cards"],
        ),
        tamper(
            "two cards of the first deal's shuffle swapped",
            [
                {"path": [*at, deals[0], "output", 0], "set": deal_output[other]},
                {"path": [*at, deals[0], "output", other], "set": deal_output[0]},
            ],
            ["transcript"],
            ["stream", "cards"],
        ),
        tamper(
            "two cards of a reshuffle's input swapped",
            [
                {"path": [*at, reshuffle, "input", 0], "set": shuffled_in[second]},
                {"path": [*at, reshuffle, "input", second], "set": shuffled_in[0]},
            ],
            ["transcript"],
            ["stream", "cards"],
        ),
        tamper(
            "the second deal one step further down the stream",
            [{"path": [*at, deals[1], "counter"], "add": 1}],
            ["transcript"],
            ["stream"],
        ),
        tamper(
            "the last play left out of the transcript",
            [{"path": [*at, last_play], "delete": True}],
            ["transcript"],
            ["plays"],
        ),
        tamper(
            "the server seed",
            [{"path": ["fairness", "server_seed"], "set": _other(fair["server_seed"])}],
            ["commitment", "seed"],
            ["commitment", "seed", "stream"],
        ),
        tamper(
            "a client seed",
            [{"path": ["fairness", "client_seeds", 0], "set": _other(fair["client_seeds"][0])}],
            ["seed"],
            ["seed", "stream"],
        ),
        tamper(
            "the record's seed",
            [{"path": ["record", "seed"], "add": 1}],
            ["seed", "replay", "transcript"],
            ["seed"],
        ),
        tamper(
            "an action",
            [
                {
                    "path": ["record", "actions", play_at, 1],
                    "set": "G2" if played != "G2" else "G3",
                }
            ],
            ["replay", "transcript"],
            ["plays"],
        ),
        tamper(
            "the commitment",
            [{"path": ["fairness", "commitment"], "set": _other(fair["commitment"])}],
            ["commitment"],
            ["commitment"],
        ),
        tamper(
            "the algorithm",
            [{"path": ["fairness", "algo"], "set": "lastcard/fair/v0"}],
            ["algorithm"],
            ["algorithm"],
        ),
        tamper(
            "the rules' deck",
            [{"path": ["record", "rules", "deck"], "set": "2018"}],
            ["replay", "transcript"],
            ["deck"],
        ),
        tamper(
            "an unknown transcript step",
            [{"path": [*at, 0, "op"], "set": "deal"}],
            ["transcript"],
            ["format"],
        ),
        tamper(
            "no fairness part",
            [{"path": ["fairness"], "delete": True}],
            "CorruptDataError",
            ["format"],
        ),
        tamper(
            "a server seed that is not hex",
            [{"path": ["fairness", "server_seed"], "set": "zz" * 32}],
            "CorruptDataError",
            ["format"],
        ),
    ]


def vectors_text(vectors: Mapping[str, Any]) -> str:
    """The file's layout: one line per vector, so that a change shows as a readable diff."""
    lines = ["{"]
    for n, (key, value) in enumerate(vectors.items()):
        end = "," if n < len(vectors) - 1 else ""
        if isinstance(value, list) and value:
            items = [f"  {json.dumps(item)}" for item in value]
            lines += [f" {json.dumps(key)}: [", ",\n".join(items), f" ]{end}"]
        elif isinstance(value, dict) and value:
            items = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
            lines += [f" {json.dumps(key)}: {{", ",\n".join(items), f" }}{end}"]
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{end}")
    return "\n".join(lines) + "\n}\n"


@pytest.fixture(scope="module")
def vectors() -> dict[str, Any]:
    if os.environ.get(WRITE_ENV):
        VECTORS.write_text(vectors_text(build_vectors()), encoding="utf-8")
    data: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8"))
    return data


def test_s6_vectors_file_is_what_python_computes(vectors: dict[str, Any]) -> None:
    expected = build_vectors(vectors["bundles"])
    for key in expected:
        assert vectors[key] == expected[key], f"the vector file's {key!r} is out of date"
    assert set(vectors) == set(expected)
    assert vectors_text(vectors) == VECTORS.read_text(encoding="utf-8")


def test_s6_vector_games_show_what_they_are_there_for(vectors: dict[str, Any]) -> None:
    official, variants = vectors["bundles"]["official"], vectors["bundles"]["variants"]
    assert {"dealer_draw", "shuffle/reshuffle", "return/shuffle"} <= kinds(official)
    assert sum(1 for _, step in ops(official) if step["op"] == "hand") >= 2
    assert {"shuffle/shuffle_hands", "move_hands", "return/bottom"} <= kinds(variants)
    for bundle in (official, variants):
        record = GameRecord.from_dict(bundle["record"])
        assert record.generator == "secure" and record.seed.bit_length() > 200


def python_verdict(data: Mapping[str, Any]) -> dict[str, Any]:
    """What `verify_bundle` says, in the vector file's form."""
    try:
        report = verify_bundle(data)
    except LastcardError as error:
        return {"error": type(error).__name__}
    assert [check.name for check in report.checks] == CHECKS
    assert all(check.detail for check in report.checks)
    return {"ok": report.ok, "failed": report.failed()}


def test_s6_tampered_vectors_give_their_python_verdict(vectors: dict[str, Any]) -> None:
    assert len(vectors["tampered"]) > 10
    wrong = {}
    for vector in vectors["tampered"]:
        data = apply_patch(vectors["bundles"][vector["bundle"]], vector["patch"])
        verdict = python_verdict(data)
        if verdict != vector["python"]:
            wrong[vector["name"]] = verdict
    assert wrong == {}


# -- the seeds ---------------------------------------------------------------------------------


def test_s6_server_seed_is_32_fresh_bytes() -> None:
    first, second = new_server_seed(), new_server_seed()
    assert len(first) == len(second) == 32 and first != second


def test_s6_commitment_is_sha256_of_the_prefixed_seed() -> None:
    seed = bytes(range(32))
    assert commitment(seed) == hashlib.sha256(b"lastcard/commit/v1" + seed).hexdigest()
    assert commitment(seed) != commitment(bytes(32))
    with pytest.raises(CorruptDataError, match="server_seed"):
        commitment(b"short")


def test_s6_game_seed_is_the_hmac_of_the_documented_text_read_little_endian() -> None:
    seeds = ["0" * 32, "f" * 32]
    digest = hmac.new(
        SERVER_SEED, f"lastcard/seed/v1|{CODE}|g9|{seeds[0]}|{seeds[1]}".encode(), hashlib.sha256
    ).digest()
    assert game_seed(SERVER_SEED, CODE, "g9", seeds) == int.from_bytes(digest, "little")
    no_seeds = hmac.new(SERVER_SEED, f"lastcard/seed/v1|{CODE}|g9|".encode(), hashlib.sha256)
    assert game_seed(SERVER_SEED, CODE, "g9", []) == int.from_bytes(no_seeds.digest(), "little")


def test_s6_every_part_of_the_seed_counts() -> None:
    seeds = client_seeds(3)
    base = game_seed(SERVER_SEED, CODE, "g1", seeds)
    variants = [
        game_seed(bytes(32), CODE, "g1", seeds),
        game_seed(SERVER_SEED, "VEC7RT", "g1", seeds),
        game_seed(SERVER_SEED, CODE, "g2", seeds),
        game_seed(SERVER_SEED, CODE, "g1", seeds[::-1]),  # seat order matters
        game_seed(SERVER_SEED, CODE, "g1", seeds[:2]),
        game_seed(SERVER_SEED, CODE, "g1", [*seeds[:2], _other(seeds[2])]),
    ]
    assert len({base, *variants}) == 1 + len(variants)


@pytest.mark.parametrize(
    "code, game, seeds",
    [
        ("AB|CD", "g1", []),  # a separator inside a part would make the text ambiguous
        (CODE, "g|1", []),
        (CODE, "g1", ["a|b"]),
        (CODE, "g1", [""]),
        (CODE, "", []),
        (CODE, "g1", ["x" * 65]),
        (CODE, "g1", ["é"]),
        (CODE, 1, []),
        (CODE, "g1", "abc"),
    ],
)
def test_s6_game_seed_refuses_parts_that_could_collide(code: Any, game: Any, seeds: Any) -> None:
    with pytest.raises(CorruptDataError):
        game_seed(SERVER_SEED, code, game, seeds)


# -- the bundle ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bundle(vectors: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = vectors["bundles"]["official"]
    return data


def test_s6_bundle_holds_the_record_and_the_revealed_seeds(bundle: dict[str, Any]) -> None:
    assert set(bundle) == {"record", "fairness"}
    fair = bundle["fairness"]
    assert set(fair) == {
        *("algo", "commitment", "server_seed", "client_seeds", "code", "game", "transcript")
    }
    assert fair["algo"] == ALGO
    assert bytes.fromhex(fair["server_seed"]) == SERVER_SEED
    assert fair["commitment"] == commitment(SERVER_SEED)
    read = read_bundle(bundle)
    assert read.record == GameRecord.from_dict(bundle["record"])
    assert read.record.seed == game_seed(SERVER_SEED, CODE, fair["game"], fair["client_seeds"])


def test_s6_make_bundle_refuses_a_record_not_dealt_from_the_seeds() -> None:
    seeds = client_seeds(2)
    seed = game_seed(SERVER_SEED, CODE, "g1", seeds)
    fast = GameRecord(2, seed=5)
    other = GameRecord(2, seed=seed + 1, generator="secure")
    for record in (fast, other):
        with pytest.raises(FairnessError):
            make_bundle(record, SERVER_SEED, CODE, "g1", seeds)
    good = GameRecord(2, seed=seed, generator="secure")
    assert verify_bundle(make_bundle(good, SERVER_SEED, CODE, "g1", seeds)).failed() == ["replay"]


def test_s6_a_verified_bundle_reports_every_check_in_words(bundle: dict[str, Any]) -> None:
    report = verify_bundle(bundle)
    assert report.ok and report.failed() == []
    assert [check.name for check in report.checks] == CHECKS
    details = {check.name: check.detail for check in report.checks}
    actions = len(bundle["record"]["actions"])
    assert details["replay"] == f"{actions} actions replay to the recorded final state"
    assert details["transcript"].startswith(
        f"all {len(bundle['fairness']['transcript'])} steps match"
    )
    assert report.to_dict()["ok"] is True
    assert report.to_dict()["checks"][0] == {
        "name": "algorithm",
        "ok": True,
        "detail": f"the scheme is {ALGO}",
    }
    assert verify_text(json.dumps(bundle)).ok


def test_s6_report_without_checks_is_not_ok() -> None:
    assert not Report(()).ok


def test_s6_a_record_without_a_digest_is_not_verified(bundle: dict[str, Any]) -> None:
    data = apply_patch(bundle, [{"path": ["record", "digest"], "set": None}])
    report = verify_bundle(data)
    assert report.failed() == ["replay"]
    assert "no final digest" in report.checks[CHECKS.index("replay")].detail


def test_s6_a_transcript_cut_short_or_lengthened_is_a_mismatch(bundle: dict[str, Any]) -> None:
    steps = bundle["fairness"]["transcript"]
    for changed in (steps[:-1], [*steps, steps[-1]], [], [*steps[:3], True, *steps[4:]]):
        data = apply_patch(bundle, [{"path": ["fairness", "transcript"], "set": changed}])
        assert verify_bundle(data).failed() == ["transcript"]


def test_s6_a_transcript_number_of_another_type_is_a_mismatch(bundle: dict[str, Any]) -> None:
    # JSON's true is not the seat 1, nor 1.0 the counter 1: the browser would not take them so.
    take = next(i for i, s in ops(bundle) if s["op"] == "take" and s["to"] == 1)
    data = apply_patch(bundle, [{"path": ["fairness", "transcript", take, "to"], "set": True}])
    assert verify_bundle(data).failed() == ["transcript"]


def test_s6_a_fast_dealt_game_fails_the_generator_check() -> None:
    record = GameRecord(2, seed=5)
    seeds = client_seeds(2)
    real = make_bundle(
        GameRecord(2, seed=game_seed(SERVER_SEED, CODE, "g1", seeds), generator="secure"),
        SERVER_SEED,
        CODE,
        "g1",
        seeds,
    )
    data = {**real, "record": record.to_dict()}
    assert verify_bundle(data).failed() == ["seed", "generator", "replay", "transcript"]


@pytest.mark.parametrize(
    "patch, field",
    [
        ([{"path": ["record"], "delete": True}], "bundle: missing 'record'"),
        ([{"path": ["extra"], "set": 1}], "bundle: unknown keys"),
        ([{"path": ["record", "seed"], "set": -1}], "record.seed"),
        ([{"path": ["record", "actions", 0, 1], "set": "zzz"}], r"record.actions\[0\]\[1\]"),
        ([{"path": ["fairness", "code"], "set": "A|B"}], "fairness.code"),
        ([{"path": ["fairness", "client_seeds"], "set": "abc"}], "fairness.client_seeds"),
        ([{"path": ["fairness", "client_seeds", 0], "set": 7}], r"fairness.client_seeds\[0\]"),
        ([{"path": ["fairness", "commitment"], "set": "AB" * 32}], "fairness.commitment"),
        ([{"path": ["fairness", "transcript"], "set": {}}], "fairness.transcript"),
        ([{"path": ["fairness", "algo"], "set": None}], "fairness.algo"),
        ([{"path": ["fairness", "game"], "delete": True}], "fairness: missing 'game'"),
        ([{"path": ["fairness", "more"], "set": 1}], "fairness: unknown keys"),
    ],
)
def test_s6_malformed_bundles_are_corrupt_data_naming_the_field(
    bundle: dict[str, Any], patch: list[dict[str, Any]], field: str
) -> None:
    with pytest.raises(CorruptDataError, match=field):
        verify_bundle(apply_patch(bundle, patch))


@pytest.mark.parametrize(
    "text", ["", "[]", "[1, 2]", '{"record": 1', "NaN", '{"a": NaN}', "[" * 100_000, "\ud800"]
)
def test_s6_text_that_is_no_bundle_is_corrupt_data(text: str) -> None:
    with pytest.raises(CorruptDataError):
        verify_text(text)


def test_s6_record_from_json_reads_a_bundle_or_a_bare_record(bundle: dict[str, Any]) -> None:
    record = GameRecord.from_dict(bundle["record"])
    assert record_from_json(json.dumps(bundle)) == record
    assert record_from_json(record.to_json()) == record
    for text in ("[]", "nope", '{"record": {}, "fairness": {}}'):
        with pytest.raises(CorruptDataError):
            record_from_json(text)


# -- the transcript --------------------------------------------------------------------------------


def test_s6_transcript_of_the_opening_deal_only() -> None:
    seed = game_seed(SERVER_SEED, CODE, "g1", [])
    record = GameRecord(3, Rules(first_wd4="bottom"), seed=seed, generator="secure")
    steps = deal_transcript(record)
    deck = [card.code for card in Rules().deck_cards()]
    assert steps[0]["op"] == "hand" and steps[0]["hand"] == 1 and steps[0]["top"] == []
    draw, deal = steps[1], steps[2]
    assert draw["op"] == "dealer_draw" and draw["input"] == deck and draw["counter"] == 0
    assert [draw["seats"][k] for k in range(3)] == [0, 1, 2]
    assert deal["op"] == "shuffle" and deal["why"] == "deal" and deal["input"] == deck
    assert deal["counter"] == draw["next"]
    output, after = shuffled(deck, RngState("secure", seed, deal["counter"]))
    assert deal["output"] == list(output) and deal["next"] == after.counter
    takes = [step for step in steps if step["op"] == "take"]
    dealer = steps[0]["dealer"]
    assert [t["card"] for t in takes] == deal["output"][:21]
    assert [t["to"] for t in takes[:3]] == [(dealer + k) % 3 for k in (1, 2, 3)]
    state = record.start()
    assert steps[-1] == {"op": "turn", "card": deal["output"][21]}  # a number card: no effect
    assert state.discard == (Card.from_code(deal["output"][21]),)
    assert [card.code for card in reversed(state.stock)] == deal["output"][22:]


def test_s6_transcript_places_a_stacked_deck_on_top() -> None:
    top = ["R5", "G7", "B2", "Y9", "W"]
    record = GameRecord(
        2, Rules(hand_size=2), seed=3, generator="secure", dealer=1, deck=tuple(top)
    )
    steps = deal_transcript(record)
    assert steps[0] == {"op": "hand", "hand": 1, "dealer": 1, "top": top}
    assert steps[1]["why"] == "deal" and len(steps[1]["input"]) == 103
    assert [(s["card"], s["to"]) for s in steps[2:6]] == [
        ("R5", 0),
        ("G7", 1),
        ("B2", 0),
        ("Y9", 1),
    ]
    assert steps[6] == {"op": "turn", "card": "W"}


def test_s6_every_stream_use_chains_and_reproduces(vectors: dict[str, Any]) -> None:
    for bundle in vectors["bundles"].values():
        record = GameRecord.from_dict(bundle["record"])
        counter = 0
        for _, step in ops(bundle):
            if step["op"] not in ("shuffle", "dealer_draw"):
                continue
            assert step["counter"] == counter
            rng = RngState("secure", record.seed, counter)
            if step["op"] == "shuffle":
                output, after = shuffled(step["input"], rng)
                assert list(output) == step["output"] and after.counter == step["next"]
            counter = step["next"]
        assert counter == replay(record).rng.counter


@pytest.mark.parametrize(
    "options, players",
    [
        ({}, 4),
        ({"deck": "2018", "custom_wild_effect": "shuffle_hands"}, 3),
        ({"seven_o": True, "jump_in": True, "stacking": "mixed"}, 5),
        (
            {
                "first_wild": "redraw",
                "first_reverse": "dealer_starts",
                "dealer_each_hand": "rotate",
            },
            3,
        ),
        ({"elimination": True, "elimination_threshold": 100}, 4),
        ({"wild_downpour": True, "hand_size": 15}, 6),
        ({"teams": "partners", "dealer_draw_non_number": "redraw"}, 4),
    ],
)
def test_s6_bot_games_under_house_rules_verify(options: dict[str, Any], players: int) -> None:
    rules = Rules(**options, target_score=150)
    for number in range(3):
        bundle = play_secure_game(rules, players, f"h{number}", "random" if number else "eager")
        report = verify_bundle(json.loads(json.dumps(bundle)))
        assert report.ok, report.to_dict()


def test_s6_the_transcript_refuses_events_it_cannot_follow() -> None:
    record = GameRecord(2, seed=9, generator="secure")
    opening = record.open()
    follower = transcript._Follower(record)
    events = [e for e in opening.events if e.type is not EventType.FIRST_DISCARD]
    with pytest.raises(TranscriptError, match="lost track of the stock"):
        follower.follow(events, opening.state)
    assert issubclass(TranscriptError, LastcardError)
