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


def test_six_levels_ship():
    names = [p.name for p in list_levels()]
    assert names == ["boutique.tmx", "department.tmx", "galleria.tmx", "mall.tmx", "market.tmx", "outlet.tmx"]


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
    "pile_unreachable_from_a_seat": "pile_spot 'pile_spot_1' at tile (3,2) cannot be reached from spawn 'spawn_1' (seat 1)",
    "seat_twice": "two spawns for seat 2",
    "seat_out_of_range": "spawn 'spawn_4': seat '7' must be auto or 1..6",
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
    text = (LEVELS_DIR / "mall.tmx").read_text().replace('source="mall.tsx"', 'source="lost.tsx"')
    path = tmp_path / "lost.tmx"
    path.write_text(text)  # lost.tsx is neither beside it nor a shipped tileset
    with pytest.raises(LevelError) as info:
        load_level(path)
    assert "\n" not in str(info.value) and str(info.value).startswith(f"{path}: tileset ")
    assert str(info.value).endswith("lost.tsx: no such file")


def test_tiled_19_class_attribute_is_accepted(tmp_path):
    text = (LEVELS_DIR / "boutique.tmx").read_text().replace(' type="', ' class="')
    text = text.replace('source="boutique.tsx"', f'source="{LEVELS_DIR / "boutique.tsx"}"')
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


# ---------------------------------------------------------------- templates and shipped files by name
def _detached(tmp_path: Path, name: str) -> Path:
    """A shipped level with every object written out in full (no templates), beside a copy of it."""
    import re
    text = (LEVELS_DIR / name).read_text()

    def detach(match: re.Match) -> str:
        tag = match.group(0)
        source = re.search(r' template="([^"]+)"', tag).group(1)
        base = re.search(r'<object ([^>]*?)/>', (LEVELS_DIR / source).read_text()).group(1)
        own = tag.replace(f' template="{source}"', "")
        inherited = " ".join(a for a in re.findall(r'\w+="[^"]*"', base) if f' {a.split("=")[0]}="' not in own)
        return own.replace("<object ", f"<object {inherited} ", 1)
    path = tmp_path / f"detached_{name}"
    path.write_text(re.sub(r'<object [^>]*template="[^"]*"[^>]*>', detach, text))
    return path


@pytest.mark.parametrize("path", list_levels(), ids=lambda p: p.stem)
def test_template_instances_load_as_the_objects_written_out(tmp_path, path: Path):
    detached = _detached(tmp_path, path.name)
    assert "template=" not in detached.read_text()
    level, plain = load_level(path), load_level(detached)
    assert (level.pile_spots, level.chairs, level.spawns, level.table_rect, level.entrance) == \
        (plain.pile_spots, plain.chairs, plain.spawns, plain.table_rect, plain.entrance)


def test_an_instance_overrides_its_template_and_inherits_the_rest(tmp_path):
    """A level's own template beside it (over the shipped one of that name): what an instance leaves
    out, size and properties, comes from the template; what it says itself wins."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "spawn.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object type="spawn" width="64" height="64">\n'
        '  <properties>\n   <property name="seat" value="6"/>\n  </properties>\n </object>\n</template>\n')
    text = (LEVELS_DIR / "boutique.tmx").read_text()
    text = text.replace('name="spawn_6" x="736" y="416"', 'name="spawn_6" x="736" y="416" width="32" height="32"')
    path = tmp_path / "own.tmx"
    path.write_text(text)
    level, shipped = load_level(path), load_level(LEVELS_DIR / "boutique.tmx")
    # spawns 1-5 are the template's 64 px squares (their centres 16 px further on); spawn_6 kept 32 px
    assert [(x - 16, y - 16) for x, y in level.spawns[:5]] == list(shipped.spawns[:5])
    assert level.spawns[5] == shipped.spawns[5]
    # each spawn's own seat won over the template's 6; without its own, spawn_1 inherits seat 6 too
    path.write_text(text.replace('<property name="seat" propertytype="Seat" value="1"/>', ""))
    with pytest.raises(LevelError, match="two spawns for seat 6"):
        load_level(path)


def test_spawns_take_their_seats_from_the_seat_property(tmp_path):
    text = (LEVELS_DIR / "boutique.tmx").read_text()
    for seat in range(1, 7):
        text = text.replace(f'propertytype="Seat" value="{seat}"/>', f'propertytype="Seat" value="S{7 - seat}"/>')
    text = text.replace('value="S', 'value="')
    path = tmp_path / "reversed.tmx"
    path.write_text(text)
    assert load_level(path).spawns == tuple(reversed(load_level(LEVELS_DIR / "boutique.tmx").spawns))
    # "auto" (or no seat) takes the seats left, in file order
    text = text.replace('propertytype="Seat" value="6"/>', 'propertytype="Seat" value="auto"/>')
    text = text.replace('propertytype="Seat" value="1"/>', 'propertytype="Seat" value="auto"/>')
    path.write_text(text)
    shipped = load_level(LEVELS_DIR / "boutique.tmx").spawns
    assert load_level(path).spawns == (shipped[0], *reversed(shipped[1:5]), shipped[5])


def test_a_level_copied_alone_finds_the_shipped_tileset_and_templates(tmp_path):
    path = tmp_path / "copied.tmx"
    path.write_text((LEVELS_DIR / "department.tmx").read_text())
    level = load_level(path)
    shipped = load_level(LEVELS_DIR / "department.tmx")
    assert level.tileset_image == shipped.tileset_image and level.solid == shipped.solid
    assert level.spawns == shipped.spawns and level.pile_spots == shipped.pile_spots


def test_a_tileset_copied_beside_the_level_finds_the_shipped_image(tmp_path):
    """The issue's second refusal: mall.tsx beside the level names ../assets/tiles/mall.png."""
    (tmp_path / "mall.tsx").write_text((LEVELS_DIR / "mall.tsx").read_text())
    path = tmp_path / "mine.tmx"
    path.write_text((LEVELS_DIR / "mall.tmx").read_text())
    assert load_level(path).tileset_image.name == "mall.png"


def test_a_levels_own_tileset_and_image_beside_it_win_over_the_shipped_ones(tmp_path):
    import shutil
    png = LEVELS_DIR.parent / "assets" / "tiles" / "mall.png"
    shutil.copy(png, tmp_path / "mine.png")
    tsx = (LEVELS_DIR / "mall.tsx").read_text().replace("../assets/tiles/mall.png", "mine.png")
    tsx = tsx.replace('value="carpet"', 'value="moss"')
    (tmp_path / "mall.tsx").write_text(tsx)
    path = tmp_path / "own.tmx"
    path.write_text((LEVELS_DIR / "mall.tmx").read_text())
    level = load_level(path)
    assert level.tileset_image == (tmp_path / "mine.png").resolve()
    assert "moss" in {kind for row in level.kinds for kind in row}
