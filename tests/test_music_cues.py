"""The music follows the game: real matches played by bots drive the cues (game/music/cues.py)
and the director, and listening changes nothing in the simulation."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import TICK_RATE
from game.bots.soldout import make_soldout_bot
from game.bots.checkout import CheckOutBot
from game.driver.match_driver import bot_seed
from game.driver.soldout_headless import new_sim
from game.app.headless import build_spec
from game.match.commands import Button, Command
from game.music import Music
from game.music.catalogue import Catalogue, MusicTable
from game.music.cues import Cue, mall_cue, table_cue
from game.music.director import Kind
from game.rules.checkout import BIDDING, BONUS, FRENZY
from game.sim.mall_events import MallPhase, PhaseChanged
from game.sim.mall_public import MallPublicView
from game.sim.table import TableSim
from tests.test_table_sim import spec as table_spec


def mall_match(mode: str, players: int, seed: int = 4):
    sim, _modes = new_sim(build_spec("soldout", players, mode=mode, seed=seed))
    bots = [make_soldout_bot(s, sim, bot_seed(seed, s.seat)) for s in sim.spec.seats]
    return sim, lambda: sim.step({bot.seat: bot.command(sim) for bot in bots})


def test_the_rush_rises_when_a_side_has_one_card_to_go_and_holds_through_sold_out():
    sim, step = mall_match("rush", 2)
    view = MallPublicView(sim)
    seen = []
    while sim.phase not in ("round_over", "match_over") and sim.tick < 60 * 300:
        step()
        cue = mall_cue(sim)
        left = min(view.cards_to_go(side) for side in range(view.sides()))
        seen.append((sim.phase, left, cue))
    assert {cue.track for _, _, cue in seen} == {"rush"}
    playing = [(left, cue.intensity) for phase, left, cue in seen if phase == "playing"]
    assert playing[0] == (playing[0][0], 0.0) and playing[0][0] > 1
    assert all(intensity == (1.0 if left <= 1 else 0.0) for left, intensity in playing)
    assert any(intensity == 1.0 for _, intensity in playing)          # the round did come down to one card
    assert all(cue.intensity == 1.0 for phase, _, cue in seen if phase == "sold_out")


def test_cards_to_go_counts_what_the_screen_shows_in_every_mode():
    for mode in ("rush", "memory", "tidy"):
        sim, step = mall_match(mode, 3)
        view = MallPublicView(sim)
        start = [view.cards_to_go(side) for side in range(view.sides())]
        for _ in range(60 * 60):
            step()
        now = [view.cards_to_go(side) for side in range(view.sides())]
        assert all(0 <= n <= s for n, s in zip(now, start)), mode
        assert sum(now) < sum(start), mode                            # the bots got on with it
        if mode == "tidy":
            assert len(set(start)) == 1                               # the dressers are everyone's


def test_memory_rises_while_a_player_holds_y_to_call_sold_out():
    sim, step = mall_match("memory", 2)
    while sim.phase != "playing":
        sim.step({s.seat: Command(pressed=Button.A, held=Button.A) for s in sim.spec.seats})   # ready
    assert mall_cue(sim) == Cue("memory", 0.0)
    sim.step({0: Command(pressed=Button.Y, held=Button.Y)})
    assert mall_cue(sim) == Cue("memory", 1.0)


def test_a_timed_round_rises_in_its_last_twenty_seconds():
    sim, _step = mall_match("tidy", 2)
    sim.t = replace(sim.t, limit_ticks=30 * TICK_RATE)
    while sim.phase != "playing":
        sim.step({})
    levels = []
    while sim.phase == "playing":
        levels.append(mall_cue(sim).intensity)
        sim.step({})
    assert levels[:9 * TICK_RATE] == [0.0] * (9 * TICK_RATE)
    assert levels[-20 * TICK_RATE:] == [1.0] * (20 * TICK_RATE)


def test_the_table_rises_at_the_last_player_and_in_the_last_round_then_the_bonus_round_takes_over():
    sim = TableSim(table_spec(3, seed=2))
    bots = [CheckOutBot(i, "normal", 2, sim.tuning) for i in range(sim.n)]
    seen = []
    while not sim.over() and sim.tick < 60 * 60 * 20:
        sim.step({b.seat: b.command(sim) for b in bots})
        seen.append((sim.phase, sim.round_number(), sim.last_player() is not None,
                     sum(sim.bid_made(s) for s in range(sim.n)), table_cue(sim)))
    last = sim.rules.normal_rounds
    for phase, rnd, last_player, bids, cue in seen:
        if phase == BIDDING:
            assert cue == Cue("bonus_round", 1.0 if bids >= sim.n - 1 else 0.0)
        elif phase == BONUS:
            assert cue == Cue("bonus_round", 1.0)
        elif rnd < last:
            assert cue == Cue("table", 1.0 if last_player else 0.0)
        elif phase == FRENZY:
            assert cue == Cue("table", 1.0)
    frenzy = [(last_player, cue.intensity) for phase, rnd, last_player, _, cue in seen
              if phase == FRENZY and rnd < last]
    assert (False, 0.0) in frenzy and (True, 1.0) in frenzy
    assert [cue for phase, *_, cue in seen if phase == BIDDING][0] == Cue("bonus_round", 0.0)


# ---------------------------------------------------------------- the director follows a match
class Heard:
    """A player in game time: each piece sounds for as many ticks as it lasts, then the next is
    planned (what the director would have the mixer play, minus the audio)."""

    def __init__(self) -> None:
        self.catalogue = Catalogue.load()
        self.pieces = []
        self.left = 0
        self.level = None

    def pump(self, director) -> None:
        if self.left > 0:
            self.left -= 1
            return
        piece = director.next(lambda name: True)
        if piece is not None:
            director.started(piece)
            self.pieces.append(piece)
            self.left = self._ticks(piece) - 1

    def _ticks(self, piece) -> int:
        if piece.kind is Kind.JINGLE:
            return round(self.catalogue.jingles[piece.name].seconds * TICK_RATE)
        return round(piece.beats * 60 * TICK_RATE / self.catalogue.tracks[piece.name].bpm)

    def prepare(self, names) -> None:
        pass

    def set_level(self, level: float) -> None:
        self.level = level

    def stop(self, director) -> None:
        director.stopped()


class Scene:
    def __init__(self, name, cue=None) -> None:
        self.name, self.cue = name, cue

    def music_cue(self):
        return self.cue() if self.cue else None


def test_a_rush_round_drives_the_music_from_calm_to_drive_to_the_sold_out_jingle_to_the_results():
    sim, step = mall_match("rush", 2, seed=7)
    heard = Heard()
    music = Music(0.7, heard, MusicTable({"soldout_results": "results"}, jingles={"sold_out": "sold_out"}),
                  Catalogue.load())
    mall = Scene("mall", lambda: mall_cue(sim))
    while sim.phase not in ("round_over", "match_over"):
        step()
        if PhaseChanged(MallPhase.SOLD_OUT) in sim.events:
            music.effect_played("sold_out")          # the scene plays the effect; its jingle follows
        music.follow([mall])
    for _ in range(6 * TICK_RATE):
        music.follow([mall, Scene("soldout_results")])
    kinds = [(p.kind, p.name, p.drive[1]) for p in heard.pieces]
    full = kinds.index((Kind.TRACK, "rush", 1.0))
    jingle = kinds.index((Kind.JINGLE, "sold_out", 0.0))
    results = kinds.index((Kind.TRACK, "results", 0.0))
    assert 0 < full < jingle < results == jingle + 1
    rising = next(i for i, p in enumerate(heard.pieces) if p.drive[1] > 0)
    assert all(k == (Kind.TRACK, "rush", 0.0) for k in kinds[:rising])
    assert [p.drive[1] for p in heard.pieces[rising:full + 1]] == sorted(p.drive[1] for p in heard.pieces[rising:full + 1])
    ramp = heard.pieces[full]
    assert (ramp.entry + ramp.end) % 4 == 0 and full - rising < 4            # fully in on the next downbeat


# ---------------------------------------------------------------- presentation only
@pytest.fixture
def ctx(ctx):
    from tests.gamectx import mark_howto_seen
    mark_howto_seen()
    return ctx


def _hash_after(ctx, game: str, listening: bool, ticks: int) -> tuple[str, int]:
    """Play a match in its scene through the app's own tick (input, scenes, audio), bots in
    every seat; with the music listening or not."""
    from game import app
    from game.scenes import registry
    heard = Heard()
    ctx.audio.music = Music(0.7, heard if listening else None)
    spec = build_spec(game, 3, seed=5, mode="rush" if game == "soldout" else None)
    registry.start_game(ctx, spec)
    ctx.stack.apply()
    scene = ctx.stack.top
    for _ in range(ticks):
        app.tick(ctx)
    return scene.sim.state_hash(), len(heard.pieces)


@pytest.mark.parametrize("game", ["soldout", "checkout"])
def test_the_state_hash_is_the_same_with_the_music_listening_or_not(ctx, game):
    quiet, none_heard = _hash_after(ctx, game, False, 900)
    while ctx.stack.scenes:
        ctx.stack.pop()
        ctx.stack.apply()
    listened, pieces = _hash_after(ctx, game, True, 900)
    assert none_heard == 0 and pieces > 20           # the music really did follow the match
    assert listened == quiet
