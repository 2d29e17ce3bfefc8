"""Seeds (DESIGN.md §3): each generator's documented range, secure seeds of 128 bits whose every
bit counts, and derived seeds that never change."""

from __future__ import annotations

from typing import Any

import pytest

from lastcard import RulesError, new_game, read_state
from lastcard.core.rng import MAX_SEED, RngState, derive_seed, next_u64
from lastcard.table import fresh_seed


def _stream(kind: str, seed: int) -> list[int]:
    rng, out = RngState(kind, seed), []
    for _ in range(4):
        value, rng = next_u64(rng)
        out.append(value)
    return out


def test_a_fresh_secure_seed_is_128_bits_from_the_operating_system() -> None:
    seeds = {fresh_seed("secure") for _ in range(8)}
    assert len(seeds) == 8
    assert all(0 <= seed < 2**128 for seed in seeds)
    assert max(seed.bit_length() for seed in seeds) > 120


@pytest.mark.parametrize("bit", [0, 31, 32, 63, 64, 127, 255, 511])
def test_every_bit_of_a_secure_seed_changes_the_stream(bit: int) -> None:
    seed = 0x5EED
    assert _stream("secure", seed) != _stream("secure", seed ^ (1 << bit))


def test_a_secure_game_dealt_from_a_128_bit_seed_is_reproducible() -> None:
    seed = fresh_seed("secure")
    first = new_game(4, seed=seed, generator="secure")
    assert first == new_game(4, seed=seed, generator="secure")
    assert read_state(first.to_dict()) == first


@pytest.mark.parametrize(
    ("generator", "seed"),
    [
        ("fast", -1),
        ("fast", 2**64),  # would alias seed 0
        pytest.param("fast", 10**5000, id="fast-5001-digits"),
        ("secure", -1),
        ("secure", 2**512),
        ("fast", True),
        ("fast", 1.0),
        ("fast", "7"),
        ("fast", None),
    ],
)
def test_a_seed_outside_the_generators_range_is_refused(generator: str, seed: Any) -> None:
    with pytest.raises(RulesError):
        new_game(2, seed=seed, generator=generator)


def test_the_ends_of_each_range_are_accepted() -> None:
    for generator, top in MAX_SEED.items():
        assert new_game(2, seed=0, generator=generator).rng.seed == 0
        assert new_game(2, seed=top, generator=generator).rng.seed == top
    assert MAX_SEED == {"fast": 2**64 - 1, "secure": 2**512 - 1}


def test_derived_seeds_never_change() -> None:
    """Studies deal their hands and forgetful bots lapse from these: a change would change every
    result. (Simulations and tournaments use `stream_seed`, pinned in test_rng.py.)"""
    assert derive_seed(7, "game", 3) == 10932845254437374658
    assert derive_seed(0, "bot", 1) == 7719009778328548968
