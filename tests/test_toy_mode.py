"""A mode is one module, and so is a rule family: this file writes two Sold Out! modes of its own,
registers them and plays them with no change anywhere else in the game.

- Small Bags: a mode of the Rush's family with a deal of its own, played headless end to end
  (the command line's --mode choice, bots, replay, results JSON), offered in the lobby and in
  speedrun categories.
- Blind Rush: a new rule family, the Rush played from memory (the list is studied, then hidden
  until the results, while cards are carried to the Starting Table). Every layer asks the family
  what differs, so it plays in the window, headless, as a speedrun, in the warm-up and in the
  attract loop, and its bots never see the hidden list."""
import io
import json
import random
from contextlib import redirect_stdout
from dataclasses import dataclass

import pygame
import pytest

from game.match.games import LIKELY_SEATS
from game.rules.soldout import Catalogue, Deal, load_catalogue, modes
from game.rules.soldout.deal import deal_lists
from game.rules.soldout.rush import RUSH, RushRules


@dataclass(frozen=True)
class SmallBags(modes.Mode):
    """The Rush with two 1-bag objective cards per list instead of a 1-bag and a 2-bag one."""

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        standard = deal_lists(catalogue, sides, rng)
        ones = catalogue.objectives_with_bags(1)
        rng.shuffle(ones)
        return Deal(standard.piles, tuple((ones[2 * s], ones[2 * s + 1]) for s in range(sides)), ())


TOY = SmallBags("smallbags", "Small Bags", RUSH, howto="rush", in_cycle=False)


class BlindRushRules(RushRules):
    """The Rush from memory: the list is on show in a study phase before play, then hidden until
    the results; a taken card is carried to the side's objective cards on the Starting Table."""

    name = "Blind Rush"
    studies_list = True


BLIND = modes.Mode("blindrush", "Blind Rush", BlindRushRules(), howto="rush", in_cycle=False, demo_players=3)


@pytest.fixture
def toy_mode():
    modes.register(TOY)
    yield TOY
    modes.unregister(TOY.key)


def _cli(args: list[str]) -> tuple[int, str]:
    from game.app import main
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(args)
    return code or 0, out.getvalue()


def test_toy_mode_plays_headless_through_the_command_line(toy_mode, tmp_path):
    record = tmp_path / "toy.replay"
    code, out = _cli(["--headless", "--game", "soldout", "--mode", "smallbags", "--bots", "3",
                      "--seed", "5", "--json", "--record", str(record)])
    assert code == 0
    result = json.loads(out)
    assert result["mode"] == "smallbags" and [r["mode"] for r in result["rounds"]] == ["smallbags"]
    assert result["winners"] and result["ticks"] > 0
    scored = [card for p in result["rounds"][0]["players"] for card in p["scored"]]
    catalogue = load_catalogue()
    assert scored and all(catalogue.objectives[c].bags == 1 for c in scored)   # the toy's own deal
    # The recorded replay plays back to the same end.
    code, again = _cli(["--replay", str(record), "--headless", "--json"])
    assert code == 0 and json.loads(again)["state_hash"] == result["state_hash"]


def test_toy_mode_is_offered_wherever_modes_are_listed(toy_mode):
    from game.app.tournament import game_modes
    assert "smallbags" in modes.choices() and modes.display_name("smallbags") == "Small Bags"
    assert "smallbags" in game_modes("soldout")
    assert "smallbags" not in modes.cycle()    # "choose each round" keeps its three modes


def test_the_lobby_offers_the_toy_mode(toy_mode, ctx):
    from game.scenes.menus.lobby import LobbyScene
    lobby = LobbyScene(ctx)
    seen = []
    for _ in range(len(modes.choices())):
        lobby._cycle_mode(1)
        seen.append(lobby._mode_text())
    assert "Small Bags" in seen and "Choose each round" in seen


def test_a_speedrun_category_may_use_the_toy_mode(toy_mode, tmp_path):
    from game.speedrun.categories import CategoryError, load_categories
    entry = ('[[category]]\nid = "bags"\nname = "Bags"\ngame = "soldout"\nmode = "{}"\n'
             'level = "boutique.tmx"\nset_seeds = [1]\n')
    (tmp_path / "ok.toml").write_text(entry.format("smallbags"), encoding="utf-8")
    assert load_categories(tmp_path / "ok.toml")["bags"].mode == "smallbags"
    (tmp_path / "bad.toml").write_text(entry.format("nosuchmode"), encoding="utf-8")
    with pytest.raises(CategoryError, match="nosuchmode"):
        load_categories(tmp_path / "bad.toml")


def test_an_unregistered_mode_is_refused_by_the_command_line():
    from game.app.cli import UsageError, parse_args
    with pytest.raises(UsageError, match="smallbags"):
        parse_args(["--headless", "--mode", "smallbags"])


# ----------------------------------------------------------------- Blind Rush: a new rule family
@pytest.fixture
def blind_mode():
    modes.register(BLIND)
    yield BLIND
    modes.unregister(BLIND.key)


@pytest.fixture
def window(blind_mode, ctx, user_dir):
    """The game's context with every how-to card seen (Blind Rush's too)."""
    from tests.gamectx import mark_howto_seen
    mark_howto_seen()
    return ctx


def _bots(players: int):
    from game.match.spec import SeatSpec
    return tuple(SeatSpec(i, f"Bot{i}", "bot", "hard") for i in range(players))


