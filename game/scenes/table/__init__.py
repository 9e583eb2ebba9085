"""The dice table (Check Out!): the scene, its picture, its results.

The public face below is what the other scene packages may use (loaded on first use)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.registry import public_face

if TYPE_CHECKING:
    from game.scenes.table.picture import TablePicture
    from game.scenes.table.match_end import checkout_results
    from game.scenes.table.results import CheckoutResultsScene
    from game.scenes.table.scene import TableScene, open_table, set_table_keys
    from game.scenes.table.sounds import table_sounds

_FACE = {"CheckoutResultsScene": "results", "TablePicture": "picture", "TableScene": "scene", "checkout_results": "match_end", "open_table": "scene", "set_table_keys": "scene", "table_sounds": "sounds"}
__all__ = ["CheckoutResultsScene", "TablePicture", "TableScene", "checkout_results", "open_table", "set_table_keys", "table_sounds"]
__getattr__ = public_face(__name__, _FACE)
