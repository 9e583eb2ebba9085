"""The F3 overlay: frames per second, tick cost and frame cost (ms), smoothed."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.render.ui import UI

SMOOTHING = 0.05  # weight of a new sample in the running averages


class DebugOverlay:
    def __init__(self) -> None:
        self.visible = False
        self.frame_seconds = 1 / 60   # wall time between frames
        self.tick_ms = 0.0            # cost of one simulation tick
        self.frame_ms = 0.0           # cost of one frame's work (ticks + draw), before flip

    def toggle(self) -> None:
        self.visible = not self.visible

    def record(self, frame_seconds: float, tick_ms: float | None, frame_ms: float) -> None:
        self.frame_seconds += (frame_seconds - self.frame_seconds) * SMOOTHING
        if tick_ms is not None:
            self.tick_ms += (tick_ms - self.tick_ms) * SMOOTHING
        self.frame_ms += (frame_ms - self.frame_ms) * SMOOTHING

    @property
    def fps(self) -> float:
        return 1.0 / self.frame_seconds if self.frame_seconds > 0 else 0.0

    def lines(self) -> list[str]:
        return [f"{self.fps:5.1f} fps", f"tick {self.tick_ms:5.2f} ms", f"frame {self.frame_ms:5.2f} ms"]

    def draw(self, surface: pygame.Surface, ui: "UI") -> None:
        size = ui.size("small")
        height = ui.text.line_height(size)
        box = pygame.Surface((230, height * 3 + 16), pygame.SRCALPHA)
        box.fill((0, 0, 0, 170))
        surface.blit(box, (10, 10))
        for i, line in enumerate(self.lines()):
            # Numbers change every frame: render directly instead of filling the text cache.
            surface.blit(ui.text.font(size).render(line, True, ui.colour("good")), (20, 18 + i * height))
