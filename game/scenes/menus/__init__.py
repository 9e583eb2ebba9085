"""Menus: the title, lobby, settings, how-to cards, pause and the stats.

The public face below is what the other scene packages may use (loaded on first use)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.registry import public_face

if TYPE_CHECKING:
    from game.scenes.menus.howto import push_howto, push_howto_once
    from game.scenes.menus.pause import PauseScene, wants_pause
    from game.scenes.menus.stats import StatsScene
    from game.scenes.menus.title import TitleScene

_FACE = {"PauseScene": "pause", "StatsScene": "stats", "TitleScene": "title", "push_howto": "howto",
         "push_howto_once": "howto", "wants_pause": "pause"}
__all__ = ["PauseScene", "StatsScene", "TitleScene", "push_howto", "push_howto_once", "wants_pause"]
__getattr__ = public_face(__name__, _FACE)
