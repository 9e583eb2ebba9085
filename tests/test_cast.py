"""The shoppers' cast (issue #40): eight characters as data, drawn in every pose in their seat's
colour and shape, chosen per seat in the lobby, reacting to what happens in the mall, and none of
it seen by the simulation."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.match.seats import LobbySeat, identities
from game.render import cast, figure as figures
from game.render.figure import Look, figure, portrait
from game.render.icons import PAPER
from game.render.poses import FRAMES, STATES, pose


@pytest.fixture(autouse=True)
def video():
    pygame.init()
    yield


def _look(seat: int, colourblind: bool = False) -> Look:
    ident = identities()[seat]
    return Look(ident.hex, ident.shape, seat if colourblind else None)


def _mask(surf: pygame.Surface, box: tuple[int, int]) -> pygame.mask.Mask:
    """The silhouette scaled into one box, so shapes are compared, not sizes."""
    return pygame.mask.from_surface(pygame.transform.scale(surf, box), 127)


def test_the_cast_has_eight_characters_with_distinct_silhouettes():
    """Told apart in black alone (docs: ART.md): every pair's standing silhouettes (each scaled
    into one box) differ by a fifth of their area or their heads' (hair, hats) by a fifth, or
    the two differ by a tenth in height or build."""
    everyone = cast.cast()
    assert len(everyone) >= 8 and len({c.id for c in everyone}) == len(everyone)
    shapes = {c.id: figure(c, _look(0), 64, "idle", 0).surface for c in everyone}
    head = pygame.mask.Mask((64, 40), fill=True)
    for a, b in itertools.combinations(everyone, 2):
        sa, sb = shapes[a.id], shapes[b.id]
        ma, mb = _mask(sa, (64, 96)), _mask(sb, (64, 96))
        ha, hb = ma.overlap_mask(head, (0, 0)), mb.overlap_mask(head, (0, 0))
        taller = abs(sa.get_height() - sb.get_height()) / max(sa.get_height(), sb.get_height())
        build = abs(sa.get_width() / sa.get_height() - sb.get_width() / sb.get_height())
        assert _apart(ma, mb) > 0.2 or _apart(ha, hb) > 0.2 or taller > 0.1 or build > 0.1, \
            f"{a.id} and {b.id} look alike in black"


def _apart(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    """The share of two silhouettes' union that only one of them covers."""
    both = a.overlap_area(b, (0, 0))
    union = a.count() + b.count() - both
    return (union - both) / union


@pytest.mark.parametrize("state", STATES)
def test_every_character_draws_every_state_in_its_seat_colour_with_its_shape_badge(state):
    for seat, who in enumerate(cast.cast()):
        look = _look(seat % 6)
        colour = tuple(identities()[seat % 6].colour)
        for frame in range(FRAMES[state]):
            drawn = figure(who, look, 60, state, frame)
            surf = drawn.surface
            pixels = {tuple(surf.get_at((x, y)))[:3] for x in range(surf.get_width())
                      for y in range(surf.get_height())}
            assert _near(colour, pixels), f"{who.id} {state} {frame}: no shirt in the seat's colour"
            assert _near(PAPER, pixels), f"{who.id} {state} {frame}: no badge disc"
            assert 0 <= drawn.head_top < drawn.feet[1]     # (a jump lifts the picture off its feet's spot)


def _near(colour: tuple[int, ...], pixels: set[tuple[int, ...]]) -> bool:
    """A pixel of `colour` among `pixels` (smoothing the drawing down moves a channel by a step or two)."""
    return any(all(abs(a - b) <= 4 for a, b in zip(colour, p)) for p in pixels)


def test_a_figure_is_drawn_at_the_size_it_is_shown_not_scaled():
    """Vector art: 1.5 times the size (720p to 1080p) is 1.5 times the picture, and its outline is
    as thin as at the small size (a scaled bitmap's would be 1.5 times thicker and blurred)."""
    who = cast.cast()[0]
    small, big = figure(who, _look(0), 60, "idle", 0).surface, figure(who, _look(0), 90, "idle", 0).surface
    assert abs(big.get_height() / small.get_height() - 1.5) < 0.08
    opaque = sum(1 for x in range(big.get_width()) for y in range(big.get_height()) if big.get_at((x, y)).a >= 250)
    soft = sum(1 for x in range(big.get_width()) for y in range(big.get_height()) if 0 < big.get_at((x, y)).a < 250)
    assert soft < 0.25 * opaque     # crisp edges: few half-covered pixels


