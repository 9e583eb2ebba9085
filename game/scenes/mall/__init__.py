"""The mall (Sold Out!): the scene, its picture, its results.

The public face below is what the other scene packages may use (loaded on first use)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.registry import public_face

if TYPE_CHECKING:
    from game.scenes.mall.layout import compute_layout
    from game.scenes.mall.picture import MallPicture, level_surface
    from game.scenes.mall.mode_choice import ModeChoiceScene
    from game.scenes.mall.overlay import stamps_ahead
    from game.scenes.mall.results import SoldOutResultsScene
    from game.scenes.mall.round_end import soldout_results
    from game.scenes.mall.scene import MallScene, open_mall, piloted_mall
    from game.scenes.mall.sounds import play_sounds

_FACE = {"MallPicture": "picture", "MallScene": "scene", "ModeChoiceScene": "mode_choice", "SoldOutResultsScene": "results", "compute_layout": "layout", "level_surface": "picture", "open_mall": "scene", "piloted_mall": "scene", "play_sounds": "sounds", "soldout_results": "round_end", "stamps_ahead": "overlay"}
__all__ = ["MallPicture", "MallScene", "ModeChoiceScene", "SoldOutResultsScene", "compute_layout", "level_surface", "open_mall", "piloted_mall", "play_sounds", "soldout_results", "stamps_ahead"]
__getattr__ = public_face(__name__, _FACE)
