"""Level themes (issue #41): every shipped level dressed in its own theme, with things that move,
and nothing of it reaching the game that is played on it."""
from __future__ import annotations

import importlib.util
import io
import itertools
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from game.files.levels import LEVELS_DIR, list_levels, load_level
from game.render.ambient import PAINTERS, LevelAmbience
from game.render.level_art import render_level
from game.render.level_themes import theme_names, theme_of

ROOT = LEVELS_DIR.parent
SEATS = ((0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0x00, 0x9E, 0x73), (0xF0, 0xE4, 0x42), (0x00, 0x72, 0xB2),
         (0xCC, 0x79, 0xA7))
SHIPPED = [p for p in list_levels()]


def _undressed(path: Path, folder: Path) -> Path:
    """The level as it was before its theme: the Mall's tileset, no decor or ambient layer, no
    theme or description."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'source="\w+\.tsx"', f'source="{LEVELS_DIR / "mall.tsx"}"', text, count=1)
    text = re.sub(r' <layer id="\d+" name="decor".*?</layer>\n', "", text, flags=re.S)
    text = re.sub(r' <objectgroup id="\d+" name="ambient".*?</objectgroup>\n', "", text, flags=re.S)
    text = re.sub(r'  <property name="(theme|description)" value="[^"]*"/>\n', "", text)
    out = folder / path.name
    out.write_text(text, encoding="utf-8")
    return out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_levels_dress_changes_nothing_that_is_played(tmp_path, path: Path):
    """Its walking, its objects and its content hash (what replays keep) are the undressed level's."""
    dressed, plain = load_level(path), load_level(_undressed(path, tmp_path))
    assert plain.decor_tiles == () and plain.ambient == () and plain.description == ""
    assert dressed.decor_tiles and dressed.ambient and dressed.description
    assert dressed.content_hash == plain.content_hash
    assert (dressed.solid, dressed.kinds, dressed.pile_spots, dressed.chairs, dressed.spawns, dressed.table_rect) == \
        (plain.solid, plain.kinds, plain.pile_spots, plain.chairs, plain.spawns, plain.table_rect)


def _tiles(tsx: Path) -> list[tuple[str, str, str]]:
    root = ET.parse(tsx).getroot()
    return [(t.get("id", ""), *(p.get("value", "") for p in t.iter("property"))) for t in root.iter("tile")]


def test_every_theme_tileset_is_the_malls_tile_for_tile():
    """Same ids, kinds and solidity: a level changes theme by changing its tileset alone."""
    mall = _tiles(LEVELS_DIR / "mall.tsx")
    for theme in theme_names():
        tsx = LEVELS_DIR / f"{theme}.tsx"
        assert _tiles(tsx) == mall, theme
        image = ET.parse(tsx).getroot().find("image")
        assert image is not None and image.get("source") == f"../assets/tiles/{theme}.png"


def _make_tileset():
    spec = importlib.util.spec_from_file_location("make_tileset", ROOT / "tools" / "make_tileset.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_tileset"] = module
    spec.loader.exec_module(module)
    return module


def test_the_tilesets_are_what_the_tool_paints_from_the_themes_file():
    tool = _make_tileset()
    for theme, table in tool.themes().items():
        tool.use_theme(table)
        made = tool.render()
        shipped = pygame.image.load(str(ROOT / "assets" / "tiles" / f"{theme}.png"))
        assert made.get_size() == shipped.get_size()
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(shipped, "RGBA"), theme
        assert (LEVELS_DIR / f"{theme}.tsx").read_text(encoding="utf-8") == tool.tsx_text(theme, *made.get_size())


def test_a_theme_with_a_colour_it_does_not_know_is_refused():
    tool = _make_tileset()
    with pytest.raises(SystemExit, match="unknown tile colours"):
        tool.use_theme({"tiles": {"flor_a": [1, 2, 3]}})
    with pytest.raises(SystemExit, match="no style"):
        tool.use_theme({"style": {"wood": "plaid"}})


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_level_has_its_theme_a_line_and_something_that_moves(path: Path):
    level = load_level(path)
    assert level.theme == path.stem and level.theme in theme_names()
    assert level.tileset_image.name == f"{level.theme}.png"
    assert 20 <= len(level.description) <= 70
    assert any(a.kind in PAINTERS for a in level.ambient)


