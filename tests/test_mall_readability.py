"""The mall read from the sofa: sizes measured in the 1280x720 picture, and no text on text.

The bar (docs/READABILITY.md): text at least 16 px, every garment in a panel
at least 48 px, for 2, 4 and 6 seats in every mode.
"""
from __future__ import annotations

import pytest

from game.render.text import TEXT_MIN_PX, bar_px
from game.scenes.mall.layout import SCREEN, compute_layout
from tests.gamectx import played_mall
from tests.test_mall_scene import ctx, tick  # noqa: F401  (fixture)
from tests.textrects import GarmentMeter, Recorder, overlapping, watch_texts

TEXT_MIN = TEXT_MIN_PX   # the text's size on the sofa bar's scale as drawn (text.bar_px), not pygame's size number
GARMENT_MIN = 48


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("mode,ticks", [("rush", 70), ("rush", 60 * 3 + 10), ("rush", 60 * 10), ("memory", 30),
                                        ("memory", 60 * 16), ("tidy", 60 * 16)])
def test_text_and_garments_meet_the_bar(ctx, monkeypatch, players, mode, ticks):  # noqa: F811
    _meets_the_bar(ctx, monkeypatch, players, mode, ticks, None)


@pytest.mark.parametrize("level", ["outlet", "market", "galleria"])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("mode,ticks", [("rush", 70), ("tidy", 60 * 16)])
def test_the_new_malls_meet_the_bar(ctx, monkeypatch, level, players, mode, ticks):  # noqa: F811
    """The seats start round the table: their names, and everything else, still never meet."""
    _meets_the_bar(ctx, monkeypatch, players, mode, ticks, level)


def _meets_the_bar(ctx, monkeypatch, players, mode, ticks, level):  # noqa: F811
    screen = Recorder(SCREEN)
    watch_texts(monkeypatch, screen, ctx.ui)
    meter = GarmentMeter(monkeypatch)
    scene = played_mall(ctx, players, mode, ticks, level=level)
    real_hud_draw = scene.hud.draw
    monkeypatch.setattr(scene.hud, "draw", lambda *a: meter.measure(real_hud_draw, *a))
    for frame in range(8):          # a few frames: things move, cards fly, pops rise
        screen.drawn.clear()
        scene.draw(screen, frame / 8)
        small = [(text, px) for _, text, px in screen.drawn if px < TEXT_MIN]
        assert not small, f"text under {TEXT_MIN} px: {small}"
        assert not overlapping(screen.drawn), f"text drawn over text: {overlapping(screen.drawn)}"
        tick(ctx)
    if mode == "memory" and scene.sim.phase != "study":
        return   # a Memory hand lies face down on the shared screen (docs/RULES.md): no garment to measure
    assert meter.sizes, "the panels drew no garment"
    assert min(meter.sizes) >= GARMENT_MIN, f"garments in the panels: smallest {min(meter.sizes)} px"


