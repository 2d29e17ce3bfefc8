"""The remembered new-game settings: real files, atomic writes, defaults for anything broken."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs
import pytest

from lastcard.bots import make_bot
from lastcard.core import Rules
from lastcard.tui.settings import (
    BOT_LEVELS,
    LEVEL_HELP,
    OPPONENT_NAMES,
    PlaySettings,
    config_dir,
    load_settings,
    save_settings,
    saved_game_path,
    settings_path,
)


def test_defaults() -> None:
    settings = PlaySettings()
    assert settings.players == 4
    assert settings.levels == ["normal"] * 3
    assert settings.rules == Rules()
    assert settings.seed is None
    assert settings.bot_delay == 0.8
    assert settings.preset_name() == "official"
    assert settings.names() == ["You", "Ada", "Basil", "Cleo"]


def test_bot_levels_build_real_bots() -> None:
    assert BOT_LEVELS == {
        "beginner": "forgetful:base=eager,forget=0.5,miss=0.5",
        "easy": "forgetful:base=greedy,forget=0.3,miss=0.3",
        "normal": "forgetful:base=heuristic,forget=0.1,miss=0.1",
        "hard": "ismcts:seconds=0.3",
        "expert": "expert",
    }
    assert set(LEVEL_HELP) == set(BOT_LEVELS)
    assert all(LEVEL_HELP.values())
    # Each help is one line beside the level's picker on the new-game screen: 33 columns.
    assert all(len(help_) <= 33 for help_ in LEVEL_HELP.values())
    for spec in BOT_LEVELS.values():
        assert hasattr(make_bot(spec, seed=1), "choose")


def test_opponent_names() -> None:
    assert len(OPPONENT_NAMES) == len(set(OPPONENT_NAMES)) == 9
    assert "You" not in OPPONENT_NAMES
    assert PlaySettings(players=10).names() == ["You", *OPPONENT_NAMES]
    assert PlaySettings(players=2).names() == ["You", "Ada"]


def test_opponent_levels_are_padded_or_cut_to_the_opponents() -> None:
    assert PlaySettings(players=6, levels=["hard", "easy"]).opponent_levels() == [
        "hard",
        "easy",
        "normal",
        "normal",
        "normal",
    ]
    assert PlaySettings(players=2, levels=["hard", "easy"]).opponent_levels() == ["hard"]
    assert PlaySettings(players=3, levels=["beginner", "easy"]).bot_specs() == [
        BOT_LEVELS["beginner"],
        BOT_LEVELS["easy"],
    ]


def test_preset_name() -> None:
    assert PlaySettings(rules=Rules.preset("party")).preset_name() == "party"
    assert PlaySettings(rules=Rules(hand_size=5)).preset_name() == "custom"


def test_round_trip_through_a_real_file(tmp_path: Path) -> None:
    settings = PlaySettings(
        players=5,
        levels=["hard", "beginner", "easy", "normal"],
        rules=Rules.preset("h2o").changed(stacking="mixed", target_score=None),
        seed=1234,
        bot_delay=0.25,
    )
    path = tmp_path / "nested" / "dir" / "play-settings.json"
    save_settings(settings, path)
    assert json.loads(path.read_text(encoding="utf-8"))["players"] == 5
    loaded = load_settings(path)
    assert loaded == settings
    assert loaded.rules.wild_downpour == settings.rules.wild_downpour
    assert [p.name for p in path.parent.iterdir()] == ["play-settings.json"]  # no temp files


def test_saving_replaces_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "play-settings.json"
    save_settings(PlaySettings(players=3, levels=["easy", "easy"]), path)
    save_settings(PlaySettings(players=7, seed=5), path)
    loaded = load_settings(path)
    assert (loaded.players, loaded.seed) == (7, 5)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["play-settings.json"]


def test_missing_keys_take_their_defaults(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"players": 3}', encoding="utf-8")
    assert load_settings(path) == PlaySettings(players=3)


def test_a_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nothing-here.json") == PlaySettings()


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{not json",
        "[]",
        '"text"',
        '{"players": 42}',
        '{"players": "four"}',
        '{"players": true}',
        '{"levels": ["godlike"]}',
        '{"levels": [["normal"]]}',
        '{"rules": {"stackng": "same"}}',
        '{"rules": {"hand_size": 99}}',
        '{"rules": {"theme_cards": [[1]]}}',
        '{"rules": []}',
        '{"players": 3, "rules": {"teams": "partners"}}',
        '{"seed": 1.5}',
        '{"bot_delay": -1}',
        '{"bot_delay": "slow"}',
        "[" * 100_000,
    ],
)
def test_a_corrupt_or_invalid_file_gives_the_defaults(tmp_path: Path, content: str) -> None:
    path = tmp_path / "play-settings.json"
    path.write_text(content, encoding="utf-8")
    assert load_settings(path) == PlaySettings()


def test_an_undecodable_file_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "play-settings.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    assert load_settings(path) == PlaySettings()


def test_a_directory_in_the_way_gives_the_defaults(tmp_path: Path) -> None:
    (tmp_path / "play-settings.json").mkdir()
    assert load_settings(tmp_path / "play-settings.json") == PlaySettings()


def test_lastcard_home_is_honoured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("LASTCARD_HOME", str(home))
    assert config_dir() == home
    assert settings_path() == home / "play-settings.json"
    assert saved_game_path() == home / "saved-game.json"
    save_settings(PlaySettings(players=2, seed=77))
    assert (home / "play-settings.json").is_file()
    assert load_settings() == PlaySettings(players=2, seed=77)


def test_without_lastcard_home_the_user_config_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LASTCARD_HOME", raising=False)
    assert config_dir() == Path(platformdirs.user_config_dir("lastcard"))
    assert settings_path().parent == config_dir()


def test_to_dict_is_json_and_from_dict_inverts_it() -> None:
    settings = PlaySettings(players=4, rules=Rules.preset("partners"), seed=0)
    data = json.loads(json.dumps(settings.to_dict()))
    assert PlaySettings.from_dict(data) == settings
