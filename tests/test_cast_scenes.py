"""The cast in the scenes (issue #40): the mall's shoppers react to what happens to them, the
SOLD OUT! moment shows who called it, name tags survive a crowd, the lobby picks a character per
seat, and none of it reaches the simulation."""
from __future__ import annotations

import itertools

import pygame
import pytest

from devkit.shots import mall as mall_shots
from game.render import cast
from game.render.figure import figure
from game.render.text import bar_px, min_font_size
from game.render.icons import font
from game.scenes.mall.draw import TAG_MIN, moment
from game.scenes.mall.fx import FIDGET_AFTER, MallFx
from game.scenes.mall.layout import SCREEN
from game.scenes.mall.scene import demo_spec, piloted_mall
from game.sim.mall_events import Flipped, MallPhase, PhaseChanged, Picked, Rejected
from tests.test_mall_scene import ctx  # noqa: F401  (fixture)


def _scene(ctx, players=4, mode="rush", seed=3):  # noqa: F811
    scene = piloted_mall(ctx, demo_spec(players, mode, seed))
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


def test_a_shopper_reacts_to_its_events_then_goes_back_to_idle(ctx):  # noqa: F811
    scene = _scene(ctx)
    sim = scene.sim
    fx = MallFx(sim, {s: (255, 255, 255) for s in sim.seats})
    seat = sim.seats[1]
    assert fx.act(seat, 0.0, False)[0] == "idle"
    fx._event(sim, Rejected(seat, "No pile within reach"))
    assert fx.act(seat, 0.0, False)[0] == "surprise"          # a refusal: jumps back, "!"
    assert fx.act(sim.seats[0], 0.0, False)[0] == "idle"      # nobody else
    fx._event(sim, Flipped(seat, None))
    assert fx.act(seat, 0.0, False)[0] == "browse"
    for _ in range(60):
        fx._walk(sim)
    assert fx.act(seat, 0.0, True) == ("carry", 0, fx.motion[seat].left)   # holding a pile, standing
    assert fx.act(seat, 0.0, False)[0] == "idle"
    for _ in range(FIDGET_AFTER):
        fx._walk(sim)
    assert fx.act(seat, 0.0, False)[0] == "fidget"            # a few seconds standing: a fidget


def test_a_shopper_beaten_to_a_pile_is_surprised(ctx):  # noqa: F811
    """Someone else picked up the pile it stood at: the one left empty-handed jumps back, "!"."""
    scene = _scene(ctx)
    sim = scene.sim
    fx = MallFx(sim, {})
    pile, x, y = sim.floor_piles()[0]
    picker, beaten, far = sim.seats[0], sim.seats[1], sim.seats[2]
    near = {beaten: (x + 4, y), picker: (x, y), far: (x + 400, y)}

    class Stand:
        def __init__(self, av):
            self._av = av

        def __getattr__(self, name):
            return getattr(self._av, name)

        @property
        def pos(self):
            return near.get(self._av.seat, (x + 900, y + 900))

    class Seen:
        def __getattr__(self, name):
            return getattr(sim, name)

        avatars = [Stand(av) for av in sim.avatars]
    fx._event(Seen(), Picked(picker, pile))
    assert fx.act(beaten, 0.0, False)[0] == "surprise"
    assert fx.act(picker, 0.0, False)[0] == "idle" and fx.act(far, 0.0, False)[0] == "idle"


def test_colour_blind_mode_switched_mid_match_reaches_the_shoppers(ctx):  # noqa: F811
    """Settings visited from the pause menu: back in the mall, every shirt wears its seat's pattern."""
    scene = _scene(ctx)
    ctx.settings.colourblind = not ctx.settings.colourblind
    scene.picture.resume({})
    assert all((sprite.look.pattern is not None) == ctx.settings.colourblind
               for sprite in scene.picture.view.sprites.values())


