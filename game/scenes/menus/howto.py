"""How-to-play cards: a title and a few pages of text and icons, over whatever is below.

Reusable by any game scene: `HowToScene(ctx, title, pages, key=...)`, or load
the text from assets/howto/NAME.toml with `load_howto(name)`. Once closed, the
card is remembered as seen in the user folder (howto_seen.json), and
`push_howto_once` no longer shows it.

Ready, not turn (game/scenes/ready.py): every seated person's A says "I have read this page"
(their badge under the page ticks); the page turns for everyone when all of them are ready, and
the card closes when all are ready on its last page. A press counts only once the page has been
up MIN_PAGE_TICKS, so a thumb mashing A, or four players each pressing A once "to be ready",
never turns past a page nobody saw. Bots are always ready (only the seated are asked). The
first person's B / Left goes back a page for everyone; START skips the card.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.scene import Scene
from game import asset
from game.text.i18n import N_, _
from game.match.commands import IDLE, Button, Command
from game.render import glyphs, widgets
from game.render.keytext import keyed_text
from game.render.clothing import card_back_surface, pile_surface
from game.render.icons import bag_icon, seat_shape_surface, star_icon
from game.render.palette import (CREAM, DRESSER, DRESSER_SEAT, ORANGE, ORANGE_HEX, PANEL_DARK, PAPER, PAPER_EDGE,
                                 SHADOW, SKY_BLUE, SKY_HEX, WOOD, WOOD_EDGE)
from game.scenes.common import menu_command
from game.scenes.menus import howto_pictures
from game.scenes.pads import keys_in_play
from game.scenes.ready import READY_AFTER_TICKS, ReadyGate, seated_people
from game.files.register import HOWTO_SEEN

if TYPE_CHECKING:
    from game.core.context import Context

HOWTO_DIR = asset("howto")
SEEN_FILE = HOWTO_SEEN.relative()
ICON = 84
MIN_PAGE_TICKS = READY_AFTER_TICKS     # 0.75 s: a page is up this long before a ready counts


class HowToError(Exception):
    """A how-to file that cannot be used; the message names the file."""


@dataclass(frozen=True)
class HowToPage:
    heading: str
    lines: tuple[str, ...]
    icons: tuple[str, ...] = ()


def load_howto(name: str, folder: Path = HOWTO_DIR) -> tuple[str, list[HowToPage]]:
    """(title, pages) from folder/NAME.toml; HowToError with a one-line message otherwise."""
    path = folder / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise HowToError(f"{path}: {exc}") from None
    title = data.get("title")
    pages = data.get("page")
    if not isinstance(title, str) or not isinstance(pages, list) or not pages:
        raise HowToError(f"{path}: needs a title and at least one [[page]]")
    out = []
    for i, page in enumerate(pages, 1):
        lines = page.get("lines") if isinstance(page, dict) else None
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise HowToError(f"{path}: page {i} needs lines = [\"...\"]")
        icons = page.get("icons", [])
        if not isinstance(icons, list) or not all(isinstance(x, str) for x in icons):
            raise HowToError(f"{path}: page {i}: icons must be a list of names")
        heading = str(page.get("heading", ""))
        out.append(HowToPage(_(heading) if heading else "", tuple(map(_, lines)), tuple(icons)))
    return _(title), out   # the card's text is in the catalogue (babel.cfg): read in the player's language


# ---------------------------------------------------------------- "seen" memory
def load_seen() -> tuple[list[str], str | None]:
    """The how-to cards seen, and a warning if the file was damaged (it is moved aside)."""
    loaded = HOWTO_SEEN.load([])
    return list(loaded.data), loaded.warning   # type: ignore[call-overload]


def seen_keys() -> list[str]:
    return load_seen()[0]


def is_seen(key: str) -> bool:
    return key in seen_keys()


def mark_seen(key: str) -> str | None:
    """Remember card `key` as seen; a one-line warning if the folder cannot take it (the card then
    shows again next time)."""
    keys = seen_keys()
    if key in keys:
        return None
    return HOWTO_SEEN.try_save(sorted([*keys, key]))


def push_howto(ctx: "Context", name: str, on_done: Callable[[], None] | None = None) -> bool:
    """Show how-to NAME now (e.g. from a BACK press). False if its file is unusable."""
    try:
        title, pages = load_howto(name)
    except HowToError as exc:
        ctx.toast(str(exc))
        return False
    ctx.stack.push(HowToScene(ctx, title, pages, key=name, on_done=on_done))
    return True


def push_howto_once(ctx: "Context", name: str, on_done: Callable[[], None] | None = None) -> bool:
    """Show how-to NAME unless it was seen before. True if it was pushed."""
    warning = load_seen()[1]     # a damaged file is moved aside here, and said once
    if warning:
        ctx.toast(warning, seconds=8)
    if is_seen(name):
        return False
    return push_howto(ctx, name, on_done)


# ---------------------------------------------------------------- the scene
class HowToScene(Scene):
    name = "howto"
    opaque = False

    def __init__(self, ctx: "Context", title: str, pages: list[HowToPage], key: str | None = None,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.pages = pages or [HowToPage("", ("",))]
        self.key = key
        self.on_done = on_done
        self.page = 0
        self.closed = False
        # who is asked: the seated people (a bot has no device, and is always ready); nobody seated: anyone
        self.gate = ReadyGate(seated_people(ctx))

    @property
    def people(self) -> tuple[int, ...]:
        return self.gate.people

    @property
    def ready(self) -> set[int]:
        return self.gate.ready

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.key:
            self.ctx.save_warning(mark_seen(self.key))
        self.ctx.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def update(self, commands: dict[int, Command]) -> None:
        cmd = menu_command(commands)
        pressed = cmd.pressed
        for seat, c in commands.items():
            if seat >= 0:
                pressed |= c.pressed
        if pressed & Button.START or self.ctx.input.escape_pressed():
            self.ctx.sound("confirm")
            self.close()
            return
        lead = commands.get(self.people[0], IDLE) if self.people else cmd
        if lead.pressed & (Button.B | Button.LEFT) and self.page > 0:
            self.ctx.sound("back")
            self._turn(-1)
            return
        if self.gate.hear(commands, cmd):
            self.ctx.sound("menu_move")
        if self.gate.all_ready:
            if self.page + 1 >= len(self.pages):
                self.close()
            else:
                self._turn(1)

    def _turn(self, step: int) -> None:
        """A new page for everyone: nobody is ready on it yet."""
        self.page += step
        self.gate.new_page()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        box = widgets.modal(surface, ui, (1000, 560), border="accent_2", dim_alpha=210)
        w = surface.get_width()
        widgets.blit_text(surface, ui, _("HOW TO PLAY"), "small", "text_dim", center=(w // 2, box.y + 34))
        widgets.logo_text(surface, ui, self.title, ui.size("heading"), ui.colour("accent_2"),
                          (w // 2, box.y + 86), outline=4)
        page = self.pages[self.page]
        widgets.blit_text(surface, ui, page.heading, "large", "text", center=(w // 2, box.y + 160))
        self._icons(surface, page.icons, (w // 2, box.y + 240))
        names = keys_in_play(self.ctx)   # what every seated player presses: pads' glyphs, keyboards' keys
        # The paragraphs between the icons and the page dots: a step smaller when a language runs long.
        top, bottom = box.y + 284, box.bottom - 92
        for size in (ui.size("small") + 2, ui.size("small")):
            paragraphs = [keyed_text(ui, line, size, ui.colour("text"), names, box.w - 100) for line in page.lines]
            height = sum(p.get_height() for p in paragraphs) + 8 * (len(paragraphs) - 1)
            if height <= bottom - top:
                break
        y = top + max(0, (bottom - top - height) // 2)
        for paragraph in paragraphs:
            y = surface.blit(paragraph, paragraph.get_rect(midtop=(w // 2, y))).bottom + 8
        dots = len(self.pages)
        for i in range(dots):
            colour = ui.colour("accent_2") if i == self.page else ui.colour("border")
            pygame.draw.circle(surface, colour, (box.x + 60 + i * 28, box.bottom - 76), 8)
        self._badges(surface, box)
        last = self.page + 1 >= dots
        widgets.hints(surface, ui, [(names.get("A", "A"), N_("Ready: got it!") if last else N_("Ready")),
                                    (names.get("B", "B"), N_("Back")), (names.get("START", "START"), N_("Skip"))],
                      y=box.bottom - 34)

    def _badges(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Each person's shape along the card's foot, ticked once they are ready, and the rule
        everybody sees: the page turns when all are."""
        self.gate.draw(surface, self.ctx.ui, box.right - 40, box.bottom - 76, _("Turns when everyone is ready"))

    def _icons(self, surface: pygame.Surface, icons: tuple[str, ...], centre: tuple[int, int]) -> None:
        made = [m for m in (_icon(self.ctx, name) for name in icons) if m is not None]
        gap = 28
        total = sum(m.get_width() for m in made) + gap * max(0, len(made) - 1)
        x = centre[0] - total // 2
        for m in made:
            surface.blit(m, m.get_rect(midleft=(x, centre[1])))
            x += m.get_width() + gap


