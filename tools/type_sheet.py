"""Typeface contact sheets: the words that broke apart, every accent of de/fr/es and the game's
symbols, at the sizes the game draws, in the menus' colours, one sheet per typeface.

    python tools/type_sheet.py [OUT_DIR] [LABEL=TEXT_FONT[,DISPLAY_FONT] ...]

Also writes compare.png: every face's floor-size line at 2x, one under the other.

With no typeface given it draws the shipped pair (assets/fonts/) beside pygame's bundled
freesansbold, which the game used before. Each sheet shows the text face at the game's sizes
(the sofa bar's floor up to the body size), the display face at the heading and title sizes, and a
2x close-up of the floor size where a gap inside a word would show. A size is the game's size
number (game/render/text.py). Runs headless.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.render import text  # noqa: E402

BACKGROUND = (28, 19, 17)
PANEL = (45, 33, 28)
INK = (255, 244, 227)
DIM = (201, 184, 166)
GOLD = (255, 193, 69)
WIDTH = 1500

WORDS = ["Join / Select   Leave   Play   Back   Quit   button   Personal best",
         "zeigt  Starttisch  Weiter  Auswählen  Größe  Übung  Straße",
         "Sélectionner  Réglages  Écran  « Voilà »  Garçon  Œuvre",
         "¿Listo?  ¡Prepárate!  Señal  Añadir  Jugar  Pequeño",
         "Wave  AVAT  Toy  1 234 567 890  12,5 s  30 s  3 × 2  Bot · Hard  Settings › Language  Wait…"]
SYMBOLS = "· × › … – — „ “ « » ¡ ¿ ° º ª ß ñ ç œ é è ê ë à â ä ö ü ù û ï î ô É È À Ä Ö Ü Ñ Ç Œ"
TEXT_SIZES = (24, 26, 32, 44)
DISPLAY_SIZES = (60, 112)


def open_font(path: str | None, size: int) -> pygame.font.Font:
    """A face at a game size, opened as the game opens its own (text.em_px: the bundled font's em
    times FACE_SCALE); None is the bundled font, which scales the size itself."""
    if path is None:
        return pygame.font.Font(None, size)
    font = pygame.font.Font(path, text.em_px(size))
    font.set_script("Latn")
    return font


def sheet(label: str, text_face: str | None, display_face: str | None) -> pygame.Surface:
    """One typeface pair drawn over the game's backdrop."""
    rows: list[tuple[pygame.Surface, int]] = []
    caption = pygame.font.Font(None, 22)
    rows.append((caption.render(label, True, GOLD), 8))
    for size in TEXT_SIZES:
        font = open_font(text_face, size)
        rows.append((caption.render(f"size {size}: em {font.point_size} px, line {font.get_height()} px", True, DIM), 2))
        rows += [(font.render(line, True, INK), 4) for line in WORDS[:2 if size > 26 else None]]
    floor = open_font(text_face, 24)
    close = floor.render(WORDS[0], True, INK)
    rows.append((caption.render("2x close-up of size 24 (the 16 px floor)", True, DIM), 2))
    rows.append((pygame.transform.scale_by(close, 2), 4))
    rows.append((floor.render(SYMBOLS, True, INK), 8))
    for size in DISPLAY_SIZES:
        font = open_font(display_face, size)
        rows.append((font.render("SOLD OUT! LOBBY Größe ¡Ñ!" if size < 100 else "SOLD OUT!", True, INK), 6))
    height = sum(s.get_height() + gap for s, gap in rows) + 20
    out = pygame.Surface((WIDTH, height))
    out.fill(BACKGROUND)
    y = 10
    for surface, gap in rows:
        out.fill(PANEL, (10, y - 1, min(WIDTH - 20, surface.get_width() + 20), surface.get_height() + 2))
        out.blit(surface, (20, y))
        y += surface.get_height() + gap
    return out


def compare(faces: list[tuple[str, str | None, str | None]]) -> pygame.Surface:
    """Every face at the floor size, its line and a 2x close-up, one under the other."""
    caption = pygame.font.Font(None, 22)
    line = "Join / Select  Leave  Quit  button  Personal best  zeigt  Starttisch  Weiter  Auswählen"
    rows: list[pygame.Surface] = []
    for label, text_face, _display in faces:
        rows.append(caption.render(label, True, GOLD))
        rows.append(pygame.transform.scale_by(open_font(text_face, 24).render(line, True, INK), 2))
    out = pygame.Surface((max(r.get_width() for r in rows) + 40, sum(r.get_height() + 6 for r in rows) + 20))
    out.fill(BACKGROUND)
    y = 10
    for row in rows:
        out.blit(row, (20, y))
        y += row.get_height() + 6
    return out


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv and "=" not in argv[0] else Path("out/type")
    pairs = [a for a in argv if "=" in a]
    faces: list[tuple[str, str | None, str | None]] = [("bundled freesansbold (before)", None, None)]
    if pairs:
        for pair in pairs:
            label, paths = pair.split("=", 1)
            text_face, _, display_face = paths.partition(",")
            faces.append((label, text_face, display_face or text_face))
    else:
        faces.append(("shipped: " + Path(text.TEXT_FACE).stem + " / " + Path(text.DISPLAY_FACE).stem,
                      str(text.TEXT_FACE), str(text.DISPLAY_FACE)))
    out_dir.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    for n, (label, face, display) in enumerate(faces):
        path = out_dir / f"type_{n}_{label.split()[0].strip(':')}.png"
        pygame.image.save(sheet(label, face, display), str(path))
        print(path)
    pygame.image.save(compare(faces), str(out_dir / "compare.png"))
    print(out_dir / "compare.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