def test_each_player_but_no_bot_gets_the_you_are_here_pulse_as_the_doors_open(ctx):  # noqa: F811
    scene = _scene(ctx)
    sim = scene.sim
    fx = scene.picture.fx_tick()
    fx._event(sim, PhaseChanged(MallPhase.PLAYING))
    bots = {av.seat: av.bot for av in sim.avatars}
    assert set(bots.values()) == {True, False}
    for seat, bot in bots.items():
        assert (fx.ping(seat, 0.0) >= 0) != bot
    scene.draw(pygame.Surface(SCREEN), 0.0)
    view = scene.picture.view
    framed = [ping >= 0 for ping in view._pings]
    assert sum(framed) == sum(not bot for bot in bots.values())     # a frame round each player's name


def test_the_walk_frames_follow_the_distance_walked(ctx):  # noqa: F811
    """Feet never skate: the frame advances with the walk cycle's phase, not with the clock."""
    scene = _scene(ctx)
    fx = MallFx(scene.sim, {})
    m = fx.motion[scene.sim.seats[0]]
    m.moving = True
    frames = []
    for phase in (0.0, 0.25, 0.5, 1.0, 1.5):
        m.phase = m.prev_phase = phase
        frames.append(fx.act(scene.sim.seats[0], 0.0, False))
    assert [f[1] for f in frames] == [0, 1, 2, 4, 6] and {f[0] for f in frames} == {"walk"}


def test_sold_out_shows_who_called_it_cheering_and_the_others_slumping(ctx):  # noqa: F811
    scene = mall_shots._sold_out_shot(6, "rush")(ctx, 0)
    ctx.stack.push(scene)
    ctx.stack.apply()
    sim = scene.sim
    moods = {seat: moment(sim, seat) for seat in sim.seats}
    assert sorted(set(moods.values())) == ["cheer", "slump"]
    before = sim.state_hash()
    scene.draw(pygame.Surface(SCREEN), 0.0)
    view = scene.picture.view
    for seat, mood in moods.items():
        sprite = view.sprites[seat]
        drawn = [figure(sprite.character, sprite.look, sprite.size, mood, f, left)
                 for f in range(8) for left in (False, True)]
        assert any(sprite.shown is d for d in drawn), f"seat {seat} is not drawn in its {mood}"
    assert sim.state_hash() == before


@pytest.mark.parametrize("mode", ["rush", "tidy"])
def test_a_six_seat_crowds_name_tags_are_readable_and_none_overlaps(ctx, mode):  # noqa: F811
    """At the Starting Table and at a dresser (the 1080p picture is this one scaled 1.5 times)."""
    scene = mall_shots.crowd_shot(6, mode, teams=3 if mode == "tidy" else 0)(ctx, 1)
    ctx.stack.push(scene)
    ctx.stack.apply()
    scene.draw(pygame.Surface(SCREEN), 0.0)
    view = scene.picture.view
    tags = [rect for _tag, _want, rect, _colour in view._tags]
    assert len(tags) == 6
    for a, b in itertools.combinations(tags, 2):
        assert not a.colliderect(b), f"tags {a} and {b} overlap"
    assert bar_px(font(TAG_MIN)) >= bar_px(font(min_font_size())) and TAG_MIN >= min_font_size()


def test_the_lobby_picks_a_character_per_seat_skipping_those_taken(ctx):  # noqa: F811
    from game.match.seats import LobbySeat
    from game.scenes.menus.lobby import LobbyScene
    lobby = LobbyScene(ctx)
    ctx.seats[:] = [LobbySeat(0, "bot"), LobbySeat(1, "bot")]
    everyone = cast.cast()
    assert [c.id for c in lobby.shoppers().values()] == [everyone[0].id, everyone[1].id]
    spec = lobby.match_spec()
    lobby.picked = 0
    lobby._cycle_character(1)            # the next one is seat 1's: skipped
    assert ctx.seats[0].character == everyone[2].id
    assert lobby._character_text() == everyone[2].name
    lobby._cycle_character(-1)
    assert ctx.seats[0].character == everyone[0].id
    assert lobby.match_spec() == spec    # presentation only: the match is the same