def test_the_new_family_plays_headless_and_replays(blind_mode, tmp_path):
    record = tmp_path / "blind.replay"
    code, out = _cli(["--headless", "--game", "soldout", "--mode", "blindrush", "--bots", "3",
                      "--seed", "7", "--json", "--record", str(record)])
    assert code == 0
    result = json.loads(out)
    assert [r["mode"] for r in result["rounds"]] == ["blindrush"] and result["ticks"] > 0
    assert any(p["scored"] for p in result["rounds"][0]["players"])   # bots play it from what they recalled
    code, again = _cli(["--replay", str(record), "--headless", "--json"])
    assert code == 0 and json.loads(again)["state_hash"] == result["state_hash"]


def test_the_new_family_studies_then_hides_the_list_from_players_and_bots(blind_mode):
    """The mall opens on the study phase; in play the seat's view shows no list, and re-dealing the
    side's objective cards (to others of the same size) changes nothing a seat or its bot sees."""
    import copy

    from tests.test_seat_view import _answers, _played
    from game.sim.mall_events import MallPhase
    sim = _played("blindrush", 3, 0, seed=6)
    assert sim.phase == MallPhase.STUDY and sim.seat_view(0).shopping_list() == sim.shopping_list(0)
    sim = _played("blindrush", 3, 60 * 60, seed=6, until=lambda sim: sum(map(len, (
        s.placed for t in sim.round.tables for s in t))) >= 2)
    assert sim.phase == MallPhase.PLAYING
    for seat in sim.seats:
        view = sim.seat_view(seat)
        assert view.shopping_list() == [] and all(card is None for card, *_ in view.side_objectives())
        other = copy.deepcopy(sim)
        rnd = other.round
        used = {s.card for t in rnd.tables for s in t}
        spare = {bags: [c for c in rnd.catalogue.objectives_with_bags(bags) if c not in used] for bags in (1, 2)}
        for slot in rnd.tables[rnd.side(view.player)]:
            slot.card = spare[rnd.catalogue.objectives[slot.card].bags].pop()
        assert _answers(other.seat_view(seat), other) == _answers(view, sim)


def test_the_new_family_plays_in_the_window(window):
    """Through the game's own tick and draw: the study phase, play with the list face down in the
    panels, SOLD OUT! and the round's results."""
    from game import app
    from game.match.spec import MatchSpec
    from game.rules.soldout.options import SoldOutOptions
    from game.scenes import registry
    ctx = window
    registry.start_game(ctx, MatchSpec("soldout", _bots(3), seed=4, options=SoldOutOptions(mode="blindrush", rounds=1)))
    ctx.stack.apply()
    mall = ctx.stack.top
    surface = pygame.Surface((1280, 720))
    phases, hidden = {mall.sim.phase}, False
    for tick in range(60 * 150):
        app.tick(ctx)
        if tick % 30 == 0:
            app.draw(ctx, surface, 0.0)
        phases.add(mall.sim.phase)
        if mall.sim.phase == "playing":
            hidden = hidden or all(item is None for items, _b, _p in mall.hud.bodies.groups(mall.sim, 0) for item in items)
        if ctx.stack.top.name == "soldout_results":
            break
    assert {"study", "countdown", "playing"} <= phases and hidden
    results = ctx.stack.top
    assert results.name == "soldout_results"
    for _ in range(60):
        app.tick(ctx)
    app.draw(ctx, surface, 0.0)
    assert results.shown.mode() == "blindrush" and results.shown.cause()


def test_the_new_family_runs_as_a_speedrun(window, tmp_path):
    from game import app
    from game.scenes.speedrun.run import SpeedrunRunScene
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    (tmp_path / "cats.toml").write_text('[[category]]\nid = "blind"\nname = "Blind"\ngame = "soldout"\n'
                                        'mode = "blindrush"\nlevel = "boutique.tmx"\nset_seeds = [3]\n',
                                        encoding="utf-8")
    category = load_categories(tmp_path / "cats.toml")["blind"]
    ctx = window
    run = SpeedrunRunScene(ctx, make_setup(category, "set"), records=Records(), demo=True)
    ctx.stack.push(run)
    ctx.stack.apply()
    assert run.session.course.split_names()[-1] == "SOLD OUT!"
    surface = pygame.Surface((1280, 720))
    for tick in range(60 * 120):
        app.tick(ctx)
        if tick % 60 == 0:
            app.draw(ctx, surface, 0.0)
        if run.session.over:
            break
    outcome = run.session.outcome
    assert outcome is not None and outcome.complete, outcome


def test_the_new_family_is_warmed_up(window):
    """The rehearsals queue the new mode at every seat count; one runs to its results."""
    from game.core.warm import Warmer
    from game.scenes import warmup
    queued: dict[str, object] = {}
    warmer = Warmer()
    warmer.add = queued.__setitem__          # type: ignore[method-assign]   # note the jobs, run one
    warmup.queue_rehearsals(warmer, window)
    assert {f"mall {n} blindrush" for n in LIKELY_SEATS} <= set(queued)
    job = queued["mall 4 blindrush"]
    steps = 1
    while job() and steps < 2000:
        steps += 1
    assert 1 < steps < 2000


def test_the_new_family_is_shown_in_the_attract_loop(window):
    from game.scenes import attract
    playlist = attract.demos()
    assert ("soldout", "blindrush", 3) in playlist
    scene = attract.AttractScene(window)
    scene.index = playlist.index(("soldout", "blindrush", 3)) - 1
    scene._next_demo()
    assert scene.demo.sim.mode == "blindrush"
    surface = pygame.Surface((1280, 720))
    for tick in range(attract.MAX_DEMO_TICKS):
        scene.update({})
        if tick % 60 == 0:
            scene.draw(surface, 0.0)
        if scene.demo.demo_over():
            break
    assert scene.demo.sim.phase in ("round_over", "match_over")
