"""Helpers for tests that build a game context (the `ctx` fixture itself is in conftest.py)."""
from __future__ import annotations

import pygame


def fresh_pygame() -> None:
    """Another test may have quit pygame: fonts and text cached from before would be dead."""
    from game.render import icons
    pygame.init()
    icons.font.cache_clear()
    for cached in (icons._text, icons._outlined, icons._seat_shape):
        cached.cache_clear()


def mark_howto_seen() -> None:
    """Every how-to card counts as seen (so no card covers the scene under test)."""
    from game.rules.soldout import modes
    from game.scenes.menus.howto import mark_seen
    for card in (*(modes.get(m).howto for m in modes.keys()), "checkout"):
        mark_seen(card)


def played_mall(ctx, players: int, mode: str, ticks: int, seed: int = 3, level: str | None = None, teams: int = 0):
    """A demo Sold Out! round (bots in every seat; in `teams` teams if asked) on the stack, `ticks`
    ticks in (on `level`, or the one Auto picks)."""
    import dataclasses

    from game.scenes.mall.scene import demo_spec, piloted_mall
    spec = demo_spec(players, mode, seed, teams=teams)
    scene = piloted_mall(ctx, dataclasses.replace(spec, options=dataclasses.replace(spec.options, level=level)))
    ctx.stack.push(scene)
    ctx.stack.apply()
    for _ in range(ticks):
        ctx.stack.update({})
        ctx.stack.apply()
    return scene
