"""Pads: what a player's own pad feels (rumble) and their avatar shows (find me), button names per
pad family and keyboard half, the reconnect overlay and the set-up wizard for a pad SDL cannot map.

The public face below is what the other scene packages may use (loaded on first use)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.registry import public_face

if TYPE_CHECKING:
    from game.scenes.pads.feel import Rumbler, find_me_age, pulse_rings
    from game.scenes.pads.newcomers import offer_setup
    from game.scenes.pads.reconnect import ReconnectScene, needs_reconnect
    from game.scenes.pads.setup import PadSetupScene
    from game.scenes.pads.sync import keyboard_keys, keys_in_play, pad_binding, seat_keys, seat_labels, sharing_a_keyboard, sync_pads

_FACE = {"PadSetupScene": "setup", "ReconnectScene": "reconnect", "Rumbler": "feel", "find_me_age": "feel", "keyboard_keys": "sync", "keys_in_play": "sync", "needs_reconnect": "reconnect", "offer_setup": "newcomers", "pad_binding": "sync", "pulse_rings": "feel", "seat_keys": "sync", "seat_labels": "sync", "sharing_a_keyboard": "sync", "sync_pads": "sync"}
__all__ = ["PadSetupScene", "ReconnectScene", "Rumbler", "find_me_age", "keyboard_keys", "keys_in_play", "needs_reconnect", "offer_setup", "pad_binding", "pulse_rings", "seat_keys", "seat_labels", "sharing_a_keyboard", "sync_pads"]
__getattr__ = public_face(__name__, _FACE)