def test_the_figure_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(figures, "CACHE_MAX", 20)
    figures.clear_cache()
    who = cast.cast()[1]
    for size in range(30, 60):
        figure(who, _look(1), size, "walk", 0)
    assert figures.cache_size() <= 20
    first = figure(who, _look(1), 59, "walk", 0)
    assert figure(who, _look(1), 59, "walk", 0) is first      # the same frame is drawn once
    figures.clear_cache()


def test_the_colourblind_look_adds_the_seats_pattern_to_the_shirt():
    who = cast.cast()[2]
    plain, marked = figure(who, _look(1), 60, "idle", 0).surface, figure(who, _look(1, True), 60, "idle", 0).surface
    sky = tuple(identities()[1].colour)

    def shirt(surf: pygame.Surface) -> int:
        return sum(1 for x in range(surf.get_width()) for y in range(surf.get_height())
                   if _near(sky, {tuple(surf.get_at((x, y)))[:3]}))
    assert shirt(marked) < 0.95 * shirt(plain)      # stripes over part of the shirt (the rest is the badge)


def test_the_portrait_keeps_the_seats_shape_and_its_footprint():
    face = portrait(cast.cast()[3], _look(4), 34)
    assert face.get_size() == (34, 34)
    star = tuple(identities()[4].colour)
    corner = {tuple(face.get_at((x, y)))[:3] for x in range(20, 34) for y in range(20, 34)}
    assert _near(star, corner)


def test_poses_are_all_different_where_they_must_read_differently():
    """A cheer has both hands above the shoulders, a slump both below; a surprise jumps."""
    cheer, slump, surprise, carry = pose("cheer", 1), pose("slump", 0), pose("surprise", 1), pose("carry", 0)
    assert all(dy < -0.3 for _dx, dy in cheer.hands) and all(dy > 0.3 for _dx, dy in slump.hands)
    assert surprise.rise > 0 and surprise.exclaim and surprise.eyes == "wide"
    assert all(dy < -0.3 for _dx, dy in carry.hands)
    with pytest.raises(ValueError):
        pose("dance", 0)


def test_each_seat_plays_its_own_character_by_default_and_a_choice_is_kept():
    everyone = cast.cast()
    by_default = cast.of_seats(range(6))
    assert [c.id for c in by_default.values()] == [c.id for c in everyone[:6]]
    picked = cast.of_seats(range(6), {0: everyone[1].id, 3: "no-such-one"})
    assert picked[0].id == everyone[1].id
    assert len({c.id for c in picked.values()}) == 6      # seat 1 stepped aside: never two alike by default
    assert cast.step(everyone[-1].id, 0, 1) == everyone[0].id


def test_the_character_is_presentation_only():
    """It never reaches the MatchSpec (so neither the replay nor the state hash)."""
    plain, chosen = LobbySeat(2, "bot"), LobbySeat(2, "bot", character=cast.cast()[7].id)
    assert plain.spec(False) == chosen.spec(False)


def test_a_bad_cast_file_is_one_clear_error(tmp_path, monkeypatch):
    bad = tmp_path / "cast.toml"
    bad.write_text('[[character]]\nid = "x"\nname = "X"\nbuild = "blob"\n', encoding="utf-8")
    monkeypatch.setattr(cast, "CAST_FILE", bad)
    cast.cast.cache_clear()
    try:
        with pytest.raises(ValueError, match="build 'blob'"):
            cast.cast()
    finally:
        cast.cast.cache_clear()


def test_the_cast_sheet_tool_draws_every_character_in_every_state(tmp_path):
    import importlib.util
    import sys
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "tools" / "cast_sheet.py"
    spec = importlib.util.spec_from_file_location("cast_sheet", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["cast_sheet"] = tool
    spec.loader.exec_module(tool)
    out = tmp_path / "cast.png"
    assert tool.main([str(out), "--size", "24", "--palette", "both"]) == 0
    sheet = pygame.image.load(str(out))
    cw, ch = tool._cell(24)
    assert sheet.get_width() >= tool.LABEL_W + len(STATES) * cw
    assert sheet.get_height() >= 2 * len(cast.cast()) * ch        # both palettes, a row per character
    with pytest.raises(SystemExit):
        tool.main([str(out), "--size", "4"])
