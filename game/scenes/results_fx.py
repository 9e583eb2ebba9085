"""Results as a moment: pieces revealed one by one: shared places, a podium whose winners bounce, confetti.

`places()` gives tied players the same place (1, 1, 3) and is what every
results screen numbers its list with, so "WINNERS" and the list always agree.
`Podium` reveals third, second, then first place, counts the scores up, and
then the winners jump while confetti falls. It animates from its own tick
count (`update()` once per tick) and never touches the match.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from game.text import i18n
from game.match.seats import SeatIdentity
from game.render.icons import INK, outlined_text, seat_shape_surface

GOLD = (255, 193, 69)
TEXT = (255, 244, 227)
DIM = (201, 184, 166)
BLOCK = (70, 52, 40)
BLOCK_TOP = (104, 78, 58)
STEP_TICKS = 36            # between one podium step's reveal and the next
COUNT_TICKS = 40           # a score counts up over this long
CONFETTI = 110
POP_TICKS = 8              # a revealed piece settles from 114% to its size over this long
CONFETTI_COLOURS = [(255, 193, 69), (255, 94, 98), (86, 180, 233), (0, 158, 115), (240, 228, 66),
                    (204, 121, 167), (255, 244, 227)]


def places(keys: Sequence[Any]) -> list[int]:
    """Competition ranking: a higher key places higher, equal keys share a place (1, 1, 3)."""
    return [1 + sum(other > key for other in keys) for key in keys]


def ordinal(place: int) -> str:
    return i18n.ordinal(place)


@dataclass
class Standing:
    name: str
    score: int
    place: int
    badges: list[Callable[[int], pygame.Surface]]   # size in px -> a shape; a team has one per member


def shape_badge(identity: SeatIdentity) -> Callable[[int], pygame.Surface]:
    """A seat's shape at a size: a standing's badge."""
    return lambda size: seat_shape_surface(identity.shape, identity.hex, size)


def count_up(value: int, ticks: float, length: int = COUNT_TICKS) -> int:
    """The number shown `ticks` after counting started: eased so it lands gently."""
    if ticks <= 0:
        return 0
    if ticks >= length:
        return value
    t = ticks / length
    return round(value * (1 - (1 - t) ** 3))


@dataclass
class Bit:
    """One bit of paper: where it is, how it drifts and falls, how it turns, its colour and size."""

    x: float
    y: float
    drift: float
    fall: float
    phase: float
    spin: float
    colour: tuple[int, int, int]
    size: int


class Confetti:
    """Paper bits: a burst from the top that flutters down (a fixed seed: the same every time)."""

    def __init__(self, width: int, seed: int = 7) -> None:
        rng = random.Random(seed)
        self.width = width
        self.bits = [Bit(rng.uniform(0, width), rng.uniform(-420, -10), rng.uniform(-1.2, 1.2), rng.uniform(1.2, 3.0),
                         rng.uniform(0, math.tau), rng.uniform(0.08, 0.2), CONFETTI_COLOURS[i % len(CONFETTI_COLOURS)],
                         rng.choice((8, 10, 12))) for i in range(CONFETTI)]

    def update(self) -> None:
        for bit in self.bits:
            bit.phase += bit.spin
            bit.x = (bit.x + bit.drift + math.sin(bit.phase) * 0.8) % self.width
            bit.y += bit.fall

    def draw(self, surface: pygame.Surface, bottom: int) -> None:
        for bit in self.bits:
            if 0 <= bit.y < bottom:
                h = max(2, int(abs(math.cos(bit.phase)) * bit.size))     # a flat bit turning over
                surface.fill(bit.colour, (int(bit.x), int(bit.y), bit.size, h))

    def falling(self, bottom: int) -> bool:
        return any(bit.y < bottom for bit in self.bits)


class Podium:
    """Up to three steps (the best three places) and everyone else listed beneath."""

    def __init__(self, standings: list[Standing], area: pygame.Rect, play: Callable[[str], None]) -> None:
        self.standings = standings
        self.headline: tuple[pygame.Surface, tuple[int, int]] | None = None   # shown with first place
        self.area = area
        self.play = play
        self.ticks = 0
        steps = sorted({s.place for s in standings})[:3]
        self.steps = steps                         # places on the podium, best first
        self.confetti = Confetti(1280)
        self.confetti_on = False

    # ---- timing
    def step_start(self, k: int) -> int:
        """Tick at which podium step k (0 = first place) appears: the lowest step first."""
        return 20 + (len(self.steps) - 1 - k) * STEP_TICKS

    @property
    def finale(self) -> int:
        return self.step_start(0)

    @property
    def done(self) -> bool:
        return self.ticks >= self.finale + COUNT_TICKS

    def finish(self) -> None:
        """Skip the build-up: everything shown, the winners already jumping."""
        if not self.done:
            self.ticks = self.finale + COUNT_TICKS
            self.confetti_on = True

    def update(self) -> None:
        self.ticks += 1
        for k in range(len(self.steps)):
            if self.ticks == self.step_start(k):
                self.play("confirm" if k else "token")
        if self.ticks == self.finale:
            self.confetti_on = True
        if self.confetti_on:
            self.confetti.update()

    # ---- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.ticks + alpha
        area = self.area
        n = len(self.steps)
        slot_w = min(340, area.w // 3)
        order = [1, 0, 2][:n] if n > 1 else [0]            # left, centre, right: second, first, third
        heights = [190, 140, 100]
        base_y = area.bottom - 44
        centre_x = area.centerx + (slot_w // 2 if n == 2 else 0)    # two steps: the pair is centred
        xs = {0: centre_x, 1: centre_x - slot_w, 2: centre_x + slot_w}
        for k in order:
            start = self.step_start(k)
            if t < start:
                continue
            grow = min(1.0, (t - start) / 10)
            h = int(heights[k] * (1 - (1 - grow) ** 2))
            block = pygame.Rect(0, base_y - h, slot_w - 16, h)
            block.centerx = xs[k]
            pygame.draw.rect(surface, BLOCK, block, border_top_left_radius=10, border_top_right_radius=10)
            pygame.draw.rect(surface, BLOCK_TOP, (block.x, block.y, block.w, 10), border_top_left_radius=10,
                             border_top_right_radius=10)
            if grow >= 1:
                label = outlined_text(ordinal(self.steps[k]), 48 if k == 0 else 38, GOLD if k == 0 else TEXT, INK, 3)
                surface.blit(label, label.get_rect(center=(block.centerx, block.y + 10 + h // 2)))
                self._on_step(surface, k, block, t - start)
        self._rest(surface, base_y + 12, t)
        if self.headline is not None and t >= self.finale:
            image, centre = self.headline
            grow = 1 + 0.25 * max(0.0, 1 - (t - self.finale) / POP_TICKS)
            if grow > 1:
                image = pygame.transform.smoothscale(image, (int(image.get_width() * grow),
                                                             int(image.get_height() * grow)))
            surface.blit(image, image.get_rect(center=centre))
        if self.confetti_on:
            self.confetti.draw(surface, area.bottom)

    def _on_step(self, surface: pygame.Surface, k: int, block: pygame.Rect, since: float) -> None:
        """The players of one step standing on it, their names and their counting scores."""
        who = [s for s in self.standings if s.place == self.steps[k]]
        shapes = sum(len(s.badges) for s in who)
        size = max(40, min(104 if k == 0 else 80, (block.w - 10) // max(1, shapes) - 6))
        x = block.centerx - (shapes * (size + 6) - 6) // 2
        winners = k == 0 and self.ticks >= self.finale
        for i, s in enumerate(who):
            for badge in s.badges:
                jump = 0.0
                squash = 1.0
                if winners:   # a hop every 0.7 s, each player a beat apart; squashed on landing
                    phase = ((since / 42.0) + i * 0.23) % 1.0
                    jump = math.sin(phase * math.pi) * 34
                    squash = 1.0 - 0.18 * max(0.0, 1.0 - phase * 8) if phase < 0.125 else 1.0
                w, h = int(size * (2 - squash)), int(size * squash)
                img = pygame.transform.smoothscale(badge(size), (w, h)) if squash != 1.0 else badge(size)
                surface.blit(img, (x + (size - w) // 2, block.y - 8 - h - int(jump)))
                x += size + 6
        # Names above the shapes, three to a line, and the step's score (shared: same place, same
        # score) counting up after the last name.
        names = [s.name for s in who]
        lines = [" & ".join(names[i:i + 3]) for i in range(0, len(names), 3)]
        lines[-1] += f"  {count_up(who[0].score, since)}"
        line_h = 34
        bottom = block.y - 8 - size - (48 if k == 0 else 10)     # the winners jump: room above them
        for i, text in enumerate(lines):
            image = outlined_text(text, 30 if k == 0 else 26, GOLD if k == 0 else TEXT, INK, 2,
                                  max_width=block.w + 12)
            surface.blit(image, image.get_rect(midbottom=(block.centerx, bottom - (len(lines) - 1 - i) * line_h)))

    def _rest(self, surface: pygame.Surface, y: int, t: float) -> None:
        """Everyone below the podium's places, on one line with their place."""
        rest = [s for s in self.standings if s.place not in self.steps]
        if not rest or t < self.finale:
            return
        text = "   ".join(f"{ordinal(s.place)} {s.name} {s.score}" for s in rest)
        line = outlined_text(text, 26, DIM, INK, 2, max_width=self.area.w - 20)
        surface.blit(line, line.get_rect(midtop=(self.area.centerx, y)))


