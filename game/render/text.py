"""The game's typeface and a cache of rendered texts (a fresh font.render every frame is wasted time).

Every text is set in Atkinson Hyperlegible Next (assets/fonts/, SIL Open Font License), drawn by
the Braille Institute for readers with low vision: open shapes, a tail on the l, a slashed zero
and even spacing at 16 px, where pygame's bundled font broke words apart ("but ton"). The Bold
is the text weight, the ExtraBold the display weight of headings and titles (docs/READABILITY.md,
"The typeface"). Kerning comes from the font's own tables (SDL_ttf shapes with HarfBuzz).

A size number is the game's, as every layout wrote it: the size of pygame's bundled font, whose
em is 0.6875 of it. The face is drawn FACE_SCALE larger per em so a size's lowercase letters stay as
tall as they were (Atkinson's x-height is 0.50 em, FreeSans Bold's 0.524). A character the face
lacks (a player's own level name in Cyrillic) is drawn in the bundled font beside the rest.
"""
from __future__ import annotations

import io
import math
import os
from functools import lru_cache
from typing import Callable

import pygame
import pyphen
from pygame.typing import ColorLike

from game.text import i18n
from game import asset

Colour = tuple[int, int, int]

TEXT_FACE = asset("fonts", "AtkinsonHyperlegibleNext-Bold.ttf")
DISPLAY_FACE = asset("fonts", "AtkinsonHyperlegibleNext-ExtraBold.ttf")
DISPLAY_FROM = 56        # sizes from the menus' headings up (theme "heading" = 60) use the display weight
BUNDLED_EM = 0.6875      # pygame's bundled font opens at this fraction of the size asked
FACE_SCALE = 1.05        # the face's em against the bundled font's at one size (x-height parity)

# The sofa bar (docs/READABILITY.md): every text a player must read is at least this many pixels in
# the 1280x720 picture, counted as the em of FreeSans Bold, the font the bar was first measured
# with (its ascent + descent is its em, so "16 px tall" meant both): a text is as many px as the
# FreeSans em whose letters are as big as its own, i.e. its face's em / FACE_SCALE (`bar_px`).
TEXT_MIN_PX = 16


def em_px(size: int) -> int:
    """The em in pixels the face is opened at for a game size number: the bundled font's em (which
    pygame truncates to whole pixels) times FACE_SCALE."""
    return max(1, round(int(size * BUNDLED_EM) * FACE_SCALE))


def bar_px(font: pygame.font.Font) -> float:
    """A font's size on the sofa bar's scale: its em, in FreeSans Bold px of the same letter size."""
    scale = font.face_scale if isinstance(font, GameFont) else 1.0
    return font.point_size / scale


@lru_cache(maxsize=None)
def min_font_size() -> int:
    """The smallest game size whose text reaches TEXT_MIN_PX on the bar's scale (24: em 17 px);
    worked out once (every font look-up asks)."""
    size = TEXT_MIN_PX
    while em_px(size) / FACE_SCALE < TEXT_MIN_PX:
        size += 1
    return size


NARROWEST = 0.8   # text may be drawn this much narrower than its font makes it, never shorter

# The game's calls, never broken across two lines.
WHOLE = ("SOLD OUT!", "CHECK OUT!")


def words(text: str) -> list[str]:
    """`text` cut where a line may break: at plain spaces only. A no-break space (French puts one
    before : ; ! ? and inside « ») keeps its neighbours on one line, as str.split() would not, and
    so does the space inside a call (WHOLE)."""
    for term in WHOLE:
        text = text.replace(term, term.replace(" ", "\0"))
    return [word.replace("\0", " ") for word in text.split(" ") if word]


# Hyphenation dictionaries (pyphen's, from LibreOffice) per language the game speaks.
HYPHENATION = {"en": "en_GB", "de": "de_DE", "fr": "fr", "es": "es"}


