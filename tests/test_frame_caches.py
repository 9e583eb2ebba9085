"""A frame's own work: what does not change is drawn once and kept (docs/PERFORMANCE.md, "Own
frame work"). A frame that shows what the last one showed lays out no text again, and what the
kept pieces draw is exactly what drawing them afresh draws, frame after frame of a match."""
from __future__ import annotations

import math

import pygame
import pytest
from babel import numbers

from game import app
from game.render import text as text_module
from game.render import widgets
from game.scenes.mall.hud import Hud
from game.scenes.mall.scene import MallScene, demo_spec, piloted_mall
from game.scenes.table.hud import SeatHud
from game.scenes.table.scene import TableScene
from game.scenes.table.scene import demo_spec as table_spec

SEATS = 6


def _mall_in_play(ctx, mode: str, seed: int = 3) -> MallScene:
    scene = piloted_mall(ctx, demo_spec(SEATS, mode, seed))
    ctx.stack.push(scene)
    ctx.stack.apply()
    while scene.sim.phase != "playing":
        app.tick(ctx)
    for _ in range(240):       # bots about: carrying, browsing, piles in hand
        app.tick(ctx)
    return scene


class _Counts:
    """Calls of the text layout and number formatting a frame could repeat."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = {"measure": 0, "wrap": 0, "format": 0}
        size, wrap, fmt = text_module.GameFont.size, widgets.wrap, numbers.format_decimal

        def counted(name, real):
            def call(*args, **kwargs):
                self.calls[name] += 1
                return real(*args, **kwargs)
            return call
        monkeypatch.setattr(text_module.GameFont, "size", counted("measure", size))
        monkeypatch.setattr(widgets, "wrap", counted("wrap", wrap))
        monkeypatch.setattr(numbers, "format_decimal", counted("format", fmt))

    def reset(self) -> None:
        self.calls = dict.fromkeys(self.calls, 0)


@pytest.mark.parametrize("mode", ["rush", "memory", "tidy"])
def test_a_mall_frame_showing_nothing_new_lays_out_no_text(ctx, monkeypatch, mode):
    scene = _mall_in_play(ctx, mode)
    screen = pygame.display.get_surface()
    counts = _Counts(monkeypatch)
    scene.draw(screen, 0.0)
    counts.reset()
    scene.draw(screen, 0.0)          # the same tick again: every panel shows what it showed
    assert counts.calls == {"measure": 0, "wrap": 0, "format": 0}


@pytest.mark.parametrize("mode", ["rush", "memory", "tidy"])
def test_the_mall_huds_laid_panels_show_what_a_fresh_hud_draws(ctx, mode):
    """Each seat panel's contents are laid into a copy of the static layer when what it shows
    changes: every frame the player sees must be what a fresh HUD draws over the static layer."""
    scene = _mall_in_play(ctx, mode, seed=5)
    picture = scene.picture
    sim = scene.sim
    kept_hud = picture.hud
    static = picture.static if picture.static is not None else picture._build_static()
    assert picture.shown is not None
    for moment in range(30):       # thirty moments of the match, the kept HUD drawing every tick
        totals = {seat: moment // 10 + seat for seat in sim.seats}
        for _ in range(8):
            app.tick(ctx)
            kept = picture.shown.copy()
            kept_hud.draw(kept, sim, totals)
        fresh_hud = Hud(sim, picture.layout, ctx.ui, picture.identities, picture.names, ctx.settings.colourblind)
        fresh_hud.set_labels(kept_hud.labels, kept_hud.side_by_side)
        fresh = static.copy()
        fresh_hud.draw(fresh, sim, totals)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), sim.tick


@pytest.mark.parametrize("seats", [1, 2, 4, 6])
@pytest.mark.parametrize("mode", ["rush", "memory", "tidy"])
def test_a_mall_panels_contents_never_leave_it(ctx, mode, seats):
    """A panel is laid again within its own rect (its neighbours and the map stay as they are):
    nothing it draws may reach outside it."""
    scene = piloted_mall(ctx, demo_spec(seats, mode, 3))
    ctx.stack.push(scene)
    ctx.stack.apply()
    hud, sim = scene.picture.hud, scene.sim
    for tick in range(900):
        app.tick(ctx)
        if tick % 10:
            continue
        drawn = pygame.Surface(app.LOGICAL_SIZE, pygame.SRCALPHA)
        hud.draw(drawn, sim, {seat: 10 + seat for seat in sim.seats})
        for panel in scene.picture.layout.panels:
            drawn.fill((0, 0, 0, 0), panel.rect)
        assert drawn.get_bounding_rect().size == (0, 0), (sim.phase, tick)


def test_a_mall_frame_lays_no_panel_that_shows_what_it_showed(ctx, monkeypatch):
    scene = _mall_in_play(ctx, "memory")
    screen = pygame.display.get_surface()
    scene.draw(screen, 0.0)
    laid = []
    monkeypatch.setattr(scene.picture.hud, "_contents", lambda *a: laid.append(a))
    scene.draw(screen, 0.0)
    assert laid == []


def test_the_tables_panels_laid_in_the_static_layer_are_what_a_fresh_hud_lays(ctx):
    """Each seat panel's text is laid into a copy of the static layer when what it shows
    changes; at every moment the kept layer must be what a fresh HUD lays for the first time."""
    scene = TableScene(ctx, table_spec(SEATS, 5, "normal"), demo=True)
    ctx.stack.push(scene)
    ctx.stack.apply()
    screen = pygame.display.get_surface()
    picture = scene.picture
    for _ in range(40):
        for _ in range(15):
            app.tick(ctx)
            scene.draw(screen, 0.0)
            picture.hud.idle(math.inf, [])   # as after each present: the panels left for later
        kept = picture.hud
        fresh = SeatHud(scene.sim, kept.panels, kept.ids, list(kept.labels), picture.texts, kept.keys,
                        list(kept.bots))
        assert picture.static is not None and kept.laid is not None
        fresh.set_backdrop(picture.static)
        fresh.draw(picture.static.copy(), scene.sim.tick, [s.total for s in scene.sim.scores()])
        assert fresh.laid is not None
        assert pygame.image.tobytes(kept.laid, "RGB") == pygame.image.tobytes(fresh.laid, "RGB"), scene.sim.tick


def test_a_frame_lays_one_changed_panel_a_persons_first_and_the_rest_after_the_present(ctx, monkeypatch):
    """Six panels changed at once (a phase change) cost a frame 2-3 ms of text: the frame lays
    one, a person's before a bot's; the rest are laid after its present and the next frame
    shows every panel as a fresh HUD lays it."""
    scene = TableScene(ctx, table_spec(SEATS, 5, "normal"), demo=True)
    ctx.stack.push(scene)
    ctx.stack.apply()
    screen = pygame.display.get_surface()
    hud = scene.picture.hud
    hud.bots = [True] * (SEATS - 1) + [False]      # the last seat a person's
    scene.draw(screen, 0.0)
    laid = []
    real = hud._render_info
    monkeypatch.setattr(hud, "_render_info", lambda panel, *a: laid.append(panel.seat) or real(panel, *a))
    totals = [s.total + 1 for s in scene.sim.scores()]      # every panel's score changes
    hud.draw(screen, scene.sim.tick, totals)
    assert laid == [SEATS - 1]
    hud.idle(math.inf, totals)
    assert sorted(laid) == list(range(SEATS))
    fresh = SeatHud(scene.sim, hud.panels, hud.ids, list(hud.labels), scene.picture.texts, hud.keys, list(hud.bots))
    fresh.set_backdrop(scene.picture.static)
    fresh.draw(scene.picture.static.copy(), scene.sim.tick, totals)
    assert pygame.image.tobytes(hud.laid, "RGB") == pygame.image.tobytes(fresh.laid, "RGB")
    hud.draw(screen, scene.sim.tick, totals)
    assert len(laid) == SEATS                      # nothing left to lay


def test_the_top_bar_and_the_countdown_texts_are_rendered_before_their_phase(ctx, monkeypatch):
    """The frame the frenzy starts showed a new headline and GO! rendered in it (2-4 ms): the
    table renders them ahead, after the presents of the countdown."""
    from game.render import icons, keytext
    from game.sim.table import COUNTDOWN

    scene = TableScene(ctx, table_spec(SEATS, 5, "normal"), demo=True)
    ctx.stack.push(scene)
    ctx.stack.apply()
    screen = pygame.display.get_surface()
    assert scene.sim.phase == COUNTDOWN
    scene.draw(screen, 0.0)
    scene.picture.idle(math.inf)
    rendered = []
    for module, name in ((icons, "_outlined"), (keytext, "_make")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, **k: rendered.append(a[:2]) or _real(*a, **k))
    while scene.sim.phase == COUNTDOWN:
        app.tick(ctx)
        scene.picture.hud.draw_top(screen, scene.sim.tick)
        scene.picture.overlays.draw(screen, scene.sim.tick)
    scene.picture.hud.draw_top(screen, scene.sim.tick)
    scene.picture.overlays.draw(screen, scene.sim.tick)
    assert rendered == []


def test_a_table_frame_lays_no_panel_again_while_it_shows_the_same(ctx, monkeypatch):
    scene = TableScene(ctx, table_spec(SEATS, 5, "normal"), demo=True)
    ctx.stack.push(scene)
    ctx.stack.apply()
    for _ in range(200):
        app.tick(ctx)
    screen = pygame.display.get_surface()
    scene.draw(screen, 0.0)
    hud = scene.picture.hud
    renders = []
    monkeypatch.setattr(hud, "_render_info", lambda *a: renders.append(a) or pygame.Surface((1, 1)))
    blits = []
    real_blit = pygame.Surface.blit

    class Watched(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            blits.append(source.get_size())
            return real_blit(self, source, dest, *args, **kwargs)

    watched = Watched(screen.get_size())
    scene.draw(watched, 0.0)
    panels = {panel.rect.size for panel in hud.panels}
    assert renders == [] and not panels & set(blits)   # no panel rendered, none blitted on its own


@pytest.mark.parametrize("alpha", [False, True])
def test_a_kept_panel_is_the_drawn_one_to_the_pixel(ctx, alpha):
    """Panels are drawn once per size and colours and blitted after: what lands on a picture (or on
    an alpha layer) is exactly what the three rounded rects drew, the corners left as they were."""
    ui = ctx.ui
    t = ui.theme
    cases = [(pygame.Rect(40, 140, 284, 166), False, "panel", None), (pygame.Rect(7, 9, 120, 40), True, "panel", None),
             (pygame.Rect(300, 20, 33, 20), False, "panel_focus", "accent_2"), (pygame.Rect(5, 5, 90, 70), False, "panel", (9, 200, 30))]
    for rect, focused, fill, border in cases:
        flags = pygame.SRCALPHA if alpha else 0
        drawn, kept = pygame.Surface((400, 240), flags), pygame.Surface((400, 240), flags)
        for s in (drawn, kept):
            s.fill((30, 90, 120, 77) if alpha else (30, 90, 120))
        edge = ui.colour("accent") if focused else (ui.colour(border) if isinstance(border, str) else border or ui.colour("border"))
        widgets._draw_panel(drawn, rect, t.radius, t.focus_border if focused else t.border, ui.colour("shadow"),
                            ui.colour("panel_focus" if focused else fill), edge)
        widgets.panel(kept, ui, rect, focused=focused, fill=fill, border=border)
        widgets.panel(kept, ui, rect, focused=focused, fill=fill, border=border)   # the second from the cache
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(drawn, "RGBA"), (rect, focused, fill, border)


def test_a_panel_in_a_colour_with_alpha_is_drawn_not_kept(ctx):
    def panel_layers(body):
        return (((0, 6, 50, 40), (0, 0, 0), 0, 8), ((0, 0, 50, 40), body, 0, 8), ((0, 0, 50, 40), (1, 1, 1), 2, 8))
    assert widgets._keyed_image((50, 46), panel_layers((10, 20, 30, 128))) is None
    assert widgets._keyed_image((50, 46), panel_layers((10, 20, 30))) is not None


def test_the_layout_probe_sees_a_kept_panel_cover_the_texts_under_it(ctx, monkeypatch):
    """The layout tests' probe knew a panel covered what was under it by its filled rects; a kept
    panel is a colour-keyed blit, which covers where it draws and not at its cut corners."""
    from tests.textprobe import TextProbe
    probe = TextProbe(monkeypatch)
    screen = probe.screen()
    ui = ctx.ui
    inside = ui.text.render("Orange", 24, (255, 255, 255))
    corner = ui.text.render("x", 24, (255, 255, 255))
    screen.blit(inside, (200, 200))
    screen.blit(corner, (100 - corner.get_bounding_rect().x, 100 - corner.get_bounding_rect().y))  # ink at the very corner
    widgets.panel(screen, ui, pygame.Rect(100, 100, 300, 200))
    assert [label for label, _ in probe.texts(screen)] == ["x"]


@pytest.mark.parametrize("alpha", [False, True])
def test_a_kept_rounded_box_is_pygames_to_the_pixel(alpha):
    """The Memory hands' slots and frames: each size, colour, width and radius drawn once and blitted."""
    cases = [((60, 46, 40), pygame.Rect(10, 12, 58, 58), 0, 8), ((205, 190, 170), pygame.Rect(3, 90, 58, 58), 2, 8),
             ((240, 150, 40), pygame.Rect(80, 8, 62, 62), 4, 9), ((1, 2, 3), pygame.Rect(160, 30, 20, 14), 0, 0)]
    for colour, rect, width, radius in cases:
        flags = pygame.SRCALPHA if alpha else 0
        drawn, kept = pygame.Surface((200, 160), flags), pygame.Surface((200, 160), flags)
        for s in (drawn, kept):
            s.fill((255, 0, 255, 90) if alpha else (255, 0, 255))    # the cache's own first key, to be sure
        pygame.draw.rect(drawn, colour, rect, width, border_radius=radius)
        widgets.rounded_box(kept, colour, rect, width, radius)
        widgets.rounded_box(kept, colour, rect, width, radius)
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(drawn, "RGBA"), (colour, rect, width)
    assert widgets._keyed_image((20, 20), (((0, 0, 20, 20), (9, 9, 9, 100), 0, 4),)) is None   # a colour with alpha is drawn as is


