"""The level kit in Tiled's own terms: the project's types and templates cover every object the
game reads, and Tiled's own tools open, render and export every shipped level.

The tools are Debian's `tiled` package (1.8: `tiled --export-map` and `tmxrasterizer`), run with
Qt's offscreen platform (no display needed). Where it is not installed those tests skip and say so.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.files.levels import LEVELS_DIR, list_levels, load_level

PROJECT = LEVELS_DIR / "sold_out.tiled-project"
OBJECT_CLASSES = ("pile_spot", "starting_table", "chair", "spawn", "entrance",
                  # the "ambient" layer's: drawn, never walked (game/render/ambient.py)
                  "sign", "neon", "window", "escalator", "fountain", "bunting", "clouds", "sun")
NO_TILED = "Debian's Tiled (1.8) is not installed: `apt-get install tiled` runs these checks"


def _project() -> dict:
    return json.loads(PROJECT.read_text(encoding="utf-8"))


def _enum(name: str) -> list[str]:
    return next(t["values"] for t in _project()["propertyTypes"] if t["name"] == name and t["type"] == "enum")


def test_the_project_names_its_object_types_and_folders():
    project = _project()
    assert project["folders"] == ["."]
    types = ET.parse(LEVELS_DIR / project["objectTypesFile"]).getroot()
    assert sorted(t.get("name") for t in types.iter("objecttype")) == sorted(OBJECT_CLASSES)
    seat = next(p for p in types.iter("property") if p.get("name") == "seat")
    assert seat.get("propertytype") == "Seat" and seat.get("default") in _enum("Seat")
    assert _enum("Seat") == ["auto", "1", "2", "3", "4", "5", "6"]


def test_every_object_class_has_a_template():
    for cls in OBJECT_CLASSES:
        template = ET.parse(LEVELS_DIR / "templates" / f"{cls}.tx").getroot()
        assert template.tag == "template"
        obj = template.find("object")
        assert obj is not None and obj.get("type") == cls
        assert int(obj.get("width")) % 32 == 0 and int(obj.get("height")) % 32 == 0


def test_tile_kinds_are_the_projects_enum():
    tsx = ET.parse(LEVELS_DIR / "mall.tsx").getroot()
    kinds = [p for p in tsx.iter("property") if p.get("name") == "kind"]
    assert kinds and all(p.get("propertytype") == "TileKind" for p in kinds)
    assert sorted({p.get("value") for p in kinds}) == sorted(_enum("TileKind"))


@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_shipped_levels_use_the_templates(path: Path):
    objects = ET.parse(path).getroot().findall("objectgroup/object")
    assert objects and all(re.fullmatch(r"templates/[a-z_]+\.tx", o.get("template") or "") for o in objects)


# ---------------------------------------------------------------- Tiled's own tools
def _tiled(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    run_dir = tmp_path / "xdg"
    run_dir.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(run_dir))
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, check=True)


@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_tiled_renders_every_level_with_its_tiles(tmp_path, path: Path):
    if shutil.which("tmxrasterizer") is None:
        pytest.skip(NO_TILED)
    import pygame

    out = tmp_path / f"{path.stem}.png"
    _tiled(tmp_path, "tmxrasterizer", str(path), str(out))
    level = load_level(path)
    image = pygame.image.load(str(out))
    assert image.get_size() == level.pixel_size
    # tmxrasterizer says nothing when it cannot find a tileset: check the tiles are really drawn,
    # pixel for pixel as the sheet has them, at a wall cell (those tiles are opaque)
    sheet = pygame.image.load(str(level.tileset_image))
    ts = level.tile_size
    y, x = next((y, x) for y, row in enumerate(level.kinds) for x, kind in enumerate(row)
                if kind in ("wall", "brick", "hedge"))
    tile = level.wall_tiles[y][x]
    cols = sheet.get_width() // ts
    for dx, dy in ((3, 3), (ts // 2, ts // 2), (ts - 4, ts - 2)):
        assert image.get_at((x * ts + dx, y * ts + dy))[:3] == \
            sheet.get_at(((tile % cols) * ts + dx, (tile // cols) * ts + dy))[:3]


@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_tiled_exports_every_level_and_the_game_reads_what_it_saved(tmp_path, path: Path):
    if shutil.which("tiled") is None:
        pytest.skip(NO_TILED)
    original = load_level(path)
    saved = tmp_path / path.name
    _tiled(tmp_path, "tiled", "--export-map", "tmx", str(path), str(saved))
    detached = tmp_path / f"detached_{path.name}"
    _tiled(tmp_path, "tiled", "--export-map", "--detach-templates", "tmx", str(path), str(detached))
    as_json = tmp_path / f"{path.stem}.json"
    _tiled(tmp_path, "tiled", "--export-map", "json", str(path), str(as_json))
    assert json.loads(as_json.read_text())["layers"]
    assert "template=" in saved.read_text() and "template=" not in detached.read_text()
    # Tiled's own reading of the templates (detached) and ours are the same level
    for copy in (saved, detached):
        level = load_level(copy)
        assert (level.solid, level.kinds, level.floor_tiles, level.wall_tiles) == \
            (original.solid, original.kinds, original.floor_tiles, original.wall_tiles)
        assert (level.pile_spots, level.chairs, level.spawns, level.table_rect, level.entrance) == \
            (original.pile_spots, original.chairs, original.spawns, original.table_rect, original.entrance)
        assert (level.name, level.players) == (original.name, original.players)
        assert (level.theme, level.description, level.decor_tiles, level.ambient) == \
            (original.theme, original.description, original.decor_tiles, original.ambient)
