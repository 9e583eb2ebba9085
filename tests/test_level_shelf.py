"""The player's levels read off the game thread (issue #39): 200 levels made the lobby open in 4.8 s
and the title's warm-up finish 9 s later. The lobby now lists them at once and fills each card in
as the level shelf's thread reads it."""
from __future__ import annotations

import time

import pygame
import pytest

from game.files import level_shelf, levels
from game.files.level_shelf import SHELF
from game.files.register import PLAYER_LEVELS
from game.scenes.menus import level_card
from game.scenes.menus.lobby import LobbyScene

MANY = 1000


@pytest.fixture
def many_levels(monkeypatch: pytest.MonkeyPatch) -> int:
    """A levels folder of 1,000 levels (copies of a shipped one), none read yet."""
    monkeypatch.setattr(levels, "_LOADED", {})
    for path in levels.list_levels():
        levels.shipped_entry(path)            # the title's warm-up reads these
    text = (levels.LEVELS_DIR / "galleria.tmx").read_bytes()
    folder = PLAYER_LEVELS.folder_path()
    for n in range(MANY):
        (folder / f"shop_{n:04}.tmx").write_bytes(text)
    return min(MANY, levels.MAX_USER_LEVELS)


def test_a_folder_of_a_thousand_levels_opens_the_lobby_within_a_frame(ctx, many_levels: int) -> None:
    start = time.thread_time()
    lobby = LobbyScene(ctx)
    opened = time.thread_time() - start
    assert opened < 0.15, f"{opened * 1000:.0f} ms of the game thread's CPU to open the lobby"
    own = [e for e in lobby.levels.values() if not e.shipped]
    assert len(own) == many_levels and any(e.pending for e in own)
    assert SHELF.wait()
    lobby.take_read_levels()
    own = [e for e in lobby.levels.values() if not e.shipped]
    assert len(own) == many_levels and not any(e.pending or e.problem for e in own)
    assert all(e.level is not None for e in own)


def test_a_level_still_being_read_says_so_and_starts_when_chosen(ctx, many_levels: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(level_shelf, "READ_NOW_SECONDS", 0.0)
    lobby = LobbyScene(ctx)
    SHELF.wait()                  # the thread done; the lobby has not looked yet: its entries still pending
    waiting = next(e for e in lobby.levels.values() if e.pending)
    broken: list[object] = []
    monkeypatch.setattr(level_card, "_broken", lambda *args: broken.append(args))
    level_card.draw(pygame.Surface((1280, 720)), ctx.ui, pygame.Rect(40, 140, 584, 526), waiting, False,
                    lobby.thumbnails, ctx.seats, "levels")
    assert broken == []           # "Reading this level", not "This level cannot be played"
    lobby.add_bot()
    lobby.add_bot()
    lobby.choose("level", waiting.key)
    assert lobby.start_problem() is None
    assert not lobby.levels[waiting.key].pending and lobby.levels[waiting.key].level is not None


def test_the_warm_up_hands_the_players_levels_to_the_thread(ctx, many_levels: int) -> None:
    from game.scenes import warmup
    start = time.thread_time()
    for _ in warmup.rehearse_lobby():
        pass
    assert time.thread_time() - start < 0.15
    assert SHELF.wait()
    lobby = LobbyScene(ctx)
    assert not any(e.pending for e in lobby.levels.values())