class Reveal:
    """A results picture shown piece by piece: `base` is the picture without the pieces, `full`
    with them; each piece (a rect of `full`) appears in turn with a flash and a sound."""

    def __init__(self, base: pygame.Surface, full: pygame.Surface, pieces: list[pygame.Rect],
                 play: Callable[[str], None], every: int = 9, start: int = 12, sound: str = "flip") -> None:
        self.base, self.full, self.pieces = base, full, pieces
        self.play, self.every, self.start, self.sound = play, every, start, sound
        self.ticks = 0

    def shown(self, ticks: float | None = None) -> int:
        """How many pieces are showing."""
        t = self.ticks if ticks is None else ticks
        return max(0, min(len(self.pieces), int((t - self.start) // self.every) + 1))

    @property
    def done(self) -> bool:
        return self.shown() >= len(self.pieces)

    def finish(self) -> None:
        self.ticks = max(self.ticks, self.start + self.every * len(self.pieces))

    def update(self) -> None:
        before = self.shown()
        self.ticks += 1
        if self.shown() > before:
            self.play(self.sound)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.done:
            surface.blit(self.full, (0, 0))
            return
        surface.blit(self.base, (0, 0))
        shown = self.shown()
        for i, rect in enumerate(self.pieces[:shown]):
            age = self.ticks + alpha - (self.start + i * self.every)
            if age >= POP_TICKS:
                surface.blit(self.full, rect, area=rect)
                continue
            # The newest piece lands: a little larger at first, settling to its size.
            grow = 1 + 0.14 * (1 - age / POP_TICKS)
            piece = pygame.transform.smoothscale(self.full.subsurface(rect),
                                                 (int(rect.w * grow), int(rect.h * grow)))
            surface.blit(piece, piece.get_rect(center=rect.center))


def cover(image: pygame.Surface, clean: pygame.Surface, rect: pygame.Rect, fill_in: pygame.Rect | None,
          colour: tuple[int, int, int]) -> None:
    """Hide a piece of `image`: the backdrop from `clean`, and the part over its row panel in the panel's colour."""
    image.blit(clean, rect, area=rect)
    if fill_in is not None:
        image.fill(colour, rect.clip(fill_in))
