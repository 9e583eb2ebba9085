"""A quick fade between full-screen scenes that also hides a new scene's first frame.

When the scene the stack draws from (the highest opaque one) changes, the last
frame of the old scene fades to black, then the new scene fades in: 0.3 s in
all. The new scene is not shown until the screen is fully black, and its first
frame is drawn under a black veil, so a frame that fills caches or shows a
half-set-up state is never seen. Overlays (pause, menus over a game) are not
faded: they appear at once, as a button press expects.

Time is counted in the loop's ticks plus the render alpha, like every other
animation; drawing reads the stack and never changes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import TICK_RATE

if TYPE_CHECKING:
    from game.core.stack import SceneStack

FADE_SECONDS = 0.3
HALF_TICKS = FADE_SECONDS * TICK_RATE / 2


def base_scene(stack: "SceneStack") -> object | None:
    """The scene drawing starts from (as SceneStack.draw decides it)."""
    drawn = stack.drawn()
    return drawn[0] if drawn else None


class SceneFade:
    def __init__(self) -> None:
        self.base: object | None = None
        self.old: pygame.Surface | None = None      # the old scene's last frame
        self.start = 0.0
        self.shown_new = False
        self._kept: pygame.Surface | None = None    # the buffer `old` is copied into, reused

    @property
    def active(self) -> bool:
        return self.old is not None

    def draw(self, stack: "SceneStack", surface: pygame.Surface, tick: int, alpha: float) -> None:
        """Draw the stack at tick + alpha, fading across a change of scene."""
        now = tick + alpha
        base = base_scene(stack)
        if base is not self.base:
            if self.base is not None and base is not None:
                # The surface still holds the last frame shown: that is what fades out. This is
                # the frame of the change, which also builds the new scene: it does no more than
                # keep that picture (into a buffer reused from the last change, not a new copy).
                self.old = self._keep(surface)
                self.start = now
                self.shown_new = False
                self.base = base
                return
            self.base = base
        if self.old is None:
            stack.draw(surface, alpha)
            return
        t = now - self.start
        if t < HALF_TICKS:
            surface.blit(self.old, (0, 0))
            self._darken(surface, t / HALF_TICKS)
            return
        stack.draw(surface, alpha)
        if not self.shown_new:      # the new scene's first frame stays under full black
            self.shown_new = True
            self._darken(surface, 1.0)
            return
        if t >= 2 * HALF_TICKS:
            self.old = None
            return
        self._darken(surface, 1.0 - (t - HALF_TICKS) / HALF_TICKS)

    def make_buffer(self, surface: pygame.Surface | None) -> None:
        """Make the buffer the next change keeps the last frame in, ahead (a warm-up job of the idle
        title): the frame of the first change then copies into it instead of allocating a screen's
        worth (a new 1280x720 copy was ~2 ms of the title's first frame). Never while a fade runs:
        the buffer is the picture fading out."""
        if surface is not None and not self.active:
            self._keep(surface)

    def _keep(self, surface: pygame.Surface) -> pygame.Surface:
        kept = self._kept
        if kept is None or kept.get_size() != surface.get_size() or kept.get_bitsize() != surface.get_bitsize():
            kept = self._kept = surface.copy()
        else:
            kept.blit(surface, (0, 0))
        return kept

    def _darken(self, surface: pygame.Surface, amount: float) -> None:
        # A multiplying fill: one pass over the screen, a third of the cost of blitting a
        # translucent black veil over it.
        keep = 255 - max(0, min(255, round(255 * amount)))
        if keep == 0:
            surface.fill((0, 0, 0))
        elif keep < 255:
            surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
