"""`PolicyBot`: a trained policy network playing as a lastcard bot, with NumPy (no torch).

A policy is a small multilayer perceptron over `observe(view)` (the same observation the
environments give) with one output per action number (`action_index(players)`, then `PASS`).
The bot masks the outputs to the legal actions (and `PASS` only when it may pass) and takes the
largest: the policy's most likely action, deterministic.

A policy trained on an earlier version of the observation and the action numbers still plays:
both only ever grow by appending, so it reads the first numbers of the observation its version
had and chooses among the actions its version numbered. When every legal action is one its
version did not have (a discard round, Pirate's window, a Mambo's gifts and lead, for a version
1 policy), the bot answers as `greedy`; while any is, it never plays a card its version did not
number (a theme-pack card, §7.11).

The weights are a NumPy `.npz` (`save_policy` writes one, `load_policy` reads and checks it):

| key | shape | meaning |
| --- | --- | --- |
| `w0`, `b0`, `w1`, `b1`, ... | (in, out), (out,) | hidden layers, each followed by `activation` |
| `w_out`, `b_out` | (in, actions), (actions,) | the action logits, no activation |
| `activation` | () | `"tanh"` or `"relu"` |
| `players` | () | the player count the action numbers belong to |
| `obs_mean`, `obs_var`, `obs_clip` | (obs,), (obs,), () | optional: observations are first |
|  |  |  | normalised to `clip((x - mean) / sqrt(var + 1e-8), -clip, clip)` |

No torch is needed to play: examples/train_ppo.py trains with sb3-contrib's MaskablePPO and
exports its actor (the policy MLP and the action head) to this format.

Registered as the bot `ppo` when `lastcard.rl` is imported: `make_bot("ppo:path=agent.npz", 0)`.
"""

from __future__ import annotations

import functools
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from lastcard.bots.greedy import GreedyBot
from lastcard.core import Action, LastcardError, PlayerView, action_index
from lastcard.core.action_index import version_size

from .observation import VERSION_SIZES, observe
from .seating import Turn, action_mask

FloatArray = npt.NDArray[np.float32]

ACTIVATIONS: Mapping[str, Callable[[FloatArray], FloatArray]] = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, np.float32(0.0)),
}
_EPSILON = 1e-8  # what Stable-Baselines3's VecNormalize adds to the variance


class PolicyFileError(LastcardError):
    """A policy file that cannot be read or does not describe a policy for lastcard."""

    code = "BAD_POLICY_FILE"


@dataclass(frozen=True)
class Policy:
    """An MLP policy: `logits(obs)` gives one number per action (the last one `PASS`)."""

    layers: tuple[tuple[FloatArray, FloatArray], ...]  # hidden (weight, bias) pairs
    out: tuple[FloatArray, FloatArray]
    activation: str
    players: int
    obs_mean: FloatArray | None = None
    obs_var: FloatArray | None = None
    obs_clip: float = 10.0

    @property
    def actions(self) -> int:
        return int(self.out[1].shape[0])

    @property
    def observation_size(self) -> int:
        """The observation numbers it reads: those of the version it was trained on."""
        first = self.layers[0][0] if self.layers else self.out[0]
        return int(first.shape[0])

    def logits(self, observation: FloatArray) -> FloatArray:
        x = observation[..., : self.observation_size]  # one observation, or a batch in rows
        if self.obs_mean is not None and self.obs_var is not None:
            x = np.clip(
                (x - self.obs_mean) / np.sqrt(self.obs_var + _EPSILON),
                -self.obs_clip,
                self.obs_clip,
            ).astype(np.float32)
        act = ACTIVATIONS[self.activation]
        for weight, bias in self.layers:
            x = act(x @ weight + bias)
        weight, bias = self.out
        return x @ weight + bias


def save_policy(path: str | Path, policy: Policy) -> None:
    """Write `policy` to `path` in the format `load_policy` reads (see the module)."""
    arrays: dict[str, Any] = {
        "activation": np.array(policy.activation),
        "players": np.array(policy.players),
        "w_out": policy.out[0],
        "b_out": policy.out[1],
    }
    for k, (weight, bias) in enumerate(policy.layers):
        arrays[f"w{k}"], arrays[f"b{k}"] = weight, bias
    if policy.obs_mean is not None and policy.obs_var is not None:
        arrays["obs_mean"], arrays["obs_var"] = policy.obs_mean, policy.obs_var
        arrays["obs_clip"] = np.array(policy.obs_clip)
    with open(path, "wb") as file:  # np.savez would append ".npz" to a name without it
        np.savez_compressed(file, **arrays)


