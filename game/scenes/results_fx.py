"""Results as a moment: pieces revealed one by one: shared places, a podium whose winners bounce, confetti.

`places()` gives tied players the same place (1, 1, 3) and is what every
results screen numbers its list with, so the headline and the list always agree;
`tied_groups()` finds the ties every screen says in words. `Podium` gives every
place a step (the best in the middle), reveals them lowest first, counts the
scores up over each side's shoppers (`shopper`), then the winners jump while
confetti falls. It animates from its own tick count (`update()` once per tick)
and never touches the match; `headline_image` is the verdict above it.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from game.text import i18n
from game.match.seats import SeatIdentity
from game.render.cast import Character, default_for
from game.render.figure import Figure, figure
from game.render.icons import INK, outlined_text
from game.render.teams import emblem
from game.render.palette import (BLOCK, BLOCK_TOP, BLUISH_GREEN, CONFETTI_RED, CREAM, GOLD, PURPLE_PINK, SKY_BLUE,
                                 YELLOW)
from game.scenes.shoppers import seat_look

TEXT = CREAM
STEP_TICKS = 36            # between one podium step's reveal and the next
COUNT_TICKS = 40           # a score counts up over this long
CONFETTI = 110
JUMP = 30                  # px the winners hop
TEAM_GAP = 18              # px between two sides sharing a step
POP_TICKS = 8              # a revealed piece settles from 114% to its size over this long
CONFETTI_COLOURS = [GOLD, CONFETTI_RED, SKY_BLUE, BLUISH_GREEN, YELLOW, PURPLE_PINK, CREAM]


def shown_name(name: str, bot: bool) -> str:
    """A side's name as every results screen and the podium say it: a bot is marked as a bot."""
    # TRANSLATORS: a player's name on the results and the podium when the computer played that seat
    return i18n._("{name} (bot)").format(name=name) if bot else name


def places(keys: Sequence[Any]) -> list[int]:
    """Competition ranking: a higher key places higher, equal keys share a place (1, 1, 3)."""
    return [1 + sum(other > key for other in keys) for key in keys]


def ordinal(place: int) -> str:
    return i18n.ordinal(place)


