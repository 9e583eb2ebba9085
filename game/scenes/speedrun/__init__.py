"""Speedruns: the menu, the run scenes in the mall and at the table, pause, results, attempts and
practice, saved runs and run codes, the LiveSplit link and its settings.

The public face below is what the other scene packages may use (loaded on first use)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.registry import public_face

if TYPE_CHECKING:
    from game.scenes.speedrun.link import close_link
    from game.scenes.speedrun.run import SpeedrunRunScene
    from game.scenes.speedrun.table import SpeedrunTableScene

_FACE = {"SpeedrunRunScene": "run", "SpeedrunTableScene": "table", "close_link": "link"}
__all__ = ["SpeedrunRunScene", "SpeedrunTableScene", "close_link"]
__getattr__ = public_face(__name__, _FACE)
