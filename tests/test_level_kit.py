"""The player's levels folder is a Tiled project (game/files/level_kit.py): a level copied there alone
opens in Tiled and renders in tmxrasterizer with every tile, and nothing of the player's is written over."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game import app
from game.files import level_kit
from game.files.levels import LEVELS_DIR, load_level, user_levels_dir
from game.files.register import LEVEL_KIT, LEVEL_TEMPLATES, entry_for

NO_TILED = "Debian's Tiled (1.8) is not installed: `apt-get install tiled` runs this check"


def _kit_names() -> list[str]:
    return sorted(f"{f.entry.folder}/{f.name}" for f in level_kit.kit_files(level_kit.stamp()))


def test_a_fresh_start_makes_the_levels_folder_a_tiled_project(user_dir):
    app.make_context()
    folder = user_levels_dir()
    assert sorted(p.relative_to(user_dir).as_posix() for p in folder.rglob("*") if p.is_file()) == _kit_names()
    project = json.loads((folder / "sold_out.tiled-project").read_text(encoding="utf-8"))
    assert project["folders"] == ["."] and (folder / project["objectTypesFile"]).is_file()
    assert 'source="mall.png"' in (folder / "mall.tsx").read_text(encoding="utf-8")
    assert sorted(p.name for p in (folder / "templates").iterdir()) == \
        sorted(p.name for p in (LEVELS_DIR / "templates").glob("*.tx"))
    assert all(entry_for(p.relative_to(user_dir).as_posix()) in (LEVEL_KIT, LEVEL_TEMPLATES)
               for p in folder.rglob("*") if p.is_file())


def test_a_level_copied_alone_renders_in_tmxrasterizer_with_every_tile(user_dir, tmp_path):
    """Before, Tiled found no tileset beside the level: red crosses in Tiled, nothing drawn by tmxrasterizer."""
    if shutil.which("tmxrasterizer") is None:
        pytest.skip(NO_TILED)
    import pygame
    app.make_context()
    copied = user_levels_dir() / "corner_shops.tmx"
    shutil.copy(LEVELS_DIR / "galleria.tmx", copied)
    out = tmp_path / "render.png"
    run_dir = tmp_path / "xdg"
    run_dir.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(run_dir))
    subprocess.run(["tmxrasterizer", str(copied), str(out)], env=env, capture_output=True, timeout=120, check=True)
    level = load_level(copied)
    image, sheet = pygame.image.load(str(out)), pygame.image.load(str(level.tileset_image))
    assert image.get_size() == level.pixel_size
    ts, cols = level.tile_size, sheet.get_width() // level.tile_size
    wrong = 0
    for y, row in enumerate(level.wall_tiles):      # every wall tile (opaque), pixel for pixel as the sheet has it
        for x, tile in enumerate(row):
            if tile >= 0 and level.kinds[y][x] in ("wall", "brick", "hedge", "column"):
                wrong += image.get_at((x * ts + ts // 2, y * ts + ts // 2))[:3] != \
                    sheet.get_at(((tile % cols) * ts + ts // 2, (tile // cols) * ts + ts // 2))[:3]
    assert wrong == 0


def test_the_players_own_files_are_never_written_over(user_dir):
    folder = user_levels_dir()
    (folder / "templates").mkdir(parents=True)
    mine = '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="mine" tilewidth="32" tileheight="32"/>\n'
    (folder / "mall.tsx").write_text(mine, encoding="utf-8")        # saved by Tiled: no mark
    (folder / "mall.png").write_bytes(b"my own sheet")
    (folder / "templates" / "spawn.tx").write_text("<template/>", encoding="utf-8")
    written = level_kit.provide()
    assert "levels/mall.tsx" not in written and "levels/mall.png" not in written
    assert "levels/templates/spawn.tx" not in written and "levels/templates/chair.tx" in written
    assert (folder / "mall.tsx").read_text(encoding="utf-8") == mine
    assert (folder / "mall.png").read_bytes() == b"my own sheet"
    assert (folder / "templates" / "spawn.tx").read_text(encoding="utf-8") == "<template/>"


def test_an_older_versions_kit_is_replaced_and_this_versions_left_as_it_is(user_dir, monkeypatch):
    current = level_kit.stamp
    monkeypatch.setattr(level_kit, "stamp", lambda: "0123456789ab")
    assert len(level_kit.provide()) == len(_kit_names())
    assert level_kit.provide() == []                           # the same version: nothing to write
    (user_levels_dir() / "mall.png").write_bytes(b"an older sheet")
    monkeypatch.setattr(level_kit, "stamp", current)           # this version's game starts
    written = level_kit.provide()
    assert sorted(written) == _kit_names()                      # the tileset and its image go together
    assert (user_levels_dir() / "mall.png").read_bytes() == (LEVELS_DIR.parent / "assets" / "tiles" /
                                                             "mall.png").read_bytes()
    assert level_kit.provide() == []


def test_a_folder_that_cannot_take_the_kit_is_logged_not_fatal(user_dir, caplog):
    user_dir.mkdir(parents=True)
    (user_dir / "levels").write_text("a file where the folder should be")
    assert level_kit.provide() == []
    assert "cannot write" in caplog.text
    app.make_context()      # the start goes on


def test_a_level_copied_alone_still_plays_with_the_kit_beside_it(user_dir):
    app.make_context()
    copied = user_levels_dir() / "corner_shops.tmx"
    shutil.copy(LEVELS_DIR / "galleria.tmx", copied)
    original = load_level(LEVELS_DIR / "galleria.tmx")
    level = load_level(copied)
    assert level.tileset_image == user_levels_dir() / Path(original.tileset_image).name    # the copy beside it
    assert (level.solid, level.floor_tiles, level.wall_tiles, level.spawns) == \
        (original.solid, original.floor_tiles, original.wall_tiles, original.spawns)


def test_the_kit_is_stamped_with_its_content():
    assert level_kit.stamp() == level_kit.stamp() and len(level_kit.stamp()) == 12
    files = level_kit.kit_files("abcdefabcdef")
    assert all(f"{level_kit.MARK} abcdefabcdef".encode() in f.data for f in files if f.marked)
    assert Path(LEVELS_DIR / "mall.tsx").read_text(encoding="utf-8").count("levels kit") == 0