def hyphenation_points(word: str) -> list[int]:
    """Where the language in use hyphenates `word` (indexes to cut before), at least two letters
    from either end. A one-letter syllable the dictionary marks at a compound's seam
    ("Schlüsse-l-anhänger") keeps only its later point, the seam ("Schlüssel-anhänger")."""
    return list(_points(word, i18n.language()))


def hyphenated(word: str, fits: "Callable[[str], bool]") -> list[str]:
    """`word` in pieces that each fit a line (`fits`), cut where the language hyphenates it, every
    piece but the last ending in a hyphen; the word whole when no cut makes it fit (the layout then
    narrows it)."""
    if fits(word):
        return [word]
    pieces: list[str] = []
    rest = word
    while not fits(rest):
        cuts = [p for p in hyphenation_points(rest) if fits(rest[:p] + "-")]
        if not cuts:
            break
        pieces.append(rest[:cuts[-1]] + "-")
        rest = rest[cuts[-1]:]
    return [*pieces, rest] if pieces else [word]


@lru_cache(maxsize=2048)
def _points(word: str, code: str) -> tuple[int, ...]:
    points = _dictionary(HYPHENATION.get(code, HYPHENATION["en"])).positions(word)
    return tuple(p for p in points if p + 1 not in points)


@lru_cache(maxsize=None)
def _dictionary(name: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=name, left=2, right=2)


def load_hyphenation(code: str) -> None:
    """Read language `code`'s hyphenation dictionary now (some 50 ms of parsing its patterns), so
    the first long word that needs it does not pay for it (game/scenes/warmup.py reads it on a
    thread while the title idles)."""
    _dictionary(HYPHENATION.get(code, HYPHENATION["en"]))


@lru_cache(maxsize=None)
def _face_bytes(face: str) -> bytes:
    with open(face, "rb") as file:
        return file.read()


def face_file(face: str | os.PathLike[str]) -> io.BytesIO:
    """`face` as a file in memory to open a Font from (the BytesIO shares the bytes: no copy per
    size). A Font opened from a path holds a file descriptor as long as it lives (the caches keep
    ~150) and never gives it back if it outlives pygame.font (pygame-ce skips the close then):
    a test run reached 1,700 descriptors that way. Rendering from memory is also no slower."""
    return io.BytesIO(_face_bytes(os.fspath(face)))


