"""Toasts in one place: never over a player's panel, the timer or a score; queued, merged, short.
("Sky is back" and "A bot plays Sky now" once sat over the middle panel's hint and list.)"""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.core.context import Toasts
from tests.textprobe import TextProbe

SAID = ["Sky is back", "A bot plays Sky now: their controller was unplugged for too long",
        "Replay saved: /home/someone/replays/a-rather-long-file-name.soco"]


def toast_rects(probe: TextProbe, screen: pygame.Surface) -> list[pygame.Rect]:
    return [rect for label, rect in probe.texts(screen) if any(label.startswith(text[:20]) for text in SAID)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_mall_toasts_stay_off_every_panel_the_clock_and_the_scores(ctx, monkeypatch, players):
    from devkit.shots.mall import _shot
    probe = TextProbe(monkeypatch)
    mall = _shot(players, "rush")(ctx, 3)
    ctx.stack.push(mall)
    ctx.stack.apply()
    for text in SAID:
        ctx.toast(text)
    screen = probe.screen()
    app.draw(ctx, screen, 0.0)
    shown = toast_rects(probe, screen)
    assert len(shown) == Toasts.SHOWN                 # the third waits its turn
    layout = mall.layout
    clock = pygame.Rect(0, 0, layout.map_rect.x, layout.map_rect.y + 140)   # mode, round and clock beside the map
    for rect in shown:
        assert all(not rect.colliderect(p.rect) for p in layout.panels)
        assert not rect.colliderect(clock) and layout.map_rect.contains(rect)
    assert not [o for o in probe.overlaps(screen) if any(text[:20] in o for text in SAID)]


@pytest.mark.parametrize("players", [2, 6])
def test_table_toasts_stay_off_every_panel_the_round_and_the_bonus(ctx, monkeypatch, players):
    from game.scenes.table.layout import TOP_BAR, seat_panels
    from game.scenes.table.scene import TableScene, demo_spec
    probe = TextProbe(monkeypatch)
    ctx.stack.push(TableScene(ctx, demo_spec(players, 2), demo=True))
    ctx.stack.apply()
    ctx.toast(SAID[0])
    screen = probe.screen()
    app.draw(ctx, screen, 0.0)
    labels = probe.texts(screen)
    shown = toast_rects(probe, screen)
    assert len(shown) == 1
    scores = [rect for label, rect in labels if label.startswith(("ROUND", "BONUS"))]
    for rect in shown:
        assert all(not rect.colliderect(p.rect) for p in seat_panels(players))
        assert all(not rect.colliderect(score) for score in scores) and rect.colliderect(TOP_BAR)


def test_a_message_said_again_is_merged_and_its_time_starts_again():
    toasts = Toasts()
    toasts.show("Sky is back", seconds=1)
    for _ in range(50):
        toasts.update()
    toasts.show("Sky is back", seconds=1)
    assert len(toasts.items) == 1 and toasts.items[0].count == 2 and toasts.items[0].ticks_left == 60
    assert app.said("Sky is back", 2) == "Sky is back ×2"


def test_waiting_messages_keep_their_time_until_shown():
    toasts = Toasts()
    for text in ("one", "two", "three"):
        toasts.show(text, seconds=1)
    for _ in range(30):
        toasts.update()
    assert [t.text for t in toasts.showing()] == ["one", "two"] and toasts.items[2].ticks_left == 60
    for _ in range(30):
        toasts.update()
    assert [t.text for t in toasts.showing()] == ["three"]
    toasts.pinned = "New controller"
    toasts.show("four")
    assert [t.text for t in toasts.showing()] == ["three"]      # a pinned prompt takes a place
