"""Settings: round trip, bad values replaced with a warning, unknown keys ignored."""
import json

import pytest

from game.core.settings import Settings


@pytest.fixture
def folder(user_dir):
    """The user folder, created (the game creates it on first use)."""
    user_dir.mkdir(parents=True, exist_ok=True)
    return user_dir


def test_defaults_when_missing():
    settings, warning = Settings.load()
    assert settings == Settings() and warning is None
    assert settings.volume == 0.8 and settings.ui_scale == 1.0 and settings.screen_shake


def test_round_trip():
    original = Settings(volume=0.25, fullscreen=True, colourblind=True, screen_shake=False,
                        ui_scale=1.25, show_fps=True)
    original.save()
    loaded, warning = Settings.load()
    assert loaded == original and warning is None


def test_bad_values_fall_back_with_warning(folder):
    (folder / "settings.json").write_text(json.dumps(
        {"volume": 3.0, "fullscreen": "yes", "ui_scale": 0.5, "show_fps": True, "colourblind": 1}))
    settings, warning = Settings.load()
    assert settings.volume == 0.8 and settings.fullscreen is False and settings.ui_scale == 1.0
    assert settings.colourblind is False
    assert settings.show_fps is True  # the good value survives
    for name in ("volume", "fullscreen", "ui_scale", "colourblind"):
        assert name in warning
    assert "show_fps" not in warning


def test_unknown_keys_ignored(folder):
    (folder / "settings.json").write_text(json.dumps({"volume": 0.5, "from_the_future": 42}))
    settings, warning = Settings.load()
    assert settings.volume == 0.5 and warning is None
    assert not hasattr(settings, "from_the_future")


def test_not_a_table_gives_defaults(folder):
    (folder / "settings.json").write_text("[1, 2]")
    settings, warning = Settings.load()
    assert settings == Settings() and "settings.json" in warning


def test_corrupt_file_gives_defaults_and_aside(folder):
    (folder / "settings.json").write_text("{{{")
    settings, warning = Settings.load()
    assert settings == Settings() and "corrupt-1" in warning
