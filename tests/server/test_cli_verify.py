"""`lastcard verify FILE` (SERVER.md §6) and `lastcard replay` of a web game's proof bundle."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from lastcard.cli import app
from lastcard.core import GameRecord

VECTORS = Path(__file__).with_name("fairness_vectors.json")
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), prog_name="lastcard", env={"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8"))["bundles"]["official"]
    return data


def write(tmp_path: Path, data: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_s6_verify_prints_every_check_and_exits_0(tmp_path: Path, bundle: dict[str, Any]) -> None:
    code, out, err = run("verify", write(tmp_path, bundle))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    names = ["algorithm", "commitment", "seed", "generator", "replay", "transcript"]
    assert [line.split()[2].rstrip(":") for line in lines[: len(names)]] == names
    assert all(line.startswith("✓ passed  ") for line in lines[: len(names)])
    assert lines[-1] == "Verified: the game was dealt from the committed seed."


def test_s6_verify_checks_the_seed_and_commitment_you_kept(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    fair = bundle["fairness"]
    path = write(tmp_path, bundle)
    mine = ["--client-seed", fair["client_seeds"][1], "--commitment", fair["commitment"]]
    code, out, err = run("verify", path, *mine)
    assert (code, err) == (0, "")
    assert "✓ passed  your_seed: " in out and "✓ passed  your_commitment: " in out
    assert out.splitlines()[-1].startswith("Verified, with your seed")
    swapped = ["--client-seed", "0123456789abcdef" * 2, "--commitment", fair["commitment"]]
    code, out, err = run("verify", path, *swapped)
    assert (code, err) == (1, "")
    assert "✗ FAILED  your_seed: your seed was not used" in out
    code, out, err = run("verify", path, "--commitment", "ab" * 32)
    assert code == 1 and "✗ FAILED  your_commitment: " in out
    code, out, err = run("verify", path, "--client-seed", "xyz")
    assert code == 2 and "--client-seed: 32 hexadecimal digits" in err


def test_s6_verify_a_tampered_proof_exits_1_naming_what_failed(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    data = copy.deepcopy(bundle)
    seed = data["fairness"]["client_seeds"][0]
    data["fairness"]["client_seeds"][0] = ("1" if seed[0] != "1" else "2") + seed[1:]
    code, out, err = run("verify", write(tmp_path, data))
    assert (code, err) == (1, "")
    assert "✗ FAILED  seed: " in out
    assert "✓ passed  commitment: " in out
    assert out.splitlines()[-1] == "Mismatch: 1 of 6 checks failed (seed)."


def test_s6_verify_a_changed_action_is_a_mismatch(tmp_path: Path, bundle: dict[str, Any]) -> None:
    data = copy.deepcopy(bundle)
    seat, _ = data["record"]["actions"][-1]
    data["record"]["actions"][-1] = [seat, "draw"]
    code, out, _ = run("verify", write(tmp_path, data))
    assert code == 1
    assert "✗ FAILED  replay: " in out and "✗ FAILED  transcript: " in out


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no such file"),
        ("not json", "is not a game's proof: not a game record (invalid JSON"),
        ("[1]", "is not a game's proof: not a game's proof (expected a JSON object)"),
        ({"record": {}}, "is not a game's proof: bundle: missing 'fairness'"),
        ("{}", "is not a game's proof: bundle: missing 'record', 'fairness'"),
    ],
)
def test_s6_verify_an_unreadable_file_exits_2_with_one_line(
    tmp_path: Path, content: Any, message: str
) -> None:
    path = str(tmp_path / "missing.json") if content is None else write(tmp_path, content)
    code, out, err = run("verify", path)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_s6_verify_a_bare_record_or_a_directory_exits_2(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    code, _, err = run("verify", write(tmp_path, bundle["record"]))
    assert code == 2 and "missing 'record', 'fairness'" in err
    code, _, err = run("verify", str(tmp_path))
    assert code == 2 and "is a directory" in err
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    code, _, err = run("verify", str(tmp_path / "binary.json"))
    assert code == 2 and "it is not text" in err


def test_s6_verify_a_corrupt_record_in_a_proof_exits_2(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    data = copy.deepcopy(bundle)
    data["record"]["seed"] = -5
    code, _, err = run("verify", write(tmp_path, data))
    assert code == 2 and "record.seed" in err


def test_s6_verify_help_says_what_it_proves_and_what_not() -> None:
    code, out, _ = run("verify", "--help")
    text = " ".join(out.split())
    assert code == 0
    assert "committed to before the deal" in text
    assert "does not prove that the server kept the hands secret" in text
    assert "0 verified, 1 a mismatch, 2 a file" in text


def test_s6_replay_tells_a_proof_bundle_like_its_record(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    from_bundle = run("replay", write(tmp_path, bundle, "bundle.json"))
    from_record = run("replay", write(tmp_path, bundle["record"], "record.json"))
    assert from_bundle[0] == 0 and from_bundle == from_record
    assert "Game over" in from_bundle[1]
    assert GameRecord.from_dict(bundle["record"]).generator == "secure"


@pytest.mark.parametrize("names", [["Ana"], ["Ana", ""], ["Ana", 7], "Ana"])
def test_s6_replay_refuses_names_that_are_not_the_players(
    tmp_path: Path, bundle: dict[str, Any], names: object
) -> None:
    # A web game's record names its players (test_live_protocol.py replays one).
    data = copy.deepcopy(bundle)
    assert data["record"]["players"] == 2
    data["record"]["names"] = names
    code, out, err = run("replay", write(tmp_path, data))
    assert code == 1 and out == ""
    assert "is not a valid game record: record.names" in err and "Traceback" not in err


def test_s6_replay_of_a_proof_with_a_corrupt_record_is_a_short_error(
    tmp_path: Path, bundle: dict[str, Any]
) -> None:
    data = copy.deepcopy(bundle)
    data["record"]["players"] = 99
    code, out, err = run("replay", write(tmp_path, data))
    assert code == 1 and out == ""
    assert "is not a valid game record: record.players" in err and "Traceback" not in err