@pytest.mark.parametrize("players", range(1, 7))
def test_list_rows_have_room_at_every_seat_count(players):
    """The shopping list's rows (the reason the HUD exists) get LIST_ITEM px items, 1-6 seats."""
    from game.scenes.mall.layout import LIST_ITEM
    layout = compute_layout((1280, 576), players)
    for p in layout.panels:
        rows = 2
        row_h = (p.info.h - 4) // rows
        size = min((p.info.w - 6) // 3, row_h - (14 if p.wide else 6))
        assert size >= LIST_ITEM


def test_a_refusal_never_covers_the_list_or_other_text(ctx, monkeypatch):  # noqa: F811
    """A two-line refusal used to sit over the objective row and the button hints."""
    screen = Recorder(SCREEN)
    watch_texts(monkeypatch, screen, ctx.ui)
    for players in (2, 4, 6):
        scene = played_mall(ctx, players, "rush", 60 * 10)
        sim = scene.sim
        for av in sim.avatars:
            av.reject_reason = "Put the card back into a pile: stand next to one"
            av.reject_tick = sim.tick
        screen.drawn.clear()
        scene.draw(screen, 0.0)
        lines = [rect for rect, text, _ in screen.drawn if text in ("Put the card back", "into a pile: stand", "next to one")
                 or "pile" in text or "stand" in text]
        assert lines, "no refusal drawn"
        assert not overlapping(screen.drawn), overlapping(screen.drawn)
        for p in scene.layout.panels:
            for rect in lines:
                assert not rect.colliderect(p.info), "a refusal over the list"
        ctx.stack.pop()
        ctx.stack.apply()


def test_the_ready_badge_has_its_own_row(ctx, monkeypatch):  # noqa: F811
    """READY used to sit on the second objective card in the study phase (mall_study)."""
    screen = Recorder(SCREEN)
    watch_texts(monkeypatch, screen, ctx.ui)
    scene = played_mall(ctx, 6, "memory", 2)
    for av in scene.sim.avatars:
        av.ready = True
    screen.drawn.clear()
    scene.draw(screen, 0.0)
    ready = [rect for rect, text, _ in screen.drawn if text == "READY"]
    assert len(ready) == 6
    for rect, p in zip(ready, scene.layout.panels):
        cards_bottom = p.body.bottom - 28 - 4
        assert rect.top >= cards_bottom, "READY over the list"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_keyboard_key_names_stay_in_their_panel(ctx, monkeypatch, players):  # noqa: F811
    """Keyboard seats see "LShift" and "Space" in the hints: long names stay inside the panel and
    never run into the list or each other."""
    screen = Recorder(SCREEN)
    watch_texts(monkeypatch, screen, ctx.ui)
    scene = played_mall(ctx, players, "rush", 60 * 10)
    long_names = {"A": "Space", "B": "LShift", "X": "E", "Y": "Q", "LB": "1", "RB": "3"}
    scene.hud.set_labels({seat: dict(long_names) for seat in scene.sim.seats})
    for frame in range(60):
        screen.drawn.clear()
        scene.draw(screen, 0.0)
        assert not overlapping(screen.drawn), overlapping(screen.drawn)
        for p in scene.layout.panels:
            inside = [rect for rect, _, _ in screen.drawn if rect.colliderect(p.rect)]
            assert all(p.rect.contains(rect) for rect in inside), "a hint ran out of its panel"
            assert not any(rect.colliderect(p.info) for rect in inside
                           if not p.info.contains(rect)), "a hint ran into the list"
        tick(ctx)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_dresser_locators_show_clothing_at_48_px(ctx, monkeypatch, players):  # noqa: F811
    """Tidying Up's dresser cards on the map: their garments were 37 px (and less) where dressers
    crowd; every one is GARMENT_MIN or more, at every seat count, and no two cards overlap."""
    meter = GarmentMeter(monkeypatch)
    scene = played_mall(ctx, players, "tidy", 60 * 6)
    screen = Recorder(SCREEN)
    meter.measure(scene.view.draw_dressers, screen, scene.sim, (0, 0))
    assert meter.sizes, "no dresser drawn"
    assert min(meter.sizes) >= GARMENT_MIN, f"dresser garments: smallest {min(meter.sizes)} px"
    spots = list(scene.view._dresser_spots(scene.sim).values())
    for n, a in enumerate(spots):
        assert scene.layout.map_rect.contains(a)
        assert a.collidelist(spots[n + 1:]) < 0, "two dresser cards overlap"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_refusal_fits_its_box_whole_in_every_language(ctx, players):  # noqa: F811
    """A refusal is wrapped at 16 px or more, whole: over the card viewer, or for a long one across
    the panel (it was cut to what fitted once 16 px text took more lines)."""
    from game.text import i18n
    from game.scenes.mall.hud_refusal import refusal_fit
    from game.scenes.reasons import SENTENCES
    mall = SENTENCES[:SENTENCES.index("Put the card back into a pile: stand next to one") + 1]
    layout = compute_layout((1280, 576), players)
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for reason in mall:
                box, lines, size, step = refusal_fit(ctx.ui, i18n._(reason), layout.panels[0])
                assert bar_px(ctx.ui.text.font(size)) >= TEXT_MIN_PX
                assert len(lines) * step + 10 <= box.h, (code, reason, lines)
                assert all(ctx.ui.text.width(t, size) <= box.w - 8 for t in lines), (code, reason, lines)
    finally:
        i18n.set_language(i18n.DEFAULT)
