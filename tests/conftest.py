"""Test setup: every test runs headless, with its own user folder."""
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    """Point the game's user data folder at a fresh temporary folder."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("SOLDOUT_USER_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they choose a language; the machine's locale does not leak in."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    from game import i18n
    i18n.set_language(i18n.DEFAULT)
