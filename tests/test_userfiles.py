"""User files: atomic writes and corrupt files set aside, never lost."""
import json
import os

import platformdirs
import pytest

from game.files import userfiles
from game.files.userfiles import atomic_write_text, load_json, save_json


@pytest.fixture
def folder(user_dir):
    """The user folder, created (the game creates it on first use)."""
    user_dir.mkdir(parents=True, exist_ok=True)
    return user_dir


def test_user_dir_follows_env(user_dir):
    assert userfiles.user_dir() == user_dir
    assert user_dir.is_dir()


def test_user_dir_defaults_to_platform_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLDOUT_USER_DIR")
    asked = []

    def fake_user_data_dir(appname, appauthor=None):
        asked.append((appname, appauthor))
        return str(tmp_path / "platform" / appname)

    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)   # looked up when asked
    assert userfiles.user_dir() == tmp_path / "platform" / "SoldOutCheckOut"
    assert asked == [("SoldOutCheckOut", False)] and userfiles.user_dir().is_dir()


def test_atomic_write_survives_crash_before_rename(folder, monkeypatch):
    target = folder / "settings.json"
    atomic_write_text(target, "old contents")

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        atomic_write_text(target, "new contents that never land")
    assert target.read_text() == "old contents"
    # No temp file left lying around in the user's folder.
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json"]


def test_save_and_load_round_trip():
    save_json("pb.json", {"rush": [1, 2, 3]})
    assert load_json("pb.json", None) == ({"rush": [1, 2, 3]}, None)


def test_missing_file_gives_default_without_warning():
    assert load_json("nothing.json", {"a": 1}) == ({"a": 1}, None)


def test_corrupt_file_moved_aside_with_warning(folder):
    (folder / "settings.json").write_text("{not json")
    data, warning = load_json("settings.json", {"default": True})
    assert data == {"default": True}
    assert "settings.json" in warning and "settings.json.corrupt-1" in warning
    assert "\n" not in warning
    assert not (folder / "settings.json").exists()
    assert (folder / "settings.json.corrupt-1").read_text() == "{not json"


def test_two_corruptions_give_two_aside_files(folder):
    (folder / "b.json").write_text("first bad")
    load_json("b.json", {})
    (folder / "b.json").write_text("second bad")
    _, warning = load_json("b.json", {})
    assert "b.json.corrupt-2" in warning
    assert (folder / "b.json.corrupt-1").read_text() == "first bad"
    assert (folder / "b.json.corrupt-2").read_text() == "second bad"


def test_undecodable_bytes_are_set_aside(folder):
    (folder / "c.json").write_bytes(b"\xff\xfe\x00garbage")
    data, warning = load_json("c.json", [])
    assert data == [] and "c.json.corrupt-1" in warning


def test_saved_json_is_valid_after_overwrite(folder):
    save_json("x.json", {"v": 1})
    save_json("x.json", {"v": 2})
    assert json.loads((folder / "x.json").read_text()) == {"v": 2}
