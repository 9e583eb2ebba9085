"""When the window loop draws and presents a frame, and how it waits when it does not.

Presenting (display.flip: upload, scale, swap) is most of a menu frame's cost in a real
window. A scene that can say what its picture depends on answers `picture_key() -> Hashable`;
when every scene drawn this frame has one and none changed, the frame is neither drawn nor
presented: an idle title costs a few ticks a second, not a full 60 Hz present. A scene
answering None (the Scene default) is drawn and presented every frame, as before. Toasts and the debug
overlay change every tick, so they present every frame while shown; a window event (shown,
exposed, resized, restored) forces the next frame out.

Without vsync (or on a frame not presented) the loop sleeps to `FALLBACK_FPS`: the tick
rate and the usual display refresh. Faster would only redraw the same tick.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame

if TYPE_CHECKING:
    from game.core.context import Context

FALLBACK_FPS = 60
_NEVER = object()
_WINDOW_EVENTS = frozenset(getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "VIDEORESIZE", "WINDOWSHOWN", "WINDOWEXPOSED", "WINDOWRESIZED", "WINDOWSIZECHANGED",
    "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWDISPLAYCHANGED") if hasattr(pygame, name))
INPUT_EVENTS = frozenset(getattr(pygame, name) for name in (
    "KEYDOWN", "KEYUP", "TEXTINPUT", "MOUSEBUTTONDOWN", "JOYBUTTONDOWN", "JOYBUTTONUP", "JOYHATMOTION",
    "CONTROLLERBUTTONDOWN", "CONTROLLERBUTTONUP") if hasattr(pygame, name))


def picture_key(ctx: "Context", extra: Hashable = ()) -> Hashable | None:
    """What this frame's picture depends on, or None when that is unknown (draw it). `extra`:
    what the window adds (the screen surface); None when it draws something moving on top."""
    fade = ctx.fade
    if ctx.toasts.items or extra is None or (fade is not None and fade.active):
        return None   # toasts and a fade between scenes move every frame
    scenes = ctx.stack.scenes
    start = 0
    for index in range(len(scenes) - 1, -1, -1):   # the stack draws from the top opaque scene up
        if scenes[index].opaque:
            start = index
            break
    keys = []
    for scene in scenes[start:]:
        key = scene.picture_key()
        if key is None:
            return None
        keys.append((id(scene), key))
    return (tuple(keys), extra, ctx.toasts.pinned) if keys else None


class Presenter:
    """Says whether this frame must be drawn and presented."""

    def __init__(self) -> None:
        self._last: object = _NEVER
        self.presented = 0
        self.skipped = 0

    def invalidate(self) -> None:
        """The window needs a fresh picture whatever the scenes say."""
        self._last = _NEVER

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in _WINDOW_EVENTS:
            self.invalidate()

    def needed(self, ctx: "Context", extra: Hashable = ()) -> bool:
        key = picture_key(ctx, extra)
        if key is not None and key == self._last:
            self.skipped += 1
            return False
        self._last = _NEVER if key is None else key
        self.presented += 1
        return True


def pace(clock: pygame.time.Clock, presented: bool, vsync: bool) -> None:
    """Wait out the rest of the frame when no vsync'd present did: never spin a core."""
    if not (presented and vsync):
        clock.tick(FALLBACK_FPS)
