"""Career unlocks (game/scenes/unlocks.py): shoppers kept for career stars. The lobby never lets a
seat pick one before the verified stars reach its `unlock_stars`, does once they do, a progress
file's claims unlock nothing its replays do not earn, and the career result names a new unlock."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.career import progress
from game.scenes import unlocks
from game.career.challenges import load_career
from game.career.worlds import play
from game.files.register import CAREER_PROGRESS
from game.match.commands import Button, Command
from game.match.seats import LobbySeat
from game.render import cast
from game.scenes.menus.career import CareerResult, CareerScene
from game.scenes.menus.lobby import LobbyScene

CAREER = load_career()
FIRST = CAREER.challenges()[0]


def _locked_ones() -> list[cast.Character]:
    return [c for c in cast.cast() if c.unlock_stars > 0]


def _lobby(ctx, monkeypatch, stars: int) -> LobbyScene:
    """A lobby whose career has `stars` verified stars, with a bot in seat 1 to dress."""
    monkeypatch.setattr(unlocks, "verified_stars", lambda: stars)
    lobby = LobbyScene(ctx)
    ctx.seats[:] = [LobbySeat(0, "bot")]
    lobby.picked = 0
    return lobby


def _visit_all(lobby: LobbyScene) -> tuple[set[str], set[str]]:
    """Step the Character row once round the cast: the ids it picked and those it only showed."""
    picked: set[str] = set()
    shown: set[str] = set()
    for _k in range(len(cast.cast())):
        lobby._cycle_character(1)
        picked.add(lobby.ctx.seats[0].character or "")
        shown.add(lobby.peek.get(0, ""))
    return picked, shown - {""}


def test_the_cast_has_characters_to_unlock_and_none_is_a_seats_default():
    assert len(_locked_ones()) >= 3
    defaults = cast.of_seats(range(6))
    assert all(c.unlock_stars == 0 for c in defaults.values())
    assert all(cast.default_for(seat).unlock_stars == 0 for seat in range(12))


def test_a_locked_shopper_is_shown_with_its_stars_but_cannot_be_picked(ctx, monkeypatch):
    lobby = _lobby(ctx, monkeypatch, stars=0)
    picked, shown = _visit_all(lobby)
    locked = {c.id for c in _locked_ones()}
    assert shown == locked and not picked & locked
    gus = cast.character("gus")
    lobby.peek[0] = gus.id
    assert lobby._character_text() == f"Gus · {gus.unlock_stars} stars to unlock"
    assert lobby.shoppers()[0].id not in locked        # the seat keeps a shopper it may play


def test_a_choice_of_a_locked_shopper_made_elsewhere_is_not_played(ctx, monkeypatch):
    lobby = _lobby(ctx, monkeypatch, stars=0)
    ctx.seats[0].character = "ziggy"                     # e.g. kept from a session whose stars were lost
    assert lobby.shoppers()[0].id != "ziggy"
    lobby.stars = cast.character("ziggy").unlock_stars
    assert lobby.shoppers()[0].id == "ziggy"


def test_a_shopper_is_picked_once_the_stars_reach_it(ctx, monkeypatch):
    gus = cast.character("gus")
    lobby = _lobby(ctx, monkeypatch, stars=gus.unlock_stars)
    picked, shown = _visit_all(lobby)
    assert "gus" in picked and "gus" not in shown
    assert {c.id for c in _locked_ones() if c.unlock_stars > gus.unlock_stars} == shown
    while ctx.seats[0].character != "gus":
        lobby._cycle_character(1)
    assert lobby.shoppers()[0].id == "gus" and lobby._character_text() == "Gus"


def test_stars_judged_while_the_lobby_is_open_count_at_the_next_step(ctx, monkeypatch):
    lobby = _lobby(ctx, monkeypatch, stars=0)
    while "gus" not in lobby.peek.values():
        lobby._cycle_character(1)
    lobby._cycle_character(-1)
    monkeypatch.setattr(unlocks, "verified_stars", lambda: cast.character("gus").unlock_stars)
    lobby._cycle_character(1)
    assert ctx.seats[0].character == "gus" and not lobby.peek


def _judge_all() -> int:
    for _step in progress.warm(CAREER):
        pass
    return unlocks.verified_stars()


def test_a_tampered_progress_file_unlocks_nothing():
    for challenge in CAREER.challenges()[1:5]:      # 12 stars claimed, backed by no real replay
        data = {"version": 1, "challenge": challenge.id, "runs": [{"stars": [0, 1, 2], "replay": "{}"}]}
        CAREER_PROGRESS.save(data, f"{challenge.id}.json")
    lost = next(o for o in (play(FIRST, FIRST.seed + k, "easy") for k in range(20)) if not o.stars)
    assert lost.replay is not None                 # a real replay that earns nothing, claiming all three
    data = {"version": 1, "challenge": FIRST.id, "runs": [{"stars": [0, 1, 2], "replay": lost.replay}]}
    CAREER_PROGRESS.save(data, f"{FIRST.id}.json")
    assert unlocks.verified_stars() == 0            # nothing judged yet: nothing counts
    assert _judge_all() == 0
    assert unlocks.locked(0) == tuple(sorted(_locked_ones(), key=lambda c: c.unlock_stars))


def test_verified_stars_count_what_the_replays_earn():
    won = next(o for o in (play(FIRST, FIRST.seed + k, "expert") for k in range(5)) if o.stars)
    assert progress.record(won)[1] is None
    assert _judge_all() == len(won.stars)
    assert progress.load(CAREER).of(FIRST.id) == frozenset(won.stars)


def test_newly_unlocked_names_only_what_crossing_the_threshold_opens():
    gus = cast.character("gus")
    assert unlocks.newly_unlocked(gus.unlock_stars - 1, gus.unlock_stars) == (gus,)
    assert unlocks.newly_unlocked(gus.unlock_stars, gus.unlock_stars + 1) == ()
    assert set(unlocks.newly_unlocked(0, 1000)) == set(_locked_ones())


@pytest.fixture
def gus_at_one_star(monkeypatch):
    """The cast with Gus unlocked by the first star (one challenge's win crosses it)."""
    patched = tuple(dataclasses.replace(c, unlock_stars=1) if c.id == "gus" else c for c in cast.cast())
    monkeypatch.setattr(cast, "cast", lambda: patched)
    return next(c for c in patched if c.id == "gus")


def test_the_career_result_names_a_new_unlock_and_where_to_pick_it(ctx, gus_at_one_star):
    scene = CareerScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    won = next(o for o in (play(FIRST, FIRST.seed + k, "expert") for k in range(5)) if o.stars)
    assert won.replay is not None
    scene.finished(FIRST, won.replay)
    scene.resume()
    ctx.stack.apply()
    result = ctx.stack.top
    assert isinstance(result, CareerResult) and result.unlocked == (gus_at_one_star,)
    lines = result.unlock_lines()
    assert "Gus" in lines[0] and "lobby" in lines[1] and "Character" in lines[1]
    surface = pygame.Surface((1280, 720))
    press = {0: Command(pressed=Button.A)}
    result.update(press)                     # the goals first, then the unlock
    assert result.showing_unlocks and ctx.stack.top is result
    result.draw(surface, 0.0)
    result.update(press)
    ctx.stack.apply()
    assert ctx.stack.top is scene


def test_a_second_win_of_the_same_stars_unlocks_nothing_again(ctx, gus_at_one_star):
    scene = CareerScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    won = next(o for o in (play(FIRST, FIRST.seed + k, "expert") for k in range(5)) if o.stars)
    assert won.replay is not None
    for expected in ((gus_at_one_star,), ()):
        scene.finished(FIRST, won.replay)
        scene.resume()
        ctx.stack.apply()
        assert isinstance(ctx.stack.top, CareerResult) and ctx.stack.top.unlocked == expected
        ctx.stack.pop()
        ctx.stack.apply()


def test_the_title_and_the_lobby_open_without_reading_the_career_again(ctx, monkeypatch):
    """Both count the career's stars as they open; the career file was read and checked again each
    time (a TOML parse and a search of the levels folders per challenge: most of their first frame,
    6-8 ms). Read once a process, while the file stays the same."""
    from game.career import challenges
    from game.scenes.menus.title import TitleScene
    TitleScene(ctx)                           # the game's first title reads it
    built: list[str] = []
    real = challenges._chapter
    monkeypatch.setattr(challenges, "_chapter", lambda raw: built.append(raw["id"]) or real(raw))
    title = TitleScene(ctx)
    title.resume()
    LobbyScene(ctx)
    assert built == []
    from pathlib import Path
    from game import asset
    assert load_career() == load_career(Path(asset(challenges.CAREER_FILE)))   # as a fresh read of the file