class GameFont(pygame.font.Font):
    """The face at one size, falling back to pygame's bundled font for characters it has not got.

    Texts whose characters the face all has (every catalogue's, checked by tests/test_i18n.py)
    render in one call; any other text is set in runs, each in the font that has its characters,
    on one baseline."""

    def __init__(self, size: int) -> None:
        self.face = DISPLAY_FACE if size >= DISPLAY_FROM else TEXT_FACE
        self.face_scale = FACE_SCALE
        super().__init__(face_file(self.face), em_px(size))
        self.set_script("Latn")
        self._fallback: pygame.font.Font | None = None
        self._plain: dict[str, tuple[str, bool]] = {}   # text -> (as set, whether the face has every char)

    def has(self, char: str) -> bool:
        """Whether the face draws `char`."""
        return _covered(self.face, char)

    def _set(self, text: str | bytes | None) -> tuple[str | bytes | None, bool]:
        """`text` as it is set (spaces the face lacks made thin) and whether the face alone draws
        it: worked out once per text (a HUD measures the same words every frame)."""
        if not isinstance(text, str):
            return text, True
        found = self._plain.get(text)
        if found is None:
            if len(self._plain) >= 2048:
                self._plain.clear()
            spaced = self._spaced(text)
            assert isinstance(spaced, str)
            found = self._plain[text] = (spaced, all(self.has(c) for c in spaced))
        return found

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        text, plain = self._set(text)
        if not text or isinstance(text, bytes) or plain:
            return super().render(text, antialias, color, bgcolor, wraplength)
        runs = [(font, part, font.render(part, antialias, color)) for font, part in self._runs(text)]
        ascent = self.get_ascent()
        out = pygame.Surface((sum(s.get_width() for _, _, s in runs), self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for font, _, surf in runs:
            out.blit(surf, (x, ascent - font.get_ascent()))
            x += surf.get_width()
        return out

    def size(self, text: str | bytes) -> tuple[int, int]:
        set_as, plain = self._set(text)
        text = set_as or ""
        if not text or isinstance(text, bytes) or plain:
            return super().size(text)
        return sum(pygame.font.Font.size(font, part)[0] for font, part in self._runs(text)), self.get_height()

    def _spaced(self, text: str | bytes | None) -> str | bytes | None:
        """A space the face has no glyph for (Babel groups French digits with a narrow no-break
        space) drawn as a thin space, else a space: never as the empty box of a missing glyph."""
        if not isinstance(text, str) or all(not c.isspace() or self.has(c) for c in text):
            return text
        thin = "\u2009" if self.has("\u2009") else " "
        return "".join(thin if c.isspace() and not self.has(c) else c for c in text)

    def _runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut where it changes between the face and the fallback."""
        runs: list[tuple[pygame.font.Font, str]] = []
        for char in text:
            font: pygame.font.Font = self if self.has(char) else self.fallback()
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + char)
            else:
                runs.append((font, char))
        return runs

    def fallback(self) -> pygame.font.Font:
        """The bundled font with lowercase letters as tall as the face's."""
        if self._fallback is None:
            self._fallback = pygame.font.Font(None, math.ceil(round(self.point_size / self.face_scale) / BUNDLED_EM))
        return self._fallback


_COVERED: dict[tuple[object, str], bool] = {}
_PROBE_EM = 64


def _covered(face: str | os.PathLike[str], char: str) -> bool:
    """Whether `face` maps `char` to a glyph of its own (not the empty box every font draws for a
    character it lacks), measured once per face and character at a large size."""
    key = (face, char)
    known = _COVERED.get(key)
    if known is None:
        probe = pygame.font.Font(face_file(face), _PROBE_EM)
        missing, metrics = probe.metrics("\U000f0000" + char)
        known = metrics is not None and metrics != missing
        _COVERED[key] = known
    return known


class TextCache:
    """Renders text in the game's typeface and keeps the surfaces.

    Keyed by (text, size, colour); cleared wholesale when it grows past
    `limit` so a screen full of changing numbers cannot leak memory.
    """

    def __init__(self, scale: float = 1.0, limit: int = 600) -> None:
        self.scale = scale
        self.limit = limit
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, Colour, int], pygame.Surface] = {}
        self._widths: dict[tuple[str, int], int] = {}   # measured, not rendered: layout asks every frame
        self.wraps: dict[tuple[object, ...], list[str]] = {}   # widgets.wrap_text's lines, at this scale

    def set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()
            self._texts.clear()
            self._widths.clear()
            self.wraps.clear()

    def font(self, size: int) -> pygame.font.Font:
        px = max(min_font_size(), round(size * self.scale))
        font = self._fonts.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = GameFont(px)
            self._fonts[px] = font
        return font

    def render(self, text: str, size: int, colour: Colour, max_width: int = 0) -> pygame.Surface:
        """`text` rendered; wider than `max_width` (when given) it is drawn narrower, down to
        NARROWEST of its width and never shorter (the sofa bar): past that the layout must make room."""
        key = (text, size, colour, max_width)
        surface = self._texts.get(key)
        if surface is None:
            if len(self._texts) >= self.limit:
                self._texts.clear()
            surface = self.font(size).render(text, True, colour)
            w, h = surface.get_size()
            if 0 < max_width < w:
                surface = pygame.transform.smoothscale(surface, (max(max_width, math.ceil(w * NARROWEST)), h))
            self._texts[key] = surface
        return surface

    def line_height(self, size: int) -> int:
        return self.font(size).get_linesize()

    def width(self, text: str, size: int) -> int:
        key = (text, size)
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) >= 4 * self.limit:
                self._widths.clear()
            found = self._widths[key] = self.font(size).size(text)[0]
        return found
