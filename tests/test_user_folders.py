"""Folders of the user folder that are links (issue #39): a sub-folder of the game's (speedrun_attempts/,
its archive/, replays/speedrun/attempts/ ...) that is a symbolic link to somewhere else is never read,
written, renamed into or deleted in, at any depth of its chain; the player's levels/ is followed for
reading only. Temp files of killed saves are removed at any depth of the game's own folders."""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from game.files.register import REGISTER
from game.files.untrusted import UntrustedError
from game.files.userfiles import UserFile

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links to folders (POSIX)")

# A name each folder entry takes (tests fail when an entry with a folder is added without one here).
NAMES = {"speedrun_replays": "rush.set.A-20261130-100000.replay", "attempt_history": "rush.set.A.json",
         "attempt_archive": "rush.set.A-1.json", "attempt_replays": "rush.set.A-1.replay",
         "run_codes": "rush.set.A.txt", "player_replays": "mine.replay", "splits_exports": "rush.set.A.lss",
         "stats_exports": "matches.csv",
         "player_levels": "mine.tmx", "career_progress": "first_rush.json", "error_log": "error.log",
         "game_log": "game.log", "level_kit": "mall.tsx", "level_templates": "chair.tx"}
FOLDERED = [entry for entry in REGISTER if entry.folder]


def _chains() -> list[tuple[UserFile, str]]:
    """Every folder entry with every prefix of its folder: ("attempt_archive", "speedrun_attempts")..."""
    out = []
    for entry in FOLDERED:
        parts = Path(entry.folder).parts
        out += [(entry, "/".join(parts[:depth])) for depth in range(1, len(parts) + 1)]
    return out


def _snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(folder.rglob("*"))}


def _linked(user: Path, outside: Path, entry: UserFile, link: str) -> Path:
    """The user folder with `link` a symbolic link to `outside`, which holds what the entry's folder
    would hold (one file of the entry's, under the rest of its chain). Returns the file's path outside."""
    rest = Path(entry.folder).relative_to(link)
    victim = outside / rest / NAMES[entry.key]
    victim.parent.mkdir(parents=True, exist_ok=True)
    victim.write_bytes(b'{"version": 2, "rows": []}')
    (user / link).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside, user / link)
    return victim


def test_every_folder_entry_has_a_name_here() -> None:
    assert sorted(e.key for e in FOLDERED) == sorted(NAMES)


@pytest.mark.parametrize(("entry", "link"), _chains(), ids=lambda v: v.key if isinstance(v, UserFile) else v)
def test_a_link_anywhere_in_a_folder_chain_is_never_written_renamed_or_deleted(user_dir: Path, tmp_path: Path,
                                                                               entry: UserFile, link: str) -> None:
    outside = tmp_path / "outside"
    user_dir.mkdir(parents=True, exist_ok=True)
    _linked(user_dir, outside, entry, link)
    before = _snapshot(outside)
    name = NAMES[entry.key]
    with pytest.raises(OSError):
        entry.write_text("written", name)
    with pytest.raises(OSError):
        entry.write_text("written", "other-" + name)
    assert entry.delete(name) is False
    entry.set_aside("damaged", name)
    loaded = entry.load({"default": True}, name)
    assert loaded.data == {"default": True} and loaded.warning is not None
    if entry.follows_links:       # the player's levels: followed, for reading only
        assert entry.names() == [name]
        assert entry.read_bytes(name)
    else:
        assert entry.names() == []
        with pytest.raises(UntrustedError, match="link to another folder"):
            entry.read_bytes(name)
    entry.folder_path()           # making the folder does not make anything through the link
    assert _snapshot(outside) == before


def test_an_attempt_history_through_a_linked_archive_folder_touches_nothing_there(user_dir: Path,
                                                                                 tmp_path: Path) -> None:
    """An older game's history imported (its archives read) while speedrun_attempts/archive/ leads
    elsewhere, then attempts added with replays, saved, loaded and exported: nothing there changes,
    and the archive behind the link is left out, never read as the board's."""
    import json
    from game.speedrun.attempts import WRITER, AttemptLog
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "rush.set.A-1.json").write_bytes(b"the player's own file")
    (user_dir / "speedrun_attempts").mkdir(parents=True)
    os.symlink(outside, user_dir / "speedrun_attempts" / "archive")
    (user_dir / "speedrun_attempts" / "rush.set.A.json").write_text(json.dumps(
        {"version": 2, "archived": 1, "compacted": 1000, "rows": [], "practice": {}, "attempts": []}))
    before = _snapshot(outside)
    log, warning = AttemptLog.load("rush.set.A")
    assert warning is not None and log.count() == 0
    for n in range(70):
        log.add({"ticks": 900 + n, "splits": [300, 600, 900 + n], "flags": []}, replay_text="replay")
        log.save()
    WRITER.flush()
    again, _warning = AttemptLog.load("rush.set.A")
    assert [a["id"] for a in again.every_attempt()[0]] == list(range(1, 71))
    assert _snapshot(outside) == before


def test_a_linked_levels_folder_is_read_never_written(user_dir: Path, tmp_path: Path) -> None:
    from game.files.levels import user_level_names
    from game.files.userfiles import remove_stale_temps
    outside = tmp_path / "my_tiled_projects"
    outside.mkdir()
    (outside / "mine.tmx").write_bytes(b"<map/>")
    old = outside / ".mine.tmx.abcdefgh.tmp"
    old.write_bytes(b"the player's")
    os.utime(old, (time.time() - 3600,) * 2)
    user_dir.mkdir(parents=True)
    os.symlink(outside, user_dir / "levels")
    assert user_level_names() == ["mine.tmx"]
    remove_stale_temps()
    assert old.exists()


def test_stale_temps_are_removed_at_any_depth_of_the_game_folders(user_dir: Path, tmp_path: Path) -> None:
    """A kill leaves a save's temp file three folders deep (an attempt replay): removed at the next start.
    Not in a folder reached through a link, and not in the player's levels."""
    from game.files.userfiles import remove_stale_temps
    old = time.time() - 3600
    deep = ["replays/speedrun/attempts/.rush.set.A-7.replay.abcd1234.tmp",
            "speedrun_attempts/archive/.rush.set.A-2.json.x_y_z_12.tmp", "a/b/c/d/e/.f.json.12345678.tmp"]
    kept = ["levels/.mine.tmx.abcdefgh.tmp", "replays/speedrun/attempts/rush.set.A-7.replay"]
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / ".x.json.abcdefgh.tmp").write_bytes(b"not ours")
    os.utime(outside / ".x.json.abcdefgh.tmp", (old, old))
    for relative in deep + kept:
        path = user_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half a save")
        os.utime(path, (old, old))
    os.symlink(outside, user_dir / "replays" / "linked")
    assert remove_stale_temps() == len(deep)
    assert [r for r in deep + kept if (user_dir / r).exists()] == kept
    assert (outside / ".x.json.abcdefgh.tmp").exists()
