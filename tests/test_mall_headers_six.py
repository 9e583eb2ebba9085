"""Six seats' mall panels keep a seat's name whole: with a bot's robot head, a team's emblem, the
bag icon and a two-digit score all beside it, a header of six panels had under 55 px left for the
name ("Yellow" read "Yell…", Spanish "Amarillo" "Am…"). A narrow header puts the robot on the
portrait's corner and, in a team game, the emblem where the bag icon stood."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.match.seats import identities
from game.render import teams as team_art
from game.scenes.mall import hud_header
from game.scenes.mall.scene import demo_spec, piloted_mall
from game.text import i18n
from tests.textprobe import TextProbe

SOFA_PX = 16          # the smallest text a player reads at 1280x720 (docs/READABILITY.md)
TYPICAL = ("Samantha", "Benedikt", "François", "Begoña")   # profiles' names of eight letters


@pytest.fixture()
def back_to_english():
    yield
    i18n.set_language(i18n.DEFAULT)


def _tagging(probe: TextProbe, kind: str, fn):
    def tagged(*args, **kwargs):
        surf = fn(*args, **kwargs)
        probe.tag(surf, kind, kind)
        return surf
    return tagged


def _headers(monkeypatch, ctx, code: str, teams: int, names: tuple[str, ...] = ()):
    """Six panels' headers drawn (every seat a bot; in `teams` teams; seats called `names` where
    given), their icons tagged: (the probe's picture, the HUD, the names as the panels hold them)."""
    probe = TextProbe(monkeypatch)
    for name in ("bot_icon", "bag_icon", "portrait"):
        monkeypatch.setattr(hud_header, name, _tagging(probe, name, getattr(hud_header, name)))
    monkeypatch.setattr(team_art, "emblem", _tagging(probe, "emblem", team_art.emblem))
    i18n.set_language(code)
    spec = demo_spec(6, "rush", 3, teams=teams)
    seats = tuple(dataclasses.replace(s, kind="bot", name=names[s.seat] if names else s.name) for s in spec.seats)
    scene = piloted_mall(ctx, dataclasses.replace(spec, seats=seats))
    hud = scene.picture.hud
    screen = probe.screen()
    hud.draw_frames(screen)
    for p in hud.panel_of.values():
        hud.headers.score(screen, p, 88)     # two digits: the widest score a match reaches
    return screen, hud


def _in_header(screen, hud, seat: int) -> list[tuple[str, str, pygame.Rect, float]]:
    head = hud.panel_of[seat].header
    return [item for item in screen.items if item[2].w and item[2].colliderect(head)]


def _name(screen, hud, seat: int) -> tuple[str, pygame.Rect, float]:
    items = _in_header(screen, hud, seat)
    marks = [rect for kind, _label, rect, _px in items if kind == "emblem"]   # the team's letter is on it
    said = [(label, rect, px) for kind, label, rect, px in items
            if kind == "text" and label != "88" and not any(mark.contains(rect) for mark in marks)]
    assert len(said) == 1, said
    return said[0]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("teams", [0, 3])
def test_every_colour_name_shows_whole_at_six_seats(monkeypatch, ctx, back_to_english, code, teams):
    screen, hud = _headers(monkeypatch, ctx, code, teams)
    for seat in hud.panel_of:
        label, _rect, px = _name(screen, hud, seat)
        assert label == i18n._(identities()[seat].name), f"{code}: seat {seat} reads {label!r}"
        assert px >= SOFA_PX - 0.01


@pytest.mark.parametrize("teams", [0, 3])
def test_a_profile_name_of_eight_letters_shows_whole_and_sixteen_end_in_a_dot(monkeypatch, ctx, back_to_english,
                                                                               teams):
    names = (*TYPICAL, "WWWWWWWWWWWWWWWW", "Anna-Lena")
    screen, hud = _headers(monkeypatch, ctx, "en", teams, names)
    said = {seat: _name(screen, hud, seat)[0] for seat in hud.panel_of}
    assert [said[seat] for seat in range(4)] == list(TYPICAL)
    assert said[4].endswith("…") and len(said[4]) > 2


@pytest.mark.parametrize("code", ["en", "es"])
@pytest.mark.parametrize("teams", [0, 3])
def test_nothing_in_a_six_seat_header_overlaps(monkeypatch, ctx, back_to_english, code, teams):
    """Name, robot, emblem, bag and score each have their own place; only the robot's badge lies
    on the portrait (on its corner, as the seat's shape does)."""
    screen, hud = _headers(monkeypatch, ctx, code, teams)
    for seat in hud.panel_of:
        drawn = [(kind, rect) for kind, _label, rect, _px in _in_header(screen, hud, seat) if kind != "shape"]
        marks = [rect for kind, rect in drawn if kind == "emblem"]      # the team's letter is its own
        items = [(kind, rect) for kind, rect in drawn if kind != "text" or not any(m.contains(rect) for m in marks)]
        kinds = sorted(kind for kind, _rect in items)
        assert kinds.count("bot_icon") == 1 and kinds.count("portrait") == 1
        assert kinds.count("emblem") == (1 if teams else 0)
        clash = [(a, b) for n, (a, ra) in enumerate(items) for b, rb in items[n + 1:]
                 if ra.colliderect(rb) and {a, b} != {"bot_icon", "portrait"}]
        assert clash == [], f"seat {seat}"
        assert all(hud.panel_of[seat].rect.contains(rect) for _kind, rect in items)

