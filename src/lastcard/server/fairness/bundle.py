"""The proof bundle a player downloads after a game: made from a record and its seeds, read
back from JSON (by `lastcard verify`, `lastcard replay` and the page `/verify/{id}`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lastcard.core import CorruptDataError, GameRecord
from lastcard.core.decoding import corrupt, load_json, read_list, read_mapping
from lastcard.core.errors import shown

from ..protocol import MAX_NAME as _MAX_NAME
from .seeds import ALGO, FairnessError, checked_part, commitment, game_seed
from .transcript import deal_transcript

_HEX64 = re.compile(r"[0-9a-f]{64}")
_MAX_CLIENT_SEEDS = 10  # one per seat at most (§1.5.1)

# -- the bundle --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bundle:
    """A bundle as read: the record and its fairness proof (the transcript as it came)."""

    record: GameRecord
    algo: str
    commitment: str
    server_seed: bytes
    client_seeds: tuple[str, ...]
    code: str
    game: str
    transcript: list[Any]


_FAIRNESS_KEYS = ("algo", "commitment", "server_seed", "client_seeds", "code", "game", "transcript")


def make_bundle(
    record: GameRecord,
    server_seed: bytes,
    code: str,
    game_id: str,
    client_seeds: Sequence[str],
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The downloadable proof of a game dealt from these seeds (see the module docstring).
    `names`, the players' in seat order, travel in the record (`record.names`, a key the
    record's readers pass over) so that `lastcard replay` tells the game with them.

    Raises `FairnessError` when the record was not dealt by the secure generator from the seed
    these values give: such a bundle could only ever fail to verify."""
    seed = game_seed(server_seed, code, game_id, client_seeds)
    if record.generator != "secure" or record.seed != seed:
        raise FairnessError("the record was not dealt by the secure generator from these seeds")
    data = record.to_dict()
    if names is not None:
        data["names"] = list(names)
    return {
        "record": data,
        "fairness": {
            "algo": ALGO,
            "commitment": commitment(server_seed),
            "server_seed": server_seed.hex(),
            "client_seeds": list(client_seeds),
            "code": code,
            "game": game_id,
            "transcript": deal_transcript(record),
        },
    }


def is_bundle(data: object) -> bool:
    """Whether `data` has a bundle's shape rather than a bare record's."""
    return isinstance(data, Mapping) and "record" in data and "fairness" in data


def read_bundle(data: object) -> Bundle:
    """The bundle `make_bundle` wrote; `CorruptDataError` naming the field for anything else."""
    top = read_mapping(data, "bundle", ("record", "fairness"), ("record", "fairness"))
    record = GameRecord.from_dict(top["record"])
    fair = read_mapping(top["fairness"], "fairness", _FAIRNESS_KEYS, _FAIRNESS_KEYS)
    algo = fair["algo"]
    if type(algo) is not str or len(algo) > 200:
        raise corrupt("fairness.algo", f"{shown(algo)} is not the name of a scheme")
    client_seeds = read_list(fair["client_seeds"], "fairness.client_seeds", None, _MAX_CLIENT_SEEDS)
    return Bundle(
        record=record,
        algo=algo,
        commitment=_hex64(fair["commitment"], "fairness.commitment"),
        server_seed=bytes.fromhex(_hex64(fair["server_seed"], "fairness.server_seed")),
        client_seeds=tuple(
            checked_part(seed, f"fairness.client_seeds[{i}]") for i, seed in enumerate(client_seeds)
        ),
        code=checked_part(fair["code"], "fairness.code"),
        game=checked_part(fair["game"], "fairness.game"),
        transcript=read_list(fair["transcript"], "fairness.transcript"),
    )


def _hex64(value: object, field: str) -> str:
    if type(value) is not str or not _HEX64.fullmatch(value):
        raise corrupt(field, f"{shown(value)} is not 64 lower-case hex digits")
    return value


def record_from_json(text: str | bytes) -> GameRecord:
    """The record in a bundle's JSON, or in a bare `GameRecord`'s (what `lastcard replay` reads)."""
    return named_record_from_json(text)[0]


def named_record_from_json(text: str | bytes) -> tuple[GameRecord, list[str] | None]:
    """`record_from_json`, with the players' names a web table's record carries (`make_bundle`),
    or None for a record without them."""
    data = load_json(text)
    if is_bundle(data):
        data = data["record"]
    if not isinstance(data, dict):
        raise CorruptDataError("not a game record (expected a JSON object)")
    record = GameRecord.from_dict(data)
    names = data.get("names")
    if names is None:
        return record, None
    names = read_list(names, "record.names", record.players, record.players)
    for k, name in enumerate(names):
        if type(name) is not str or not 0 < len(name) <= _MAX_NAME:
            raise corrupt(f"record.names[{k}]", f"{shown(name)} is not a player's name")
    return record, names
