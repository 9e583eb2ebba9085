"""Levels: every shipped level loads; every deliberately broken one fails with its one-line message."""
from pathlib import Path

import pytest

from game.files.levels import (
    LEVELS_DIR,
    LevelError,
    Level,
    levels_for_players,
    list_levels,
    load_level,
    resolve_level,
)

BROKEN = LEVELS_DIR / "broken"


def test_three_levels_ship():
    names = [p.name for p in list_levels()]
    assert names == ["boutique.tmx", "department.tmx", "mall.tmx"]


@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_shipped_level_loads_and_fits(path: Path):
    level = load_level(path)
    assert isinstance(level, Level)
    assert level.width <= 40 and level.height <= 20 and level.tile_size == 32
    assert len(level.pile_spots) >= 12 and len(level.chairs) >= 8 and len(level.spawns) >= 6
    assert level.name and level.players
    assert level.tileset_image.is_file()
    for x, y in level.pile_spots + level.spawns:
        assert not level.is_solid(x // 32, y // 32)
    for x, y in level.chairs:
        assert level.is_solid(x // 32, y // 32)  # a dresser chair blocks walking
    tx, ty, tw, th = level.table_rect
    assert level.is_solid(tx // 32, ty // 32) and level.is_solid((tx + tw - 1) // 32, (ty + th - 1) // 32)
    assert len(level.solid) == level.height and all(len(r) == level.width for r in level.solid)


def test_levels_for_players():
    assert levels_for_players(2).name == "boutique.tmx"
    assert levels_for_players(3).name == "boutique.tmx"
    assert levels_for_players(4).name == "department.tmx"
    assert levels_for_players(5).name == "mall.tmx"
    assert levels_for_players(6).name == "mall.tmx"
    assert levels_for_players(1).name == "boutique.tmx"  # closest range
    assert resolve_level("mall", 2).name == "mall.tmx"
    assert resolve_level(None, 4).name == "department.tmx"


BROKEN_CASES = {
    "missing_layer": "missing layer 'objects'",
    "not_tmx": "not a Tiled TMX map",
    "few_pile_spots": "too few pile spots: 7 (at least 10)",
    "few_chairs": "too few chairs: 5 (at least 8)",
    "few_spawns": "too few spawns: 3 (at least 6)",
    "no_table": "no starting_table object",
    "spot_in_wall": "pile_spot 'pile_spot_1' at tile (0,0) is inside a wall",
    "spot_off_map": "pile_spot 'pile_spot_1' at (5016,80) is off the map",
    "chair_in_wall": "chair 'chair_1' at tile (33,5) is inside a wall",
    "spawn_in_wall": "spawn 'spawn_1' at tile (3,3) is inside a rack",
    "spot_unreachable": "pile_spot 'pile_spot_1' at tile (3,2) cannot be reached from any spawn",
    "table_unreachable": "the starting_table cannot be reached from spawn 'spawn_1'",
}


def test_every_broken_level_has_a_case():
    assert sorted(p.stem for p in BROKEN.glob("*.tmx")) == sorted(BROKEN_CASES)


@pytest.mark.parametrize("stem", sorted(BROKEN_CASES))
def test_broken_level_fails_with_its_message(stem: str):
    path = BROKEN / f"{stem}.tmx"
    with pytest.raises(LevelError) as info:
        load_level(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path) + ": ")
    assert BROKEN_CASES[stem] in message


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.tmx"
    with pytest.raises(LevelError, match=r"nowhere\.tmx: no such file$"):
        load_level(path)


def test_missing_tileset_is_one_line(tmp_path):
    text = (LEVELS_DIR / "boutique.tmx").read_text()
    path = tmp_path / "lost.tmx"
    path.write_text(text)  # its ../mall.tsx reference now points nowhere
    with pytest.raises(LevelError) as info:
        load_level(path)
    assert "\n" not in str(info.value) and "lost.tmx: " in str(info.value)


def test_tiled_19_class_attribute_is_accepted(tmp_path):
    text = (LEVELS_DIR / "boutique.tmx").read_text().replace(' type="', ' class="')
    text = text.replace('source="mall.tsx"', f'source="{LEVELS_DIR / "mall.tsx"}"')
    path = tmp_path / "new_tiled.tmx"
    path.write_text(text)
    level = load_level(path)
    assert len(level.pile_spots) == len(load_level(LEVELS_DIR / "boutique.tmx").pile_spots)


def test_level_art_renders_every_level_at_a_scale():
    import pygame

    from game.render.level_art import render_level

    for path in list_levels():
        level = load_level(path)
        full = render_level(level, 1.0)
        assert full.get_size() == level.pixel_size
        small = render_level(level, 0.75)
        assert small.get_size() == (round(level.pixel_size[0] * 0.75), round(level.pixel_size[1] * 0.75))
        # the table is drawn (walnut), the floor under a spawn is light
        tx, ty, tw, th = level.table_rect
        r, g, b, _ = full.get_at((tx + tw // 2, ty + th // 2))
        assert r > b and r < 200
        sx, sy = level.spawns[0]
        assert sum(full.get_at((sx, sy))[:3]) > 500
    pygame.quit()


def test_levels_survive_a_save_in_tiled(tmp_path):
    """Round trip through the real editor (skipped where Debian's `tiled` is not installed)."""
    import os
    import shutil
    import subprocess

    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.skip("the Tiled editor is not installed")
    src = LEVELS_DIR / "mall.tmx"
    out = tmp_path / "saved.tmx"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    subprocess.run([tiled, "--export-map", "tmx", str(src), str(out)], env=env, check=True,
                   capture_output=True, timeout=60)
    saved, original = load_level(out), load_level(src)
    assert saved.solid == original.solid and saved.pile_spots == original.pile_spots
    assert saved.table_rect == original.table_rect and saved.name == original.name
