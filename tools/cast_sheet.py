"""A contact sheet of the shoppers' cast: every character in every animation state, in the seat
colours and in colour-blind mode (the seat's pattern on the shirt), for review.

    python tools/cast_sheet.py OUT.png [--size 72] [--frames] [--palette both|seats|colourblind]

Rows are the characters of assets/cast.toml (each in the seat colour it has by default: seat N,
character N); columns are the states of game/render/poses.py at the frame that shows each best
(`--frames`: every frame of every state, one row per character and state). The colour-blind half
repeats the sheet with each seat's shirt pattern. Runs headless.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

BACKDROP = (74, 62, 58)
PANEL = (52, 42, 40)
TEXT = (255, 244, 227)
# The frame of each state that says it best on a still sheet (the walk mid-stride, the cheer up high...).
KEY_FRAME = {"idle": 0, "fidget": 3, "walk": 2, "carry": 2, "browse": 1, "deliver": 2, "bump": 0,
             "surprise": 1, "cheer": 1, "slump": 1}
LABEL_W = 150


def _cell(size: int) -> tuple[int, int]:
    return round(size * 1.9), round(size * 2.5)


def _label(text: str, width: int) -> pygame.Surface:
    from game.render.icons import INK, outlined_text
    return outlined_text(text, 24, TEXT, INK, width=2, max_width=width)


def sheet_half(size: int, colourblind: bool, every_frame: bool) -> pygame.Surface:
    """One palette's sheet: a header row of state names, a row per character (or per character
    and state with every frame)."""
    from game.match.seats import identities
    from game.render.cast import cast
    from game.render.figure import Look, figure
    from game.render.poses import FRAMES, STATES
    from game.text.i18n import _
    cw, ch = _cell(size)
    columns = max(FRAMES.values()) if every_frame else len(STATES)
    rows = [(c, s) for c in cast() for s in STATES] if every_frame else [(c, "") for c in cast()]
    out = pygame.Surface((LABEL_W + columns * cw, 40 + len(rows) * ch + 8))
    out.fill(PANEL)
    title = "colour-blind mode" if colourblind else "seat colours"
    out.blit(_label(title, LABEL_W - 8), (8, 8))
    if not every_frame:
        for i, state in enumerate(STATES):
            word = _label(state, cw - 4)
            out.blit(word, word.get_rect(midtop=(LABEL_W + i * cw + cw // 2, 8)))
    for r, (who, only) in enumerate(rows):
        seat = [c.id for c in cast()].index(who.id) % len(identities())
        ident = identities()[seat]
        look = Look(ident.hex, ident.shape, seat if colourblind else None)
        y = 40 + r * ch
        name = _label(f"{_(who.name)} {only}".strip(), LABEL_W - 12)
        out.blit(name, name.get_rect(midleft=(8, y + ch // 2)))
        cells = [(only, f) for f in range(FRAMES[only])] if every_frame else [(s, KEY_FRAME[s]) for s in STATES]
        for i, (state, frame) in enumerate(cells):
            drawn = figure(who, look, size, state, frame)
            feet = (LABEL_W + i * cw + cw // 2, y + ch - round(size * 0.15))
            shadow = pygame.Rect(0, 0, size, size // 3)
            shadow.center = feet
            pygame.draw.ellipse(out, (0, 0, 0), shadow)
            pygame.draw.ellipse(out, ident.colour, shadow, 3)
            out.blit(drawn.surface, (feet[0] - drawn.feet[0], feet[1] - drawn.feet[1]))
    return out


PALETTES = {"both": (False, True), "seats": (False,), "colourblind": (True,)}


def contact_sheet(size: int, every_frame: bool, palette: str = "both") -> pygame.Surface:
    """The palettes asked for, one above the other."""
    halves = [sheet_half(size, cb, every_frame) for cb in PALETTES[palette]]
    out = pygame.Surface((max(h.get_width() for h in halves) + 16, sum(h.get_height() for h in halves) + 24))
    out.fill(BACKDROP)
    y = 8
    for half in halves:
        out.blit(half, (8, y))
        y += half.get_height() + 8
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("--size", type=int, default=72, help="one shopper size in px (default 72: a 1080p map's)")
    parser.add_argument("--frames", action="store_true", help="every frame of every state")
    parser.add_argument("--palette", choices=sorted(PALETTES), default="both",
                        help="the seat colours, colour-blind mode (the seats' shirt patterns) or both (default)")
    args = parser.parse_args(argv)
    if not 16 <= args.size <= 400:
        parser.error("--size must be 16 to 400")
    pygame.init()
    pygame.display.set_mode((1, 1))
    try:
        pygame.image.save(contact_sheet(args.size, args.frames, args.palette), args.out)
    except (pygame.error, OSError) as exc:
        print(f"cast_sheet: cannot write {args.out}: {exc}", file=sys.stderr)
        return 2
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