def test_the_six_levels_differ_at_a_glance():
    """From a 160 px thumbnail, as from a sofa: mean colours apart, and each its own theme colour."""
    pygame.init()
    means = {}
    for path in SHIPPED:
        level = load_level(path)
        means[path.stem] = pygame.transform.average_color(render_level(level, 160 / level.pixel_size[0]))[:3]
    for a, b in itertools.combinations(means, 2):
        distance = sum((x - y) ** 2 for x, y in zip(means[a], means[b])) ** 0.5
        assert distance >= 15, (a, b, means[a], means[b])
    colours = [theme_of(load_level(p).theme).colour for p in SHIPPED]
    assert len(set(colours)) == len(colours)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_floor_a_shopper_walks_on_stays_apart_from_every_seat_colour(path: Path):
    """The themes' floors (and the decor on them) keep at least the distance from every seat's
    colour that the old floors had at their closest (the outlet's doorway and Pink, 57)."""
    level = load_level(path)
    sheet = pygame.image.load(str(level.tileset_image))
    ts, cols = level.tile_size, sheet.get_width() // level.tile_size
    walked = {level.floor_tiles[y][x] for y in range(level.height) for x in range(level.width)
              if not level.solid[y][x]}
    walked |= {level.decor_tiles[y][x] for y in range(level.height) for x in range(level.width)
               if not level.solid[y][x] and level.decor_tiles[y][x] >= 0}
    for tile in walked:
        cell = pygame.Surface((ts, ts))
        cell.blit(sheet, (0, 0), ((tile % cols) * ts, (tile // cols) * ts, ts, ts))
        floor = pygame.transform.average_color(cell)[:3]
        for seat in SEATS:
            assert sum((a - b) ** 2 for a, b in zip(floor, seat)) ** 0.5 >= 57, (tile, floor, seat)


def _ambience_at(level_path: Path, tick: int, reduced: bool) -> bytes:
    level = load_level(level_path)
    rect = pygame.Rect(0, 0, *level.pixel_size)
    surface = pygame.Surface(rect.size)
    surface.fill((90, 90, 90))
    LevelAmbience(level, rect, 1.0).draw(surface, tick, (0, 0), reduced)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_ambient_life_moves_and_reduced_motion_stops_it(path: Path):
    # ticks where every kind shows (a window's glint crosses within its first 50 ticks of 420)
    assert _ambience_at(path, 10, False) != _ambience_at(path, 31, False)
    assert _ambience_at(path, 10, True) == _ambience_at(path, 31, True) == _ambience_at(path, 0, False)


def test_ambient_life_follows_a_shake_and_comes_back():
    level = load_level(LEVELS_DIR / "market.tmx")
    ambience = LevelAmbience(level, pygame.Rect(0, 0, *level.pixel_size), 1.0)
    before = [f.rect.copy() for f in ambience.features]
    ambience.draw(pygame.Surface(level.pixel_size), 40, (6, -4))
    assert [f.rect for f in ambience.features] == before


def test_an_unknown_theme_is_the_malls():
    assert theme_of("no such theme") == theme_of("mall")


def test_a_level_names_its_theme_or_gets_its_tilesets(tmp_path):
    text = (LEVELS_DIR / "galleria.tmx").read_text(encoding="utf-8")
    path = tmp_path / "mine.tmx"
    path.write_text(text.replace('  <property name="theme" value="galleria"/>\n', ""), encoding="utf-8")
    assert load_level(path).theme == "galleria"     # from its tileset, galleria.tsx
    path.write_text(text.replace('value="galleria"/>', 'value="market"/>'), encoding="utf-8")
    assert load_level(path).theme == "market"


def test_signs_and_descriptions_go_to_the_translators():
    from game.text.extract import extract_tmx

    options = {"properties": "name, description", "objects": "text", "note_objects": "a sign"}
    found = {m: c for _line, _f, m, c in extract_tmx(io.BytesIO((LEVELS_DIR / "market.tmx").read_bytes()), None, None,
                                                      options)}
    assert set(found) == {"The Street Market", "A cobbled street of striped stalls and two fountains", "Fresh fruit"}
    assert found["Fresh fruit"] == ["TRANSLATORS: a sign"]


def test_signs_are_drawn_in_the_players_language():
    from game.scenes.mall.picture import level_surface
    from game.text import i18n

    pygame.init()
    level = load_level(LEVELS_DIR / "department.tmx")
    english = pygame.image.tobytes(level_surface(level, 0.5), "RGB")
    i18n.set_language("de")
    german = pygame.image.tobytes(level_surface(level, 0.5), "RGB")
    assert english != german


def test_reduced_motion_is_a_setting_with_a_row(ctx):
    from game.core.settings import Settings, _valid
    from game.scenes.menus.settings import SettingsScene

    assert Settings().reduced_motion is False
    assert _valid("reduced_motion", True) is True and _valid("reduced_motion", "yes") is None
    row = next(item for item in SettingsScene(ctx).menu.items if item.label == "Reduced motion")
    assert row.adjust is not None and row.value is not None and row.value() == "Off"
    row.adjust(1)
    assert ctx.settings.reduced_motion is True and row.value() == "On"
    assert Settings.load()[0].reduced_motion is True      # saved at once


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_every_sign_reads_at_16_px_in_every_language(lang):
    """A sign's words fit its plate at the full sign size (none is made smaller), which the map's
    smallest scale at 1280x720 leaves at 16 px or more: the game's floor for text."""
    from game.render.level_art import SIGN_FONT, _font
    from game.scenes.mall.layout import compute_layout
    from game.text import i18n
    from game.render.text import TEXT_MIN_PX

    pygame.init()
    i18n.set_language(lang)
    for path in SHIPPED:
        level = load_level(path)
        scale = min(compute_layout(level.pixel_size, seats).scale for seats in range(1, 7))
        assert SIGN_FONT * scale >= TEXT_MIN_PX
        for feature in level.ambient:
            if feature.text:
                assert _font(SIGN_FONT).size(i18n._(feature.text))[0] <= feature.rect[2] - 18, (path.stem, feature.text)


def test_the_ambient_cost_tool_measures_a_level():
    spec = importlib.util.spec_from_file_location("ambient_cost", ROOT / "tools" / "ambient_cost.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    pygame.init()
    pygame.display.set_mode((1280, 720))
    times = tool.frame_times("market", 5)
    assert len(times) == 5 and times == sorted(times) and all(t >= 0 for t in times)


def test_odd_ambient_features_are_cut_to_the_map_and_drawn_without_fail(tmp_path):
    """A player's level may hold a feature of one pixel, one far off the map or one reaching far
    beyond it: each is cut to the map (or left out) and every kind draws at any size."""
    kinds = sorted(PAINTERS) + ["sign", "neon", "no_such_kind"]
    shapes = [(0, 0, 1, 1), (-50000, -50000, 10_000_000, 10_000_000), (99999, 99999, 32, 32), (600, 300, 3, 200)]
    objects = "".join(
        f'  <object id="{900 + i}" type="{kind}" x="{x}" y="{y}" width="{w}" height="{h}">'
        f'<properties><property name="text" value="{"W" * 60}"/></properties></object>\n'
        for i, (kind, (x, y, w, h)) in enumerate(itertools.product(kinds, shapes)))
    text = (LEVELS_DIR / "market.tmx").read_text(encoding="utf-8")
    text = re.sub(r'( <objectgroup id="\d+" name="ambient"[^>]*>\n).*?( </objectgroup>)', rf"\1{objects}\2", text,
                  flags=re.S)
    path = tmp_path / "odd.tmx"
    path.write_text(text, encoding="utf-8")
    level = load_level(path)
    w, h = level.pixel_size
    assert level.ambient and all(0 <= x and 0 <= y and x + rw <= w and y + rh <= h and rw > 0 and rh > 0
                                 for _k, (x, y, rw, rh), _t in level.ambient)
    assert all(len(a.text) <= 40 for a in level.ambient)
    assert len(level.ambient) == len(kinds) * 3     # the one off the map is left out
    pygame.init()
    render_level(level, 0.5)
    for scale in (0.25, 1.0):
        surface = pygame.Surface((round(w * scale), round(h * scale)))
        ambience = LevelAmbience(level, surface.get_rect(), scale)
        for tick in (0, 1, 17, 45, 400, 10_000):
            ambience.draw(surface, tick, (3, -2))


def test_the_level_card_frames_the_picture_in_the_themes_colour_and_says_its_line(ctx, monkeypatch):
    from game.files.levels import level_entries
    from game.scenes.menus import level_card

    said: list[str] = []
    real = level_card.widgets.blit_text
    monkeypatch.setattr(level_card.widgets, "blit_text", lambda surf, ui, text, *a, **k: said.append(text) or
                        real(surf, ui, text, *a, **k))
    entry = next(e for e in level_entries() if e.key == "market")
    assert entry.level is not None
    surface = pygame.Surface((1280, 720))
    rect = pygame.Rect(40, 140, 584, 526)
    thumbnails = level_card.Thumbnails()
    level_card.draw(surface, ctx.ui, rect, entry, False, thumbnails, ctx.seats, "folder")
    picture = thumbnails.of(entry)
    assert picture is not None
    box = pygame.Rect(rect.x + 20, rect.y + 100, rect.width - 40, level_card.PICTURE[1] + 8)
    frame = picture.get_rect(center=box.center).inflate(8, 8)
    assert surface.get_at((frame.centerx, frame.y + 1))[:3] == theme_of("market").colour
    assert entry.level.description in said


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_every_shipped_levels_name_and_line_fit_where_they_are_shown(ctx, lang):
    """Nothing cut: the lobby's Level row, the level card's title (as "Auto: ..." too) and its
    line about the level, at the game's size in every language."""
    from game.render import widgets
    from game.scenes.menus.level_card import line_room
    from game.scenes.menus.lobby import LEVEL_CARD, LEVEL_VALUE_WIDTH
    from game.text import i18n

    i18n.set_language(lang)
    ui, room = ctx.ui, line_room(pygame.Rect(LEVEL_CARD))
    for path in SHIPPED:
        level = load_level(path)
        name, line = i18n._(level.name), i18n._(level.description)
        shown = [(name, LEVEL_VALUE_WIDTH, "body"), (i18n._("Auto: {level}").format(level=name), room, "large"),
                 (line, room, "small")]
        assert [text for text, width, size in shown if widgets.fit_text(ui, text, width, size) != text] == []