@pytest.mark.parametrize("face_up", [False, True])
def test_a_kept_memory_hand_is_its_slots_drawn_in_place_to_the_pixel(ctx, face_up):
    """Memory's hands are drawn once per look and blitted (some 60 slots and frames a 6-seat
    frame blitted): pixel for pixel the slots drawn straight onto the panel."""
    from game.scenes.mall import hud_bodies as hud_module
    scene = _mall_in_play(ctx, "memory")
    sim, hud = scene.sim, scene.picture.hud
    screen = pygame.display.get_surface()
    scene.draw(screen, 0.0)
    compared = 0
    for seat, p in hud.panel_of.items():
        hand = sim.hand(seat)
        hud.bodies.face_up[seat] = face_up      # as the panel's look works it out each frame
        info = p.info
        slots = max(len(hand), sim.seat_view(seat).hand_size())
        rows = (slots + hud_module.HAND_COLS - 1) // hud_module.HAND_COLS
        size = min((info.w - hud_module.HAND_GAP * 2) // 3, (info.h - 6 * (rows - 1)) // max(1, rows))
        around = info.inflate(2 * hud_module.HAND_PAD, 2 * hud_module.HAND_PAD)
        kept, straight = screen.copy(), screen.copy()
        hud.bodies.hand_panel(kept, sim, seat, p)
        hud.bodies.hand_cells(straight, info.topleft, hand, slots, sim.by_seat[seat].hand_index, face_up,
                       hud.identities[seat].colour, size)
        assert pygame.image.tobytes(kept.subsurface(around), "RGB") == \
            pygame.image.tobytes(straight.subsurface(around), "RGB"), seat
        compared += bool(hand)
    assert compared >= 1            # a hand with cards in it among the six (the rest: empty slots)


def test_a_mall_panel_is_laid_again_when_its_pad_changes_family_under_the_same_names(ctx, monkeypatch):
    """An Xbox pad and a Switch pad both name the bottom button "A", in different looks: the
    panel's hints must be laid again in the new pad's glyphs."""
    from game.input.families import Label

    scene = _mall_in_play(ctx, "rush")
    screen = pygame.display.get_surface()
    hud = scene.picture.hud
    seat = next(iter(hud.panel_of))
    hud.set_labels({seat: {"A": Label("A", "xbox"), "B": Label("B", "xbox")}})
    scene.draw(screen, 0.0)
    laid = []
    real = hud._contents
    monkeypatch.setattr(hud, "_contents", lambda *a: laid.append(a[2]) or real(*a))
    hud.set_labels({seat: {"A": Label("A", "nintendo"), "B": Label("B", "nintendo")}})
    scene.draw(screen, 0.0)
    assert laid == [seat]


def test_a_mall_left_lets_its_static_layer_and_laid_panels_go(ctx):
    """Two screen-sized layers a mall: the panels' laid copy held the static layer too, after the
    scene was left, until the collector's next full pass."""
    from game.scenes.menus.title import TitleScene

    scene = _mall_in_play(ctx, "rush")
    scene.draw(pygame.display.get_surface(), 0.0)
    picture, hud = scene.picture, scene.picture.hud
    assert picture.static is not None and hud.laid is not None
    ctx.stack.clear_to(TitleScene(ctx))
    ctx.stack.apply()
    assert (picture.static, picture.shown, hud.backdrop, hud.laid) == (None, None, None, None)


def test_a_speedrun_restart_draws_its_layers_into_the_last_ones_and_shows_a_fresh_picture(ctx):
    """A restart's first frame allocated two new screen-sized layers (~2.5 ms of fresh pages);
    it draws into the last ones, and shows what a picture drawn from nothing shows."""
    from game.scenes import registry
    from game.scenes.mall.picture import MallPicture
    from game.scenes.speedrun.run import SpeedrunRunScene

    made = registry.screenshot("speedrun").factory(ctx, 1)
    for scene in (made if isinstance(made, list) else [made]):
        ctx.stack.push(scene)
    ctx.stack.apply()
    run = next(s for s in ctx.stack._scenes if isinstance(s, SpeedrunRunScene))
    screen = pygame.display.get_surface()
    for _ in range(90):
        app.tick(ctx)
    run.draw(screen, 0.0)
    picture = run.picture
    layers = (picture.static, picture.shown)
    run.run.restart()
    app.tick(ctx)
    run.draw(screen, 0.0)
    assert (picture.static, picture.shown) == layers and picture.static is not picture.shown
    fresh = MallPicture(ctx, run.run.spec, picture.level, picture.sim, picture.identities, picture.names)
    fresh.hud.set_labels(picture.hud.labels, picture.hud.side_by_side)
    drawn = pygame.Surface(screen.get_size())
    fresh.draw(drawn, 0.0, {seat: 0 for seat in picture.sim.seats})
    kept = pygame.Surface(screen.get_size())
    picture.draw(kept, 0.0, {seat: 0 for seat in picture.sim.seats})
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(drawn, "RGB")
