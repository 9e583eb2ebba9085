"""Scenes live on a stack; the top one gets input, the ones below may still draw.

A scene never pushes or pops directly: it asks the stack, and the stack applies
the change at the end of the tick (so nothing changes mid-iteration).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

if TYPE_CHECKING:
    import pygame

    from game.core.context import Context
    from game.match.commands import Command
    from game.music.cues import Cue


class Scene:
    """Base scene. Override what you need.

    opaque: False for overlays (pause): the stack draws the scene below first.
    welcomes_new_pads: True where play can stop for an unknown controller's set-up (menus).
    """

    opaque: bool = True
    name: str = "scene"
    welcomes_new_pads: bool = False   # a new controller may be set up over it (game.scenes.pads.newcomers)

    def __init__(self, ctx: "Context") -> None:
        self.ctx = ctx

    # Life cycle hooks, called by the stack.
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...     # another scene was pushed on top
    def resume(self) -> None: ...    # the scene on top was popped

    def handle_event(self, event: "pygame.event.Event") -> None:
        """Raw pygame events (text entry, rebinding). Gameplay reads commands instead."""

    def update(self, commands: dict[int, "Command"]) -> None:
        """One fixed tick. `commands` maps seat index -> Command for this tick;
        menus before seats exist get the merged command of every device as seat -1."""

    def draw(self, surface: "pygame.Surface", alpha: float) -> None:
        """Draw the current state; alpha in [0, 1) interpolates between the last two ticks."""

    def idle(self, until: float) -> None:
        """Work that can wait until the picture is presented (art rendered ahead of need), done
        while `time.perf_counter()` is before `until`; the window calls it after each present,
        so it never delays the picture of a press."""

    def toast_zone(self) -> "pygame.Rect | None":
        """Where toasts may be drawn over this scene: clear of every player's panel, timer and score.
        None: the shell's default (over the hint bar, or along the top over an overlay)."""
        return None

    def picture_key(self) -> Hashable | None:
        """What this scene's picture depends on, for the window loop to skip presenting a frame
        that would look the same (game/core/present.py); None: unknown, draw every frame."""
        return None

    def music_cue(self) -> "Cue | None":
        """The music this scene asks for itself (game/music/cues.py). None: the music table's
        track for the scene's name, if it names one, else what the scene below asks for."""
        return None