def tied_groups(keys: Sequence[Any]) -> list[list[int]]:
    """Indexes of `keys` that are equal to another's, in groups, best key first: [[0, 3], [1, 2]]."""
    groups: dict[Any, list[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    return [group for key, group in sorted(groups.items(), key=lambda kv: kv[0], reverse=True) if len(group) > 1]


@dataclass
class Standing:
    """One side's line in the final standings: a player, or a team (a name and identity per member)."""

    names: list[str]
    score: int
    place: int
    members: list[SeatIdentity]
    team: int | None = None        # a team's index (its emblem stands before its names), None for a player
    shoppers: list[Character] | None = None   # each member's character (None: by seat order)

    def shopper_of(self, k: int) -> Character:
        """Member k's character (presentation only: chosen in the lobby, else its seat's default)."""
        return self.shoppers[k] if self.shoppers and k < len(self.shoppers) else default_for(self.members[k].index)

    @property
    def name(self) -> str:
        """A team's names joined with "&" (a list of sides then reads "Sky & Pink and Orange & Blue")."""
        return " & ".join(self.names)


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

    def draw(self, surface: pygame.Surface, bottom: int, clear: Sequence[pygame.Rect] = ()) -> None:
        """The bits above `bottom`, none over a rect of `clear` (the texts they fall behind)."""
        for bit in self.bits:
            if 0 <= bit.y < bottom:
                h = max(2, int(abs(math.cos(bit.phase)) * bit.size))     # a flat bit turning over
                rect = pygame.Rect(int(bit.x), int(bit.y), bit.size, h)
                if rect.collidelist(clear) < 0:
                    surface.fill(bit.colour, rect)

    def falling(self, bottom: int) -> bool:
        return any(bit.y < bottom for bit in self.bits)


EMBLEM_GAP = 8   # px between a team's emblem and its names on the podium

# Step heights by place on the podium (first, second, ...): every place has a step of its own.
STEP_HEIGHTS = (136, 108, 90, 76, 66, 58)
# Left to right, which step stands where (0 = first place): the best in the middle, then
# alternating outwards (second left, third right, fourth further left...).
STEP_ORDER = {1: (0,), 2: (1, 0), 3: (1, 0, 2), 4: (3, 1, 0, 2), 5: (3, 1, 0, 2, 4), 6: (5, 3, 1, 0, 2, 4)}
FIGURE = (112, 78, 78, 64, 64, 64)   # a shopper's size on each step (shrinks to fit a crowded step)
SMALLEST_FIGURE = 48


class Podium:
    """Every place on a step of its own, the best in the middle and tied players sharing one; each
    side's shoppers stand on it (the winner's big) under their names and score. The lowest step
    appears first, then up to first place; scores count up, then the winners jump and confetti
    falls. With `celebrate` False (nobody scored) nobody jumps and no confetti falls."""

    def __init__(self, standings: list[Standing], area: pygame.Rect, play: Callable[[str], None],
                 celebrate: bool = True, colourblind: bool = False) -> None:
        self.standings = standings
        self.colourblind = colourblind   # the shoppers' shirts wear their seats' patterns, as on the map
        self.headline: tuple[pygame.Surface, tuple[int, int]] | None = None   # shown with first place
        self.clear: list[pygame.Rect] = []   # texts already on the backdrop (the title): confetti falls clear of them
        self._rows: tuple[object, list[pygame.Rect]] = (None, [])   # (the headline, its lines' bands)
        self.area = area
        self.play = play
        self.celebrate = celebrate
        self.ticks = 0
        self.steps = sorted({s.place for s in standings})[:len(STEP_HEIGHTS)]   # places, best first
        self.gap = min(STEP_TICKS, 120 // max(1, len(self.steps) - 1))
        self.confetti = Confetti(1280)
        self.confetti_on = False
        self.blocks = self._blocks()
        self.shrink = 1.0          # shoppers drawn smaller to keep the names under a long headline

    # ---- timing
    def step_start(self, k: int) -> int:
        """Tick at which podium step k (0 = first place) appears: the lowest step first."""
        return 20 + (len(self.steps) - 1 - k) * self.gap

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
            self.confetti_on = self.celebrate

    def update(self) -> None:
        self.ticks += 1
        for k in range(len(self.steps)):
            if self.ticks == self.step_start(k):
                self.play("confirm" if k else "token")
        if self.ticks == self.finale:
            self.confetti_on = self.celebrate
        if self.confetti_on:
            self.confetti.update()

    # ---- layout
    def _blocks(self) -> list[pygame.Rect]:
        """Each step's block (by step, best first), laid out left to right by STEP_ORDER, first
        place under the headline where the row fits (else the row is kept inside the area)."""
        n = len(self.steps)
        area = self.area
        first_w = min(380, area.w - (n - 1) * 150) if n > 1 else 420
        other_w = min(300, (area.w - first_w) // max(1, n - 1))
        order = STEP_ORDER[n]
        before_first = sum(first_w if k == 0 else other_w for k in order[:order.index(0)])
        total = first_w + other_w * (n - 1)
        x = min(max(area.centerx - first_w // 2 - before_first, area.x), area.right - total)
        blocks: dict[int, pygame.Rect] = {}
        for k in order:
            w = first_w if k == 0 else other_w
            h = STEP_HEIGHTS[k]
            blocks[k] = pygame.Rect(x + 6, area.bottom - h, w - 12, h)
            x += w
        return [blocks[k] for k in range(n)]

    def who(self, k: int) -> list[Standing]:
        return [s for s in self.standings if s.place == self.steps[k]]

    def figure_size(self, k: int) -> int:
        who = self.who(k)
        people = sum(len(s.members) for s in who)
        room = self.blocks[k].w - 4 - TEAM_GAP * (len(who) - 1)
        return max(SMALLEST_FIGURE, min(round(FIGURE[k] * self.shrink), room // max(1, people) - 8))

    def fit_below(self, y: int) -> None:
        """Shrink the shoppers (never the names or scores) until no name reaches above `y`: a
        headline with several ties said under it keeps its lines clear."""
        while self.top() < y and self.shrink > 0.5:
            self.shrink -= 0.05

    def name_lines(self, k: int) -> list[str]:
        """The names over a step: each side on a line of its own (a team's names joined by "&"), two
        to a line when more than three share the step."""
        names = [s.name for s in self.who(k)]
        if len(names) <= 3:
            return names
        return ["  ·  ".join(names[i:i + 2]) for i in range(0, len(names), 2)]

    # ---- drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        t = self.ticks + alpha
        if self.confetti_on:   # first: it falls behind the steps, shoppers and names, clear of every line of words
            self.confetti.draw(surface, self.area.bottom, self.clear + self._headline_rows())
        for k in range(len(self.steps)):
            start = self.step_start(k)
            if t < start:
                continue
            grow = min(1.0, (t - start) / 10)
            full = self.blocks[k]
            h = max(1, int(full.h * (1 - (1 - grow) ** 2)))
            block = pygame.Rect(full.x, full.bottom - h, full.w, h)
            pygame.draw.rect(surface, BLOCK, block, border_top_left_radius=10, border_top_right_radius=10)
            pygame.draw.rect(surface, BLOCK_TOP, (block.x, block.y, block.w, 10), border_top_left_radius=10,
                             border_top_right_radius=10)
            if grow >= 1:
                if self.celebrate:
                    label = outlined_text(ordinal(self.steps[k]), 48 if k == 0 else 36, GOLD if k == 0 else TEXT, INK, 3)
                    surface.blit(label, label.get_rect(center=(block.centerx, block.y + 10 + h // 2)))
                self._on_step(surface, k, block, t - start)
        if self.headline is not None and t >= self.finale:
            image, centre = self.headline
            grow = 1 + 0.25 * max(0.0, 1 - (t - self.finale) / POP_TICKS)
            if grow > 1:
                image = pygame.transform.smoothscale(image, (int(image.get_width() * grow),
                                                             int(image.get_height() * grow)))
            surface.blit(image, image.get_rect(center=centre))

    def _headline_rows(self) -> list[pygame.Rect]:
        """Each line of the headline's words as a band on screen (a bit between two words would
        read as a full stop), worked out once per headline."""
        if self.headline is None:
            return []
        if self._rows[0] is not self.headline:
            image, centre = self.headline
            at = image.get_rect(center=centre).topleft
            rows: list[pygame.Rect] = []
            for ink in sorted(pygame.mask.from_surface(image).get_bounding_rects(), key=lambda r: r.y):
                if rows and ink.y < rows[-1].bottom:
                    rows[-1].union_ip(ink)
                else:
                    rows.append(pygame.Rect(ink))
            self._rows = (self.headline, [row.move(at).inflate(12, 4) for row in rows])
        return self._rows[1]

    def _on_step(self, surface: pygame.Surface, k: int, block: pygame.Rect, since: float) -> None:
        """The shoppers of one step standing on it, their names and their counting score above."""
        who = self.who(k)
        size = self.figure_size(k)
        people = sum(len(s.members) for s in who)
        x = block.centerx - (people * (size + 8) - 8 + TEAM_GAP * (len(who) - 1)) // 2
        winners = k == 0 and self.celebrate and self.ticks >= self.finale
        state = self._reaction(k)
        n = 0
        for side in who:
            for i, member in enumerate(side.members):
                jump, squash = 0.0, 1.0
                if winners:   # a hop every 0.7 s, each player a beat apart; squashed on landing
                    phase = ((since / 42.0) + n * 0.23) % 1.0
                    jump = math.sin(phase * math.pi) * JUMP
                    squash = 1.0 - 0.18 * max(0.0, 1.0 - phase * 8) if phase < 0.125 else 1.0
                frame = int(since / 5 + n * 2)
                shopper(surface, member, size, (x + size // 2, block.y - 4 - int(jump)), squash,
                        side.shopper_of(i), state, frame, self.colourblind)
                x += size + 8
                n += 1
            x += TEAM_GAP            # a team stands together, a little apart from the next
        # The names above the shoppers, the step's score (shared: same place, same score) under
        # them, counting up.
        name_px = 40 if k == 0 else 32
        score_px = 44 if k == 0 else 34
        bottom = block.y - 4 - size - (JUMP + 6 if k == 0 and self.celebrate else 8)
        score = outlined_text(str(count_up(who[0].score, since)), score_px, GOLD, INK, 3)
        surface.blit(score, score.get_rect(midbottom=(block.centerx, bottom)))
        bottom -= score_px
        lines = self.name_lines(k)
        # A team's line starts with its emblem (one side a line whenever the step has three or fewer).
        marks = [side.team for side in who] if len(lines) == len(who) else [None] * len(lines)
        for line, team in zip(reversed(lines), reversed(marks)):
            mark = emblem(team, name_px - 6) if team is not None else None
            room = block.w + 8 - (mark.get_width() + EMBLEM_GAP if mark is not None else 0)
            image = outlined_text(line, name_px, GOLD if k == 0 and self.celebrate else TEXT, INK, 3, max_width=room)
            rect = image.get_rect(midbottom=(block.centerx, bottom))
            if mark is not None:
                rect.x += (mark.get_width() + EMBLEM_GAP) // 2
                surface.blit(mark, mark.get_rect(midright=(rect.x - EMBLEM_GAP, rect.centery)))
            surface.blit(image, rect)
            bottom -= name_px + 2

    def _reaction(self, k: int) -> str:
        """How step k's shoppers take the result, once every step is up: first place cheers, the
        last slumps, those between stand (before the finale everyone waits, standing)."""
        if self.ticks < self.finale or not self.celebrate:
            return "idle"
        if k == 0:
            return "cheer"
        return "slump" if k == len(self.steps) - 1 else "idle"

    def top(self) -> int:
        """The highest any name on the podium reaches (what a headline above it must clear)."""
        tops = []
        for k, block in enumerate(self.blocks):
            name_px = 40 if k == 0 else 32
            lift = JUMP + 6 if k == 0 and self.celebrate else 8
            tops.append(block.y - 4 - self.figure_size(k) - lift - (44 if k == 0 else 34)
                        - len(self.name_lines(k)) * (name_px + 2) - 8)
        return min(tops)


def shopper(surface: pygame.Surface, identity: SeatIdentity, size: int, feet: tuple[int, int],
            squash: float = 1.0, character: Character | None = None, state: str = "idle", frame: int = 0,
            colourblind: bool = False) -> None:
    """A shopper as the mall draws one: its character in its seat's colour and shape (and its
    pattern in colour-blind mode), in `state`, over a soft shadow ringed in its colour, standing with
    its shoes at `feet`. `size` is the height it may take (the character is drawn to stand that tall)."""
    who, look, scale = character or default_for(identity.index), seat_look(identity, colourblind), round(size * STAND)
    drawn = figure(who, look, scale, state, frame)
    image, (fx, fy) = drawn.surface, drawn.feet
    if squash != 1.0:
        w, h = image.get_size()
        image = pygame.transform.smoothscale(image, (round(w * (2 - squash)), round(h * squash)))
        fx, fy = round(fx * (2 - squash)), round(fy * squash)
    shadow = _shadow_rect(figure(who, look, scale, "idle", 0), feet)   # the cached standing frame
    shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
    pygame.draw.ellipse(shade, (0, 0, 0, 90), shade.get_rect())
    pygame.draw.ellipse(shade, (*identity.colour, 255), shade.get_rect(), 3)
    surface.blit(shade, shadow)
    surface.blit(image, (feet[0] - fx, feet[1] - fy))


def _shadow_rect(standing: Figure, feet: tuple[int, int]) -> pygame.Rect:
    """Under the character's body standing still (not its waving arms): as wide as its ink, a
    quarter as deep, centred on its feet."""
    width = standing.surface.get_bounding_rect(1).w
    rect = pygame.Rect(0, 0, width, max(8, width // 4))
    rect.center = feet
    return rect


STAND = 0.64     # a character drawn at this share of a podium figure's size stands about that tall


PODIUM_AREA = pygame.Rect(40, 150, 1200, 440)    # the steps stand on its bottom, above the menu


def headline_image(head: str, lines: list[str]) -> tuple[pygame.Surface, tuple[int, int]]:
    """The podium's headline and the lines under it (how ties were settled), as one picture and
    where its centre goes: under the title, above the podium's names."""
    heading = outlined_text(head, 44, GOLD, INK, width=3, max_width=1180)
    notes = [outlined_text(line, 24, TEXT, INK, width=2, max_width=1180) for line in lines]
    height = heading.get_height() + sum(n.get_height() + 2 for n in notes)
    image = pygame.Surface((1200, height), pygame.SRCALPHA)
    image.blit(heading, heading.get_rect(midtop=(600, 0)))
    y = heading.get_height()
    for note in notes:
        image.blit(note, note.get_rect(midtop=(600, y)))
        y += note.get_height() + 2
    return image, (640, 66 + height // 2)


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
            self.base = self.full      # every piece shows for good: the picture without them (3.5 MB) goes
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
