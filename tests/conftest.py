"""Test setup: every test runs headless, with its own user folder."""
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["SOLDOUT_STRICT_WARMUP"] = "1"   # a warm-up job that fails raises (game/core/warm.py)
# The plain Python even beside a compiled build (tools/build_fast.py): tests patch and build the
# simulation's classes in ways a compiled class refuses. tests/test_compiled.py plays the build.
os.environ.setdefault("SOLDOUT_PURE", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from tests.gamectx import fresh_pygame  # noqa: E402
from tests.tiers import slow_patterns  # noqa: E402


@pytest.hookimpl(tryfirst=True)   # before -m deselects by marker
def pytest_collection_modifyitems(config, items):
    """The slow tier is marked (tests/slow.toml, and every dist test); tests marked posix (they
    SIGKILL a process mid-save) are skipped where there is no SIGKILL."""
    slow = slow_patterns()
    for item in items:
        if item.get_closest_marker("dist") or any(p.fullmatch(item.nodeid) for p in slow):
            item.add_marker(pytest.mark.slow)
    if os.name == "posix":
        return
    skip = pytest.mark.skip(reason="needs POSIX signals (SIGKILL)")
    for item in items:
        if item.get_closest_marker("posix"):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    """Point the game's user data folder at a fresh temporary folder."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("SOLDOUT_USER_DIR", str(folder))
    yield folder
    from game.files import database
    database.close_all()
    failures, database.FAILURES[:] = list(database.FAILURES), []
    assert failures == [], f"a records save failed on the worker: {failures!r}"


@pytest.fixture
def ctx():
    """A game context over a fresh pygame and a 1280x720 display; no user files are read.
    Test files that need more (a scene pushed, how-to cards seen) override it and ask for this one."""
    import pygame

    from game.app import make_context
    fresh_pygame()
    pygame.display.set_mode((1280, 720))
    yield make_context(load_user_files=False)
    pygame.quit()


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they choose a language; the machine's locale does not leak in."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    from game.text import i18n
    i18n.set_language(i18n.DEFAULT)
