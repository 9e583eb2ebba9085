"""The menu kit: backdrop, panels, text helpers, seat badges, menu lists, toasts, hints.

Everything here only draws (or, for MenuList, reacts to a Command): no scene
logic, so the game scenes can reuse it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

import pygame
from pygame.typing import ColorLike

from game.text.i18n import N_, _, language
from game.match.commands import STICK_MAX, Button, Command
from game.render import glyphs
from game.render.text import NARROWEST, min_font_size
from game.render.text import hyphenated, words

if TYPE_CHECKING:
    from game.match.seats import SeatIdentity
    from game.render.ui import UI

Colour = tuple[int, int, int]
STICK_THRESHOLD = STICK_MAX // 2   # a stick past half way counts as a direction in menus
HOLD_TICKS = 48                    # 0.8 s: holding A this long chooses a `hold` row (a mash never does)
NUDGE_TICKS = 90                   # a tap on a `hold` row says "hold" this long


# ---------------------------------------------------------------- backdrop
def build_background(ui: "UI", size: tuple[int, int]) -> pygame.Surface:
    """Dark warm backdrop with a faint diagonal pattern of price tags."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(ui.colour("background"))
    pattern = ui.colour("pattern")
    step = 96
    for row, y in enumerate(range(-step, h + step, step // 2)):
        offset = (row % 2) * step // 2
        for x in range(-step + offset, w + step, step):
            _tag(surface, pattern, x, y, (row * 7 + x // step) % 3 == 0)
    # A soft vignette: darker towards the top and bottom edges.
    shade = pygame.Surface((w, 1), pygame.SRCALPHA)
    for y in range(h):
        edge = min(y, h - 1 - y) / (h / 2)
        alpha = int(70 * (1 - min(1.0, edge * 2.2)))
        shade.fill((0, 0, 0, alpha))
        surface.blit(shade, (0, y))
    return surface


def _tag(surface: pygame.Surface, colour: Colour, x: int, y: int, big: bool) -> None:
    """A tilted price tag outline with its hole."""
    s = 1.25 if big else 1.0
    cx, cy = x + 40, y + 30
    pts = [(-22, -12), (14, -12), (26, 0), (14, 12), (-22, 12)]
    angle = math.radians(-30)
    ca, sa = math.cos(angle), math.sin(angle)
    poly = [(cx + s * (px * ca - py * sa), cy + s * (px * sa + py * ca)) for px, py in pts]
    pygame.draw.polygon(surface, colour, poly, 3)
    hx, hy = 12 * s, 0
    pygame.draw.circle(surface, colour, (cx + hx * ca - hy * sa, cy + hx * sa + hy * ca), 4 * s, 2)


def draw_background(surface: pygame.Surface, ui: "UI") -> None:
    surface.blit(ui.background(surface.get_size()), (0, 0))


PAGE_MARGIN = 40    # px: a page's left and right margin
TOAST_GAP = 24      # px between a message and the heading beside it


def draw_page(surface: pygame.Surface, ui: "UI", heading: str, y: int) -> None:
    """A full-screen page: the backdrop, and its heading centred at height `y`."""
    draw_background(surface, ui)
    logo_text(surface, ui, heading, ui.size("heading"), ui.colour("accent"), (surface.get_width() // 2, y), outline=4)


def beside_heading(ui: "UI", heading: str, size: int, width: int = 1280, height: int = 82) -> pygame.Rect:
    """A toast zone left of a page's centred heading (at `size`), from the screen's top: for a page
    whose list or table reaches down to its hint bar, where the shell's default would lie over it."""
    room = width // 2 - ui.text.width(heading, size) // 2 - TOAST_GAP - PAGE_MARGIN
    return pygame.Rect(PAGE_MARGIN, 4, room, height)


def dim(surface: pygame.Surface, ui: "UI", alpha: int | None = None) -> None:
    """Darken what is already drawn (under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*ui.colour("overlay"), ui.theme.overlay_alpha if alpha is None else alpha))
    surface.blit(veil, (0, 0))


# ---------------------------------------------------------------- panels and text
PANEL_DROP = 6   # px the shadow sits under a panel


def panel(surface: pygame.Surface, ui: "UI", rect: pygame.Rect, focused: bool = False,
          fill: str = "panel", border: str | Colour | None = None) -> None:
    """A rounded panel with its shadow and border. Drawn once per size and colours and blitted
    after (the lobby draws 19 a frame: three rounded rects each cost 49 us, the blit 6 us)."""
    t = ui.theme
    if focused:
        edge, width = ui.colour("accent"), t.focus_border
    else:
        edge, width = (ui.colour(border) if isinstance(border, str) else (border or ui.colour("border"))), t.border
    body = ui.colour("panel_focus" if focused else fill)
    w, h, r = rect.w, rect.h, t.radius
    image = _keyed_image((w, h + PANEL_DROP), (((0, PANEL_DROP, w, h), tuple(ui.colour("shadow")), 0, r),
                                               ((0, 0, w, h), tuple(body), 0, r), ((0, 0, w, h), tuple(edge), width, r)))
    if image is None:
        _draw_panel(surface, rect, t.radius, width, ui.colour("shadow"), body, edge)
    else:
        surface.blit(image, rect.topleft)


def _draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int,
                shadow: ColorLike, body: ColorLike, edge: ColorLike) -> None:
    pygame.draw.rect(surface, shadow, rect.move(0, PANEL_DROP), border_radius=radius)
    pygame.draw.rect(surface, body, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


_KEYS = ((255, 0, 255), (0, 255, 1), (1, 2, 3))   # a colour key no panel colour is


def rounded_box(surface: pygame.Surface, colour: ColorLike, rect: pygame.Rect, width: int = 0, radius: int = 0) -> None:
    """`pygame.draw.rect(surface, colour, rect, width, border_radius=radius)`, drawn once per size,
    colour, width and radius and blitted after (the Memory hands draw some 50 small ones a frame)."""
    image = _keyed_image(rect.size, (((0, 0, rect.w, rect.h), tuple(pygame.Color(colour)), width, radius),))
    if image is None:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
    else:
        surface.blit(image, rect.topleft)


Layer = tuple[tuple[int, int, int, int], tuple[int, ...], int, int]   # (rect, colour, width, radius)


@lru_cache(maxsize=512)
def _keyed_image(size: tuple[int, int], layers: tuple[Layer, ...]) -> pygame.Surface | None:
    """Rounded rects (`pygame.draw.rect` with a width and a radius), drawn in order on a colour-keyed
    surface, run-length encoded: a blit skips the cut corners fast and lands exactly what drawing
    them would. None where a blit would not be exact: a colour with alpha (drawn as is on an alpha
    surface), or nothing to draw."""
    colours = [colour for _rect, colour, _width, _radius in layers]
    if size[0] <= 0 or size[1] <= 0 or any(colour[3:] not in ((), (255,)) for colour in colours):
        return None
    key = next(k for k in _KEYS if k not in [c[:3] for c in colours])
    image = pygame.Surface(size)
    image.fill(key)
    for rect, colour, width, radius in layers:
        pygame.draw.rect(image, colour[:3], rect, width, border_radius=radius)
    image.set_colorkey(key, pygame.RLEACCEL)
    return image


def run_length(art: pygame.Surface) -> pygame.Surface:
    """A picture kept to be blitted many times, run-length encoded: a per-pixel-alpha card whose
    pixels are all opaque or clear (a panel with its text laid on) blits 2.5x faster, the same
    pixels. Not for translucent edges over clear ones: SDL blends those by its own rounding."""
    art.set_alpha(255, pygame.RLEACCEL)
    return art


def modal(surface: pygame.Surface, ui: "UI", size: tuple[int, int], border: str = "accent", dim_alpha: int = 200,
          lift: int = 0) -> pygame.Rect:
    """An overlay's box: what is drawn dimmed, then a panel of `size` in the middle (raised by
    `lift` px). Returns the box."""
    dim(surface, ui, dim_alpha)
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, *size)
    box.center = (w // 2, h // 2 - lift)
    panel(surface, ui, box, border=border)
    return box


def blit_text(surface: pygame.Surface, ui: "UI", text: str, size: str | int,
              colour: str | Colour = "text", shadow: bool = True, **anchor: object) -> pygame.Rect:
    """Draw text positioned by a Rect anchor (center=..., midleft=..., topright=...)."""
    image = ui.render(text, size, colour)
    rect = image.get_rect(**anchor)
    if shadow:
        surface.blit(ui.render(text, size, "shadow"), rect.move(2, 3))
    surface.blit(image, rect)
    return rect


def centred_lines(surface: pygame.Surface, ui: "UI", text: str, size: int, colour: str | Colour,
                  centre_x: int, top: int, width: int, max_lines: int = 3) -> None:
    """`text` wrapped to `width` and centred on `centre_x` from `top` down (a reason said on a screen:
    one too long for a line, such as why a replay cannot be played, stays on the screen)."""
    for i, line in enumerate(wrap_text(ui, text, size, width)[:max_lines]):
        image = ui.render(line, size, colour)
        surface.blit(image, image.get_rect(midtop=(centre_x, top + i * image.get_height())))


def logo_text(surface: pygame.Surface, ui: "UI", text: str, size: int, colour: Colour,
              center: tuple[int, int], outline: int = 6) -> pygame.Rect:
    """Big sticker-style text: thick dark outline, drop shadow, bright face."""
    face = ui.render(text, size, colour)
    dark = ui.render(text, size, "shadow")
    rect = face.get_rect(center=center)
    surface.blit(dark, rect.move(outline, outline + 4))
    for angle in range(0, 360, 30):
        dx = round(outline * math.cos(math.radians(angle)))
        dy = round(outline * math.sin(math.radians(angle)))
        surface.blit(dark, rect.move(dx, dy))
    surface.blit(face, rect)
    return rect


def hints(surface: pygame.Surface, ui: "UI", items: "Sequence[tuple[str | Sequence[str], str]]",
          y: int | None = None) -> None:
    """A bottom bar of button hints: [(button, meaning), ...], centred.

    Button names ("A", "START", "A / Enter") are said the way the pad in use
    prints them (ui.pad_labels) and drawn as that family's glyph badges; a list
    of names is drawn as it is (what every device in play presses: keys_in_play).
    A bar wider than the screen (long words, many keys, a large UI scale) closes
    its gaps, then steps its text down, as far as the sofa bar allows.
    """
    room = surface.get_width() - 2 * HINTS_MARGIN
    small = ui.size("small")
    least = min(small, math.ceil(min_font_size() / ui.text.scale))   # smaller sizes draw the same
    for size in range(small, least - 1, -1):
        pieces, slash = _hint_pieces(ui, items, size)
        gap = max(HINTS_GAP_LEAST, min(HINTS_GAP, (room - _hints_width(pieces, slash, 0)) // max(1, len(pieces) - 1)))
        if _hints_width(pieces, slash, gap) <= room:
            break
    x = (surface.get_width() - _hints_width(pieces, slash, gap)) // 2
    y = surface.get_height() - 44 if y is None else y
    for caps, word in pieces:
        for i, cap in enumerate(caps):
            if i:
                surface.blit(slash, slash.get_rect(midleft=(x + 4, y)))
                x += slash.get_width() + 8
            surface.blit(cap, cap.get_rect(midleft=(x, y)))
            x += cap.get_width()
        x += 10
        surface.blit(word, word.get_rect(midleft=(x, y)))
        x += word.get_width() + gap


HINTS_GAP, HINTS_GAP_LEAST = 36, 20    # px between two hints: as drawn, and as close as they may come
HINTS_MARGIN = 12                      # px kept clear at each side of the screen

HintPieces = list[tuple[list[pygame.Surface], pygame.Surface]]


def _hint_pieces(ui: "UI", items: "Sequence[tuple[str | Sequence[str], str]]",
                 size: int) -> tuple[HintPieces, pygame.Surface]:
    """Each hint's caps and its meaning's words at `size`, and the slash between two caps."""
    height = max(28, size + 8)
    pieces = []
    for button, meaning in items:
        labels = [pad_label(ui, part) for part in button.split(" / ")] if isinstance(button, str) else list(button)
        caps = [glyphs.badge(ui, label, height) for label in labels]
        word = ui.render(_(meaning), size, "text_dim")   # meanings are marked N_() where listed
        pieces.append((caps, word))
    return pieces, ui.render("/", size, "text_dim")


def _hints_width(pieces: HintPieces, slash: pygame.Surface, gap: int) -> int:
    caps = sum(sum(c.get_width() for c in cs) + (slash.get_width() + 8) * (len(cs) - 1) for cs, _w in pieces)
    return caps + sum(10 + w.get_width() for _c, w in pieces) + gap * (len(pieces) - 1)


# Cap words said in the player's language: descriptions of keys (the arrow keys, one arrow key, a
# pad's stick) and
# the keys a keyboard prints in words, which keyboards print in their own language ("Entrée",
# "Intro"). Letters, symbols and Tab (printed so everywhere) stay as they are; the notes for
# translators are in notes.toml.
KEY_WORDS = {"Arrows": N_("Arrows"), "Stick": N_("Stick"), "Left": N_("Left"), "Right": N_("Right"),
             "Up": N_("Up"), "Down": N_("Down"), "Enter": N_("Enter"), "Esc": N_("Esc"),
             "Space": N_("Space"), "Bksp": N_("Bksp"), "LShift": N_("LShift"),
             "RShift": N_("RShift"), "LCtrl": N_("LCtrl"), "RCtrl": N_("RCtrl"), "LAlt": N_("LAlt"),
             "RAlt": N_("RAlt")}


def key_word(name: str) -> str:
    """A key's name on its cap, as keyboards in the player's language print it."""
    return _(KEY_WORDS[name]) if name in KEY_WORDS else name


def pad_label(ui: "UI", name: str) -> str:
    """A button name as the pad in use prints it ("A" -> "Cross"); key names as keyboards in the
    player's language print them (key_word)."""
    labels = ui.pad_labels
    parts = [labels.get(part, key_word(part)) for part in name.split("/")]
    return parts[0] if len(parts) == 1 else "/".join(parts)   # one part keeps its family (glyph look)


# ---------------------------------------------------------------- seat badges
def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]] | None:
    """Polygon points for a seat shape (None for the circle)."""
    cx, cy = center

    def ring(n: int, radius: float, start: float) -> list[tuple[float, float]]:
        return [(cx + radius * math.cos(start + i * 2 * math.pi / n),
                 cy + radius * math.sin(start + i * 2 * math.pi / n)) for i in range(n)]

    if shape == "square":
        return ring(4, r * 1.2, math.pi / 4)
    if shape == "triangle":
        return [(x, y + r * 0.18) for x, y in ring(3, r * 1.2, -math.pi / 2)]
    if shape == "diamond":
        return ring(4, r * 1.15, -math.pi / 2)
    if shape == "hexagon":
        return ring(6, r * 1.05, 0)
    if shape == "star":
        points = []
        for i in range(10):
            radius = r * 1.2 if i % 2 == 0 else r * 0.52
            a = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        return points
    return None


def seat_badge(surface: pygame.Surface, identity: "SeatIdentity", center: tuple[int, int],
               radius: int, faded: bool = False) -> None:
    """The seat's shape filled with its colour, with a dark outline so it reads on any backdrop."""
    colour = identity.colour
    if faded:
        colour = (colour[0] // 3 + 20, colour[1] // 3 + 20, colour[2] // 3 + 20)
    outline = max(3, radius // 6)
    points = shape_points(identity.shape, center, radius)
    if points is None:
        pygame.draw.circle(surface, (11, 7, 6), center, radius + outline)
        pygame.draw.circle(surface, colour, center, radius)
    else:
        thick = shape_points(identity.shape, center, radius + outline * 1.4) or points
        pygame.draw.polygon(surface, (11, 7, 6), thick)
        pygame.draw.polygon(surface, colour, points)


# ---------------------------------------------------------------- menu lists
@dataclass
class MenuItem:
    label: str
    activate: Callable[[], object] | None = None   # what choosing the row does (its result unused)
    value: Callable[[], str] | None = None          # shown right-aligned (settings)
    adjust: Callable[[int], None] | None = None     # LEFT/RIGHT changes the value
    enabled: bool = True
    primary: bool = False                            # the big call to action (START MATCH)
    hold: bool = False                               # chosen by holding A (a choice that ends a moment)
    key: str = ""                                    # how code finds the row (its label is translated)


class DirectionRepeat:
    """Turns directions into menu steps: one step for each press of the d-pad, keys or stick (the
    input manager adds a held direction's repeats, measured in real time, as presses), and one when
    a stick that carries no presses starts leaning a new way."""

    def __init__(self) -> None:
        self.last = (0, 0)

    def step(self, cmd: Command) -> tuple[int, int]:
        leaning = (_axis(cmd, Button.LEFT, Button.RIGHT, cmd.dx), _axis(cmd, Button.UP, Button.DOWN, cmd.dy))
        changed, self.last = leaning != self.last, leaning
        pressed = (_pressed(cmd.pressed, Button.LEFT, Button.RIGHT), _pressed(cmd.pressed, Button.UP, Button.DOWN))
        if pressed != (0, 0):
            return pressed
        return leaning if changed else (0, 0)


def _pressed(pressed: Button, minus: Button, plus: Button) -> int:
    return -1 if pressed & minus else 1 if pressed & plus else 0


def _axis(cmd: Command, minus: Button, plus: Button, stick: int) -> int:
    if cmd.held & minus or cmd.pressed & minus:
        return -1
    if cmd.held & plus or cmd.pressed & plus:
        return 1
    if stick <= -STICK_THRESHOLD:
        return -1
    if stick >= STICK_THRESHOLD:
        return 1
    return 0


class MenuList:
    """A vertical list of big rows; up/down moves, A activates, left/right adjusts, B goes back.

    A row marked `hold` is chosen by holding A on it for HOLD_TICKS (the row fills as it is held);
    a tap only says "hold". `play` is called with a sound name (menu_move, confirm, back) so menus
    are heard.
    """

    def __init__(self, items: list[MenuItem], play: Callable[[str], None] = lambda name: None,
                 on_back: Callable[[], None] | None = None, row_height: int = 68,
                 width: int = 520, visible_rows: int | None = None) -> None:
        self.items = items
        self.play = play
        self.on_back = on_back
        self.row_height = row_height
        self.width = width
        self.index = next((i for i, item in enumerate(items) if item.enabled), 0)
        self.repeat = DirectionRepeat()
        self.visible_rows = visible_rows   # long lists scroll to keep the focus in view
        self.first = 0
        self.holding = 0                   # ticks A has been held on a `hold` row
        self.nudge = 0                     # ticks left of "hold A" after a tap on one

    @property
    def selected(self) -> MenuItem:
        return self.items[self.index]

    def move(self, step: int) -> None:
        n = len(self.items)
        index = self.index
        for _step in range(n):
            index = (index + step) % n
            if self.items[index].enabled:
                break
        if index != self.index:
            self.index = index
            self.play("menu_move")

    def update(self, cmd: Command) -> None:
        dx, dy = self.repeat.step(cmd)
        self.nudge = max(0, self.nudge - 1)
        if dy:
            self.move(dy)
            self.holding = 0
        elif dx and self.selected.adjust is not None and self.selected.enabled:
            self.selected.adjust(dx)
            self.play("menu_move")
        item = self.selected
        if item.hold and item.enabled and item.activate is not None:
            self._hold(item, cmd)
        elif cmd.pressed & Button.A:
            if item.enabled and item.activate is not None:
                self.play("confirm")
                item.activate()
            elif item.enabled and item.adjust is not None:
                item.adjust(1)
                self.play("menu_move")
        if cmd.pressed & Button.B and not cmd.pressed & Button.A and self.on_back is not None:
            self.play("back")
            self.on_back()

    def _hold(self, item: MenuItem, cmd: Command) -> None:
        """A `hold` row: a press starts the fill, holding fills it, letting go early empties it."""
        if cmd.pressed & Button.A:
            self.holding = 1
        elif cmd.held & Button.A and self.holding:
            self.holding += 1
        elif self.holding:
            self.holding = 0
            self.nudge = NUDGE_TICKS      # let go too soon: say how it is chosen
        if self.holding >= HOLD_TICKS:
            self.holding = 0
            self.play("confirm")
            assert item.activate is not None
            item.activate()

    @property
    def hold_progress(self) -> float:
        """How far the focused `hold` row has filled (0..1)."""
        return min(1.0, self.holding / HOLD_TICKS)

    def height(self) -> int:
        return min(len(self.items), self.visible_rows or len(self.items)) * self.row_height

    def _window(self) -> range:
        n = len(self.items)
        rows = self.visible_rows or n
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + rows:
            self.first = self.index - rows + 1
        self.first = max(0, min(self.first, n - rows))
        return range(self.first, min(n, self.first + rows))

    def draw(self, surface: pygame.Surface, ui: "UI", topleft: tuple[int, int], confirm: Sequence[str] = ()) -> None:
        """The rows from `topleft`; a focused `hold` row shows A as `confirm` (what each player the
        screen listens to presses for it: keys_in_play), else as the pad in use prints it."""
        x, y = topleft
        gap = max(6, self.row_height // 8)
        window = self._window()
        if window.start > 0:
            _arrow_v(surface, ui, x + self.width // 2, y - 14, -1)
        if window.stop < len(self.items):
            _arrow_v(surface, ui, x + self.width // 2, y + self.height() + 2, 1)
        for row, i in enumerate(window):
            item = self.items[i]
            rect = pygame.Rect(x, y + row * self.row_height, self.width, self.row_height - gap)
            focused = i == self.index
            # Only the highlighted row looks chosen: the main choice filled while it is the one
            # highlighted, a plain row once a stick has moved off it (it looked chosen still).
            if item.primary and focused:
                panel(surface, ui, rect, fill="accent", border="accent")
                pygame.draw.rect(surface, ui.colour("text"), rect, ui.theme.focus_border,
                                 border_radius=ui.theme.radius)
            else:
                panel(surface, ui, rect, focused=focused)
            colour = "text" if item.enabled else "text_dim"
            label_x = rect.x + 28
            value = _(item.value()) if item.value is not None else None
            if focused and item.hold and item.enabled:
                label_x = self._draw_hold(surface, ui, rect, confirm)
                value_colour = "accent_2"
                if self.nudge or value is None:   # how it is chosen, said brightly just after a tap
                    # TRANSLATORS: on a results row chosen by holding A down (the A button is beside it)
                    value, value_colour = _("Hold"), "text" if self.nudge else "text_dim"
                label = _(item.label)     # beside the caps of every device in play: as large as fits
                room = rect.right - 24 - label_x - 16
                size = ui.fitting_size(f"{label}  {value}", ui.size("body"), room, rect.h, narrows=False)
                blit_text(surface, ui, label, size, colour, midleft=(label_x, rect.centery))
                blit_text(surface, ui, value, size, value_colour, midright=(rect.right - 24, rect.centery))
                continue
            if focused:
                tip = rect.x + 26
                pygame.draw.polygon(surface, ui.colour("text" if item.primary else "accent"),
                                    [(tip - 10, rect.centery - 11), (tip + 4, rect.centery), (tip - 10, rect.centery + 11)])
                label_x += 14
            # labels and values are marked N_() where the menu is built, translated as drawn (a value
            # that is an i18n.Verbatim, a player's own words, is shown as written)
            label = _(item.label)
            # Both in the row: a large UI scale or a long language makes them smaller, never overlapping.
            room = rect.right - 44 - label_x - (48 if value else -24)
            size = ui.fitting_size(f"{label}  {value}" if value else label, ui.size("body"), room,
                                   rect.h, narrows=False)
            blit_text(surface, ui, label, size, colour, midleft=(label_x, rect.centery))
            if value:
                value_rect = blit_text(surface, ui, value, size, "accent_2" if item.enabled else "text_dim",
                                       midright=(rect.right - 44, rect.centery))
                if focused and item.adjust is not None:
                    _arrow(surface, ui, value_rect.left - 18, rect.centery, -1)
                    _arrow(surface, ui, rect.right - 26, rect.centery, 1)

    def _draw_hold(self, surface: pygame.Surface, ui: "UI", rect: pygame.Rect, confirm: Sequence[str]) -> int:
        """The focused `hold` row: filled as far as A has been held, and at its left the A button in
        a ring that closes as it fills (several devices' A: their caps side by side, the row's fill
        the only ring). Returns where the label starts."""
        inner = rect.inflate(-8, -8)
        if self.holding:
            fill = inner.copy()
            fill.w = max(1, round(inner.w * self.hold_progress))
            shade = pygame.Surface(fill.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (*ui.colour("text"), 70), shade.get_rect(), border_radius=max(1, ui.theme.radius - 4))
            surface.blit(shade, fill)
        cap_h = max(24, min(34, rect.h - 20))
        if len(confirm) > 1:
            x = rect.x + 16
            for label in confirm:
                cap = glyphs.badge(ui, label, cap_h)
                x = surface.blit(cap, cap.get_rect(midleft=(x, rect.centery))).right + 4
            return x + 8
        radius = cap_h // 2 + 5
        centre = (rect.x + 12 + radius, rect.centery)
        pygame.draw.circle(surface, ui.colour("shadow"), centre, radius, 5)
        if self.holding:
            box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            box.center = centre
            pygame.draw.arc(surface, ui.colour("text"), box, math.pi / 2 - self.hold_progress * 2 * math.pi,
                            math.pi / 2, 5)
        cap = glyphs.badge(ui, confirm[0] if confirm else pad_label(ui, "A"), cap_h)
        surface.blit(cap, cap.get_rect(center=centre))
        return centre[0] + radius + 12


def _arrow_v(surface: pygame.Surface, ui: "UI", x: int, y: int, direction: int) -> None:
    pygame.draw.polygon(surface, ui.colour("accent_2"),
                        [(x - 14, y - 6 * direction), (x + 14, y - 6 * direction), (x, y + 8 * direction)])


def _arrow(surface: pygame.Surface, ui: "UI", x: int, y: int, direction: int) -> None:
    pygame.draw.polygon(surface, ui.colour("accent_2"),
                        [(x - 7 * direction, y - 10), (x + 7 * direction, y), (x - 7 * direction, y + 10)])


# ---------------------------------------------------------------- toasts
def draw_toasts(surface: pygame.Surface, ui: "UI", texts: list[str], zone: pygame.Rect) -> None:
    """Messages stacked in `zone` (the oldest nearest its edge: its bottom when it lies in the lower
    half of the screen, else its top), each at most two lines; one that would leave the zone waits.
    A zone one message tall (a bar) is covered from side to side, so what it hides does not peek out."""
    upward = zone.centery > surface.get_height() // 2
    y = zone.bottom if upward else zone.top
    size = ui.size("small")
    for text in texts:
        lines = wrap_text(ui, _(text), size, zone.w - 64)[:2]
        images = [ui.render(line, size, "text") for line in lines]
        height = sum(i.get_height() for i in images) + 22
        bar = zone.h < 2 * height
        rect = pygame.Rect(0, 0, zone.w if bar else min(zone.w, max(i.get_width() for i in images) + 60), height)
        if upward:
            rect.midbottom = (zone.centerx, y)
        else:
            rect.midtop = (zone.centerx, y)
        if not zone.contains(rect) and texts.index(text):
            break            # the first is always shown (a long one may reach past a small zone)
        panel(surface, ui, rect, border="accent_2")
        pygame.draw.circle(surface, ui.colour("accent_2"), (rect.x + 22, rect.centery), 7)
        line_y = rect.y + 11
        for image in images:
            surface.blit(image, (rect.x + 40, line_y))
            line_y += image.get_height()
        y = rect.top - 8 if upward else rect.bottom + 8


def wrap_text(ui: "UI", text: str, size: int, width: int, narrows: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` px at `size` (measured, not rendered); a word
    wider than a line is hyphenated where its language hyphenates it. With `narrows` (the caller
    draws each line with a max_width) a word that fits once narrowed to NARROWEST stays whole.
    Kept per text, size, width and language: panels lay out the same words every frame."""
    key = (text, size, width, narrows, language())
    lines = ui.text.wraps.get(key)
    if lines is None:
        if len(ui.text.wraps) >= ui.text.limit:
            ui.text.wraps.clear()
        lines = ui.text.wraps[key] = wrap(text, lambda t: ui.text.width(t, size) <= width,
                                          (lambda t: ui.text.width(t, size) * NARROWEST <= width) if narrows else None)
    return list(lines)


def wrap(text: str, fits: "Callable[[str], bool]", whole: "Callable[[str], bool] | None" = None) -> list[str]:
    """`text` in lines that each fit (`fits`), broken at plain spaces (text.words), a word too long
    for a line hyphenated where its language hyphenates it unless `whole` keeps it as it is, and
    no short last word alone on its line."""
    lines: list[str] = []
    line = ""
    for word in words(text):
        pieces = [word] if whole is not None and whole(word) else hyphenated(word, fits)
        for piece in pieces[:-1]:      # a long word's first pieces each fill a line
            if line:
                lines.append(line)
            lines.append(piece)
            line = ""
        trial = f"{line} {pieces[-1]}".strip(" ")
        if line and not fits(trial):
            lines.append(line)
            line = pieces[-1]
        else:
            line = trial
    lines = [*lines, line] if line else lines
    return no_orphan(lines, fits)


def no_orphan(lines: list[str], fits: "Callable[[str], bool]") -> list[str]:
    """A last line of one short word ("1s", "done") takes the previous line's last word with
    it when that still fits: a lone scrap on its own line reads as a separate message."""
    if len(lines) >= 2 and " " not in lines[-1] and len(lines[-1]) <= 5:
        prev = words(lines[-2])
        moved = f"{prev[-1]} {lines[-1]}"
        if len(prev) >= 2 and fits(moved):
            return [*lines[:-2], " ".join(prev[:-1]), moved]
    return lines


def ellipsized(text: str, fits: "Callable[[str], bool]") -> str:
    """`text` whole when `fits` it, else cut at its end with "…" until it does: a player's long
    name where even drawn narrower it has no room (16 wide letters beside a score)."""
    if fits(text):
        return text
    while len(text) > 1 and not fits(text.rstrip() + "…"):
        text = text[:-1]
    return text.rstrip() + "…"


def fit_text(ui: "UI", text: str, width: int, size: str = "small") -> str:
    """`text` cut with an ellipsis to `width` px."""
    px = ui.size(size)
    if ui.text.width(text, px) <= width:
        return text
    while len(text) > 2 and ui.text.width(text + "…", px) > width:
        text = text[:-1]
    return text + "…"
