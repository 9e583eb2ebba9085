"""Check Out!'s seat panels keep a bot's name whole: the word BOT beside it left the name 84 px
("AMARILLO" and an eight-letter profile's name were cut, and a German two-digit score's "Pkt."
came near the word). A bot's robot head sits on its portrait's corner instead."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.match.seats import identities
from game.render import icons
from game.scenes.table import hud as table_hud
from game.scenes.table.scene import TableScene, demo_spec
from game.text import i18n
from tests.textprobe import TextProbe

SOFA_PX = 16
TYPICAL = ("SAMANTHA", "BENEDIKT", "WOLFGANG", "FRANÇOIS", "BEGOÑA", "KATHARINA")


@pytest.fixture()
def back_to_english():
    yield
    i18n.set_language(i18n.DEFAULT)


def _drawn(monkeypatch, ctx, code: str, names: tuple[str, ...] = ()):
    """A six-bot table (not a demo: its panels say who is a bot) in `code`, its panels drawn as the
    static layer and the laid words put them together: the probe's picture and the scene."""
    probe = TextProbe(monkeypatch)

    def robot(size: int, *args):
        surf = real(size, *args)
        probe.tag(surf, "robot", "robot")
        return surf
    real = icons.bot_icon
    monkeypatch.setattr(table_hud, "bot_icon", robot, raising=False)
    i18n.set_language(code)
    spec = demo_spec(6, 3)
    if names:
        spec = dataclasses.replace(spec, seats=tuple(dataclasses.replace(s, name=names[s.seat]) for s in spec.seats))
    scene = TableScene(ctx, spec)
    ctx.stack.push(scene)
    ctx.stack.apply()
    screen = probe.screen()
    hud = scene.picture.hud
    hud.draw_frames(screen, ctx.ui)            # the names, into the static layer
    for panel in hud.panels:                   # each panel's score and words, laid over it
        screen.blit(hud._render_info(panel, 0, 88), panel.rect)   # two digits: "88 Pkt." the widest
    return screen, scene


def _band(screen, scene, seat: int) -> list[tuple[str, str, pygame.Rect, float]]:
    """What is drawn in the seat panel's top band (portrait, name, score)."""
    rect = scene.picture.hud.panels[seat].rect
    band = pygame.Rect(rect.x, rect.y, rect.w, 44)
    return [item for item in screen.items if item[2].w and band.contains(item[2])]


def _name(screen, scene, seat: int) -> tuple[str, pygame.Rect, float]:
    x = scene.picture.hud.panels[seat].rect.x + 48
    said = [(label, rect, px) for kind, label, rect, px in _band(screen, scene, seat)
            if kind == "text" and abs(rect.x - x) <= 4]
    assert len(said) == 1, said
    return said[0]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_bots_colour_name_shows_whole(monkeypatch, ctx, back_to_english, code):
    screen, scene = _drawn(monkeypatch, ctx, code)
    for seat in range(6):
        label, _rect, px = _name(screen, scene, seat)
        assert label == i18n._(identities()[seat].name).upper(), f"{code}: seat {seat} reads {label!r}"
        assert px >= SOFA_PX - 0.01


def test_a_bots_profile_name_of_eight_letters_shows_whole(monkeypatch, ctx, back_to_english):
    screen, scene = _drawn(monkeypatch, ctx, "en", TYPICAL[:5] + ("WWWWWWWWWWWWWWWW",))
    said = [_name(screen, scene, seat)[0] for seat in range(6)]
    assert said[:5] == list(TYPICAL[:5])
    assert said[5].endswith("…")


@pytest.mark.parametrize("code", ["en", "de"])
def test_nothing_in_a_bots_band_overlaps(monkeypatch, ctx, back_to_english, code):
    """Name, robot and score (its number and unit) each have their own place: the robot lies on
    the portrait's corner, the one thing that may."""
    screen, scene = _drawn(monkeypatch, ctx, code)
    for seat in range(6):
        items = [(kind, label, rect) for kind, label, rect, _px in _band(screen, scene, seat) if kind != "shape"]
        assert [kind for kind, _label, _rect in items].count("robot") == 1, items
        clash = [(a, b) for n, (_ka, a, ra) in enumerate(items) for _kb, b, rb in items[n + 1:] if ra.colliderect(rb)]
        assert clash == [], f"seat {seat}"

