"""Where text (and seat shapes) land on screen, for layout tests: no text over text.

    probe = TextProbe(monkeypatch)        # before the scene is built
    ... build and draw the scene onto probe.screen() ...
    assert probe.overlaps() == []

It tags every surface the game's text functions return (TextCache.render,
icons.text_surface, icons.outlined_text) and every seat shape, and swaps
pygame.Surface for a subclass that remembers where tagged surfaces were
blitted; a remembered surface blitted onto another carries its contents along
(pictures drawn once and blitted every frame). Rects are the glyphs' ink, not
the font's line box. Copies of one text at one place (drop shadows, outlines)
are one text. A text wholly under an opaque picture blitted (or a box filled, or the drawn pixels of
a colour-keyed picture such as a kept panel) later is hidden, not counted.

Each text also carries its size in pixels as drawn: its font's size on the sofa bar's scale
(text.bar_px: the em, counted in FreeSans Bold px of the same letter size) times any shrink
applied to fit a width, so
`probe.small(screen)` lists every text under the sofa bar (docs/READABILITY.md).
"""
from __future__ import annotations

import pygame

from game.render import icons, text


class TextProbe:
    def __init__(self, monkeypatch) -> None:
        self.tags: dict[int, tuple[str, str, pygame.Rect, float]] = {}   # id -> (kind, label, ink rect, px)
        self.clipped: list[str] = []       # texts whose ink did not all fit where they were blitted
        self._keep: list[pygame.Surface] = []
        probe = self

        class ProbeSurface(pygame.Surface):
            @property
            def items(self) -> list[tuple[str, str, pygame.Rect, float]]:
                # copy() makes one of these without calling __init__: the list is made on first use
                return self.__dict__.setdefault("_items", [])

            def blit(self, source, dest, area=None, special_flags=0):
                done = super().blit(source, dest, area, special_flags)
                at = pygame.Rect(dest).topleft if not isinstance(dest, (tuple, list)) or len(dest) == 4 \
                    else (int(dest[0]), int(dest[1]))
                shift = (at[0] - (area[0] if area else 0), at[1] - (area[1] if area else 0))
                if not special_flags and probe.opaque(source):    # hides every text wholly under it
                    self.items[:] = [item for item in self.items if not done.contains(item[2])]
                elif not special_flags and probe.keyed(source):   # hides what its drawn pixels wholly cover
                    self.items[:] = [item for item in self.items
                                     if not (done.contains(item[2]) and probe.covers(source, item[2].move(-shift[0], -shift[1])))]
                tag = probe.tags.get(id(source))
                if tag is not None:
                    self.items.append((tag[0], tag[1], tag[2].move(shift).clip(done), tag[3]))
                    if tag[0] == "text" and tag[2].move(shift).clip(done).size != tag[2].size:
                        probe.clipped.append(tag[1])     # part of the ink fell outside: cut off
                for kind, label, rect, px in getattr(source, "items", ()):
                    moved = rect.move(shift).clip(done)
                    if moved.w and moved.h:
                        self.items.append((kind, label, moved, px))
                return done

            # A layer converted or copied keeps the texts drawn on it (a static frame is converted
            # to the display's format once, then blitted every frame).
            def convert(self, *args):
                return self._carry(super().convert(*args))

            def convert_alpha(self, *args):
                return self._carry(super().convert_alpha(*args))

            def copy(self):
                return self._carry(super().copy())

            def _carry(self, done):
                out = done if isinstance(done, ProbeSurface) else ProbeSurface(done.get_size(), done.get_flags(), done)
                if out is not done:
                    pygame.Surface.blit(out, done, (0, 0), None, pygame.BLEND_RGBA_MAX if done.get_flags() & pygame.SRCALPHA else 0)
                out.items[:] = list(self.items)
                return out

            def fill(self, *args, **kwargs):
                done = super().fill(*args, **kwargs)
                if not args[1:] and not kwargs.get("rect"):
                    self.items.clear()          # a whole new picture
                return done

        self.Surface = ProbeSurface
        monkeypatch.setattr(pygame, "Surface", ProbeSurface)
        real_rect = pygame.draw.rect

        def rect(surface, colour, box, width=0, *args, **kwargs):
            done = real_rect(surface, colour, box, width, *args, **kwargs)
            if not width and isinstance(surface, ProbeSurface):   # a filled box: draw writes, never blends
                surface.items[:] = [item for item in surface.items if not done.contains(item[2])]
            return done
        monkeypatch.setattr(pygame.draw, "rect", rect)

        def tagging(kind, fn, label_of, px_of=lambda args, surf: 0.0):
            def wrapper(*args, **kwargs):
                surf = fn(*args, **kwargs)
                probe.tag(surf, kind, label_of(args), px_of(args, surf))
                return surf
            return wrapper

        def drawn_px(font: pygame.font.Font, label: str, surf: pygame.Surface, edge: int = 0) -> float:
            """The font's size on the bar's scale, times the shrink a max_width applied (the surface's
            height against the height the text renders at, plus any outline on both sides)."""
            full = font.size(label)[1] + 2 * edge
            return text.bar_px(font) * min(1.0, surf.get_height() / full) if full else 0.0

        monkeypatch.setattr(text.TextCache, "render", tagging(
            "text", text.TextCache.render, lambda a: str(a[1]),
            lambda a, s: drawn_px(a[0].font(a[2]), str(a[1]), s)))
        monkeypatch.setattr(icons, "_text", tagging(
            "text", icons._text, lambda a: str(a[0]), lambda a, s: drawn_px(icons.font(a[1]), str(a[0]), s)))
        monkeypatch.setattr(icons, "_outlined", tagging(
            "text", icons._outlined, lambda a: str(a[0]),
            lambda a, s: drawn_px(icons.font(a[1]), str(a[0]), s, int(a[4]))))
        monkeypatch.setattr(icons, "_seat_shape", tagging("shape", icons._seat_shape, lambda a: str(a[0])))

    @staticmethod
    def opaque(surf: pygame.Surface) -> bool:
        """A surface that covers what it is blitted over: no per-pixel alpha, no colour key, no
        surface alpha under 255."""
        alpha = surf.get_alpha()
        return not surf.get_flags() & pygame.SRCALPHA and surf.get_colorkey() is None \
            and (alpha is None or alpha == 255)

    @staticmethod
    def keyed(surf: pygame.Surface) -> bool:
        """A colour-keyed surface with no alpha (a kept panel): it covers where it is not the key."""
        alpha = surf.get_alpha()
        return not surf.get_flags() & pygame.SRCALPHA and surf.get_colorkey() is not None \
            and (alpha is None or alpha == 255)

    def covers(self, surf: pygame.Surface, rect: pygame.Rect) -> bool:
        """Whether every pixel of `rect` (in `surf`'s own place) is one `surf` draws (not its key)."""
        drawn = pygame.mask.from_surface(surf)          # the colour key's pixels unset
        box = pygame.mask.Mask(rect.size, fill=True)
        return drawn.overlap_area(box, rect.topleft) == rect.w * rect.h

    def tag(self, surf: pygame.Surface, kind: str, label: str, px: float = 0.0) -> None:
        self._keep.append(surf)            # ids stay unique while the probe lives
        self.tags[id(surf)] = (kind, label, surf.get_bounding_rect(), px)

    def screen(self) -> pygame.Surface:
        return self.Surface((1280, 720))

    @staticmethod
    def items(surface) -> list[tuple[str, str, pygame.Rect]]:
        """Distinct (kind, label, rect): one text drawn twice at nearly one place counts once."""
        out: list[tuple[str, str, pygame.Rect]] = []
        for kind, label, rect, _px in surface.items:
            if any(k == kind and l == label and abs(r.x - rect.x) <= 8 and abs(r.y - rect.y) <= 8
                   for k, l, r in out):
                continue
            out.append((kind, label, rect))
        return out

    def overlaps(self, surface, shapes: bool = False) -> list[str]:
        """Every pair of texts (and, if asked, text and seat shape) whose ink intersects."""
        items = [i for i in self.items(surface) if i[0] == "text" or (shapes and i[0] == "shape")]
        bad = []
        for n, (kind_a, a, ra) in enumerate(items):
            for kind_b, b, rb in items[n + 1:]:
                if kind_a == kind_b == "shape" or (a == b and kind_a == kind_b):
                    continue
                if ra.colliderect(rb):
                    bad.append(f"{kind_a} {a!r} {tuple(ra)} x {kind_b} {b!r} {tuple(rb)}")
        return bad

    def texts(self, surface) -> list[tuple[str, pygame.Rect]]:
        return [(label, rect) for kind, label, rect in self.items(surface) if kind == "text"]

    @staticmethod
    def small(surface, least: float) -> list[str]:
        """Every text with ink on the picture drawn under `least` px tall (blank labels have no ink)."""
        out = []
        for kind, label, rect, px in surface.items:
            if kind == "text" and label.strip() and rect.w and rect.h and px < least - 0.01:
                out.append(f"{label!r} {px:.1f} px at {tuple(rect.topleft)}")
        return list(dict.fromkeys(out))
