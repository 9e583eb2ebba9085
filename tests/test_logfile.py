"""The game's logs (game/files/logfile.py): in the platform's log folder, the last few sessions kept."""
import logging
import subprocess
import sys
from pathlib import Path

import platformdirs

from game.files import logfile
from game.files.register import ERROR_LOG, GAME_LOG, LOG_SESSIONS
from game.files.userfiles import APP_NAME, ENV_USER_DIR, log_dir

REPO = Path(__file__).resolve().parent.parent
WARN_AND_EXIT = ("import logging, sys\nfrom game import app\n"
                 "app.dispatch = lambda args, out: logging.getLogger('game.x').warning('today: %s', 'a pad') or 0\n"
                 "sys.exit(app.main([]))\n")
QUIET_EXIT = "import sys\nfrom game import app\napp.dispatch = lambda args, out: 0\nsys.exit(app.main([]))\n"


def _session(script: str) -> None:
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")


def test_yesterdays_log_survives_todays_start(user_dir):
    """The session that went wrong yesterday was rewritten away by today's first record; now it moves
    to game.1.log, and a session that logs nothing moves nothing."""
    logs = user_dir / "logs"
    logs.mkdir(parents=True)
    (logs / "game.log").write_text("yesterday: the game crashed\n")
    _session(QUIET_EXIT)
    assert (logs / "game.log").read_text() == "yesterday: the game crashed\n"
    assert not (logs / "game.1.log").exists()
    _session(WARN_AND_EXIT)
    assert "WARNING game.x: today: a pad" in (logs / "game.log").read_text()
    assert (logs / "game.1.log").read_text() == "yesterday: the game crashed\n"


def test_the_last_few_sessions_are_kept_the_oldest_dropped(user_dir):
    for session in range(LOG_SESSIONS + 2):
        with logfile.kept():
            logging.getLogger("game.x").warning("session %d, first", session)
            logging.getLogger("game.x").warning("session %d, second", session)   # same session, same file
    names = sorted(GAME_LOG.names())
    assert names == sorted(logfile.session_name(age) for age in range(LOG_SESSIONS))
    for age in range(LOG_SESSIONS):
        text = GAME_LOG.path(logfile.session_name(age)).read_text()
        newest = LOG_SESSIONS + 1 - age
        assert f"session {newest}, first" in text and f"session {newest}, second" in text, (age, text)


def test_a_file_of_the_players_beside_the_logs_is_never_moved(user_dir):
    logs = user_dir / "logs"
    logs.mkdir(parents=True)
    (logs / "game.9.log").write_text("mine")
    (logs / "notes.txt").write_text("mine too")
    with logfile.kept():
        logging.getLogger("game.x").warning("a record")
    assert (logs / "game.9.log").read_text() == "mine" and (logs / "notes.txt").read_text() == "mine too"


def test_the_logs_live_in_the_platforms_log_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_USER_DIR, raising=False)
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda name, appauthor: str(tmp_path / "state" / name / "log"))
    assert log_dir() == tmp_path / "state" / APP_NAME / "log"
    assert GAME_LOG.path().parent == ERROR_LOG.path().parent == log_dir()
