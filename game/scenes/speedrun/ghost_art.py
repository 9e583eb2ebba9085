"""The PB's ghost drawn as the runner's own character: the same silhouette and pose, washed out to a
pale blue-white and see-through, so it reads as "you, last time" and never as another player.

Frames come from the figure cache (game/render/figure.py) and are washed once each, per shopper
size: a ghost walks through a few dozen frames (idle, one walk and one carry stride each way).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.cast import Character
from game.render.figure import Figure, Look, figure
from game.render.palette import GHOST, GHOST_HEX

GHOST_ALPHA = 130        # the whole figure's opacity: the floor and the runner show through
WASH = 0.45              # how far each grey is pushed towards the ghost's pale tint
GHOST_STRIDE = 4         # ticks per walk frame (the ghost keeps only where the PB stood, not its speed)


@dataclass(frozen=True, slots=True)
class GhostPose:
    """What the ghost is doing on a tick: moving or not, carrying or not, facing left or right."""

    state: str
    frame: int
    left: bool


def ghost_pose(moved: tuple[int, int], holding: bool, was_left: bool, igt: int) -> GhostPose:
    """The pose for a ghost that moved `moved` level px since the last tick (its facing kept
    while it stands: it faces where it last walked)."""
    dx, dy = moved
    left = dx < 0 if dx else was_left
    if dx or dy:
        return GhostPose("carry" if holding else "walk", (igt // GHOST_STRIDE) % 8, left)
    return GhostPose("carry" if holding else "idle", 0, left)


class GhostArt:
    """The runner's character as a ghost at one shopper size; frames washed once and kept."""

    def __init__(self, character: Character, shape: str, size: int) -> None:
        self.character = character
        self.look = Look(GHOST_HEX, shape)     # the runner's shape on its chest, in the ghost's tint
        self.size = size
        self._frames: dict[GhostPose, Figure] = {}

    def frame(self, pose: GhostPose) -> Figure:
        hit = self._frames.get(pose)
        if hit is None:
            drawn = figure(self.character, self.look, self.size, pose.state, pose.frame, pose.left)
            hit = self._frames[pose] = Figure(washed(drawn.surface), drawn.feet, drawn.head_top, drawn.hold)
        return hit


def washed(image: pygame.Surface) -> pygame.Surface:
    """`image` in greys pushed towards the ghost's tint, at the ghost's opacity (its ink outline
    becomes a soft grey-blue: the shape still reads, the colours no longer name a seat)."""
    grey = pygame.transform.grayscale(image)
    tint = pygame.Surface(grey.get_size(), pygame.SRCALPHA)
    tint.fill((*(round(c * WASH) for c in GHOST), 0))
    grey.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    grey.set_alpha(GHOST_ALPHA)
    return grey