def load_policy(path: str | Path) -> Policy:
    """The policy in the `.npz` at `path`, its shapes checked; `PolicyFileError` otherwise."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as error:
        raise PolicyFileError(f"cannot read a policy from {path}: {error}") from None
    return _policy_of(arrays, str(path))


def _policy_of(arrays: dict[str, npt.NDArray[Any]], name: str) -> Policy:
    def bad(why: str) -> PolicyFileError:
        return PolicyFileError(f"{name} is not a lastcard policy: {why}")

    missing = {"w_out", "b_out", "activation", "players"} - arrays.keys()
    if missing:
        raise bad(f"missing {', '.join(sorted(missing))}")
    activation = str(arrays["activation"])
    if activation not in ACTIVATIONS:
        raise bad(f"activation is one of {', '.join(ACTIVATIONS)}, not {activation!r}")

    def number(key: str, kind: type[int] | type[float]) -> float:
        array = arrays[key]
        if array.shape != () or not np.issubdtype(array.dtype, np.number):
            raise bad(f"{key} must be a number, not {array!r}")
        return kind(array)

    players = int(number("players", int))
    if not 2 <= players <= 10:
        raise bad(f"players is 2 to 10, not {players}")

    def floats(key: str, dims: int) -> FloatArray:
        array = arrays[key]
        if array.ndim != dims or not np.issubdtype(array.dtype, np.floating):
            raise bad(f"{key} must be a {dims}-dimensional float array, not {array.shape}")
        return np.ascontiguousarray(array, dtype=np.float32)

    layers = []
    first = arrays.get("w0", arrays.get("w_out"))
    width = int(first.shape[0]) if first is not None and first.ndim == 2 else -1
    if width not in VERSION_SIZES.values():
        sizes = " or ".join(str(size) for size in VERSION_SIZES.values())
        raise bad(f"its first layer reads {width} numbers, not an observation's {sizes}")
    observation_size = width
    for k in range(len(arrays)):
        if f"w{k}" not in arrays:
            break
        if f"b{k}" not in arrays:
            raise bad(f"w{k} has no b{k}")
        layers.append((floats(f"w{k}", 2), floats(f"b{k}", 1)))
    out = (floats("w_out", 2), floats("b_out", 1))
    for key, (weight, bias) in [
        *((f"w{k}", layer) for k, layer in enumerate(layers)),
        ("w_out", out),
    ]:
        if weight.shape[0] != width:
            raise bad(f"{key} has shape {weight.shape} after a layer of {width}")
        if bias.shape[0] != weight.shape[1]:
            raise bad(f"the bias of {key} has {bias.shape[0]} numbers for {weight.shape[1]}")
        width = weight.shape[1]
    known = sorted({version_size(players, v) + 1 for v in VERSION_SIZES})
    if width not in known:
        raise bad(
            f"{width} outputs, but {players} players have "
            f"{' or '.join(map(str, known))} action numbers (with PASS)"
        )
    obs_mean = obs_var = None
    clip = 10.0
    if "obs_mean" in arrays or "obs_var" in arrays:
        if not {"obs_mean", "obs_var"} <= arrays.keys():
            raise bad("obs_mean and obs_var come together")
        obs_mean, obs_var = floats("obs_mean", 1), floats("obs_var", 1)
        if obs_mean.shape != (observation_size,) or obs_var.shape != (observation_size,):
            raise bad(f"obs_mean and obs_var must have {observation_size} numbers")
        if np.any(obs_var < 0):
            raise bad("obs_var holds a negative variance")
        clip = number("obs_clip", float) if "obs_clip" in arrays else clip
    return Policy(tuple(layers), out, activation, players, obs_mean, obs_var, clip)


def _cached_policy(path: str) -> Policy:
    # Simulations build a bot per seat per game: read each file once (again if it changes).
    try:
        stat = Path(path).stat()
    except OSError as error:
        raise PolicyFileError(f"cannot read a policy from {path}: {error.strerror}") from None
    return _load_once(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _load_once(path: str, mtime_ns: int, size: int) -> Policy:
    del mtime_ns, size  # part of the cache key only
    return load_policy(path)


class PolicyBot:
    """A bot that plays a trained policy's most likely legal action (see the module).

    `PolicyBot(seed, path=...)` (the bot factory form; the seed only seeds the `greedy`
    answers of an older version) or `PolicyBot.from_policy(policy)`. The policy's player count
    must be the table's.
    """

    def __init__(self, seed: int = 0, *, path: str | Path) -> None:
        self.policy = _cached_policy(str(path))
        self._index = action_index(self.policy.players)
        self._fallback = GreedyBot(seed)  # for actions its version never numbered

    @classmethod
    def from_policy(cls, policy: Policy) -> PolicyBot:
        bot = cls.__new__(cls)
        bot.policy = policy
        bot._index = action_index(policy.players)
        bot._fallback = GreedyBot(0)
        return bot

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if view.players != self.policy.players:
            raise LastcardError(
                f"this policy plays {self.policy.players}-player games, not {view.players}"
            )
        assert view.seat is not None
        mask = action_mask(self._index, Turn(view.seat, legal, may_pass))
        known = self.policy.actions - 1  # the action numbers of its version, then PASS
        if known < self._index.size:
            mask = np.concatenate((mask[:known], mask[-1:]))
            if not mask.any():  # only actions its version never numbered are legal
                return self._fallback.choose(view, legal, may_pass=may_pass)
        logits = self.policy.logits(observe(view))
        number = int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))
        return None if number == known else self._index.action_at(number)