def _icon(ctx: "Context", name: str) -> pygame.Surface | None:
    """A small picture for a how-to page (None for an unknown name: the text still reads)."""
    if name.startswith("key:"):
        said = keys_in_play(ctx).get(name[4:])
        if said:   # what every seated player presses: each pad family's glyph, each keyboard half's key
            return _glyph_row(ctx, said)
        label = ctx.ui.render(name[4:], 40, PANEL_DARK)
        cap = pygame.Surface((max(64, label.get_width() + 28), 64), pygame.SRCALPHA)
        pygame.draw.rect(cap, SHADOW, cap.get_rect().move(0, 3), border_radius=16)
        pygame.draw.rect(cap, CREAM, cap.get_rect().inflate(0, -4), border_radius=16)
        cap.blit(label, label.get_rect(center=(cap.get_width() // 2, 30)))
        return cap
    if name == "pile":
        return pile_surface(9, (ICON, ICON + 10))
    if name == "card":
        return card_back_surface((ICON - 16, ICON + 8))
    if name in ("bag", "soldout"):
        return bag_icon(ICON)
    if name == "star":
        return star_icon(ICON)
    if name in ("list", "dresser", "table", "hand"):
        return _picture(name)
    return howto_pictures.picture(name)


def _glyph_row(ctx: "Context", labels: list[str]) -> pygame.Surface:
    caps = [glyphs.badge(ctx.ui, label, 64) for label in labels]
    row = pygame.Surface((sum(c.get_width() for c in caps) + 8 * (len(caps) - 1), 64), pygame.SRCALPHA)
    x = 0
    for cap in caps:
        row.blit(cap, (x, 0))
        x += cap.get_width() + 8
    return row


def _picture(name: str) -> pygame.Surface:
    """Tiny drawn scenes: a list card, a dresser chair, the Starting Table, a fanned hand."""
    surf = pygame.Surface((ICON + 40, ICON), pygame.SRCALPHA)
    if name == "list":
        pygame.draw.rect(surf, PAPER, (4, 8, ICON + 30, ICON - 16), border_radius=10)
        pygame.draw.rect(surf, PAPER_EDGE, (4, 8, ICON + 30, ICON - 16), 4, border_radius=10)
        for i in range(3):
            pygame.draw.rect(surf, SKY_BLUE if i != 1 else ORANGE, (16 + i * 34, 26, 26, 34),
                             border_radius=6)
    elif name == "dresser":
        pygame.draw.rect(surf, DRESSER, (30, 20, 56, 50), border_radius=10)
        pygame.draw.rect(surf, DRESSER_SEAT, (30, 56, 56, 14), border_radius=6)
        surf.blit(seat_shape_surface("circle", ORANGE_HEX, 30), (2, 4))
        surf.blit(seat_shape_surface("square", SKY_HEX, 30), (ICON + 8, 4))
    elif name == "table":
        pygame.draw.rect(surf, WOOD, (8, 14, ICON + 24, ICON - 28), border_radius=10)
        pygame.draw.rect(surf, WOOD_EDGE, (8, 14, ICON + 24, ICON - 28), 4, border_radius=10)
        for i in range(3):
            surf.blit(card_back_surface((22, 30)), (26 + i * 26, 26 + (i % 2) * 4))
    else:  # hand
        for i in range(4):
            surf.blit(card_back_surface((34, 48)), (10 + i * 24, 18 - (i % 2) * 6))
    return surf


