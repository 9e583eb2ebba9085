"""Look at levels as players and level makers see them: one sheet per level with the mall scene at
2, 4 and 6 seats (bots playing a while, as in the game) and Tiled's own rendering (tmxrasterizer,
when Debian's `tiled` is installed), plus the --check-level fairness table in the title.

    python tools/level_sheet.py [LEVEL ...] [--out DIR] [--mode rush|memory|tidy]
    python tools/level_sheet.py --contact docs/img/level_themes.png

LEVEL is a name (shipped or in your levels folder) or a .tmx file; default: every shipped level.
Writes DIR/<level>.png (default out/levels). Runs headless.

--contact FILE draws one 1920x1080 sheet of the levels side by side instead: each in play at 6
seats, its 160 px thumbnail (what the lobby's card shrinks to on a small screen), its theme's
colour, the thumbnail's mean colour and what moves in it, to see that every level can be told
from the others at a glance.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import app  # noqa: E402
from game.bots.fairness import measure  # noqa: E402
from game.rules.soldout.options import options_of  # noqa: E402
from game.files.levels import list_levels, load_level, resolve_level  # noqa: E402
from game.render.level_art import render_level  # noqa: E402
from game.render.level_themes import theme_of  # noqa: E402
from game.scenes.mall.layout import compute_layout  # noqa: E402
from game.scenes.mall.scene import demo_spec, piloted_mall  # noqa: E402

SEATS = (2, 4, 6)
WARMUP = 60 * 8        # ticks of bot play before each picture
SHOT = (640, 360)      # each game frame at half size on the sheet


def played(level: str, seats: int, mode: str, seed: int) -> pygame.Surface:
    """The game's whole screen after bots have played a while."""
    ctx = app.make_context(load_user_files=False)
    spec = demo_spec(seats, mode, seed)
    spec = dataclasses.replace(spec, options=dataclasses.replace(options_of(spec), level=level))
    ctx.stack.push(piloted_mall(ctx, spec))
    ctx.stack.apply()
    for _ in range(WARMUP):
        app.tick(ctx)
    frame = pygame.Surface(app.LOGICAL_SIZE)
    app.draw(ctx, frame, 0.0)
    return frame


def game_frame(level: str, seats: int, mode: str, seed: int) -> pygame.Surface:
    return pygame.transform.smoothscale(played(level, seats, mode, seed), SHOT)


def tiled_frame(path: Path) -> pygame.Surface | None:
    """tmxrasterizer's picture of the level, or None when Tiled is not installed."""
    tool = shutil.which("tmxrasterizer")
    if tool is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o700)
        out = Path(tmp) / "tiled.png"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=tmp)
        subprocess.run([tool, str(path), str(out)], env=env, check=True, capture_output=True, timeout=120)
        image = pygame.image.load(str(out))
    scale = min(SHOT[0] / image.get_width(), SHOT[1] / image.get_height())
    return pygame.transform.smoothscale(image, (round(image.get_width() * scale), round(image.get_height() * scale)))


def sheet(level: str, mode: str, seed: int) -> pygame.Surface:
    path = resolve_level(level, 2)
    figures = "  ".join(f"{c.seats} seats {c.figure:.2f}" for c in measure(load_level(path)) if c.seats in SEATS)
    frames = [(f"{n} seats", game_frame(level, n, mode, seed)) for n in SEATS]
    drawn = tiled_frame(path)
    frames.append(("Tiled (tmxrasterizer)", drawn) if drawn else ("Tiled is not installed", pygame.Surface(SHOT)))
    font = pygame.font.Font(None, 30)
    out = pygame.Surface((2 * SHOT[0] + 30, 2 * SHOT[1] + 130))
    out.fill((24, 26, 32))
    out.blit(font.render(f"{load_level(path).name} ({path.name})   fairness: {figures}", True, (240, 240, 240)),
             (10, 12))
    for i, (label, frame) in enumerate(frames):
        x, y = 10 + (i % 2) * (SHOT[0] + 10), 50 + (i // 2) * (SHOT[1] + 40)
        out.blit(font.render(label, True, (200, 200, 210)), (x, y))
        out.blit(frame, (x, y + 30))
    return out


CELL = (640, 540)      # a level's place on the contact sheet (3 x 2 on 1920x1080)
THUMB = 160


def mean_colour(surf: pygame.Surface) -> tuple[int, int, int]:
    """The average colour of a picture (what the eye takes from a thumbnail across the room)."""
    one = pygame.transform.average_color(surf)
    return (one[0], one[1], one[2])


def contact_cell(level: str, mode: str, seed: int) -> pygame.Surface:
    path = resolve_level(level, 6)
    data = load_level(path)
    theme = theme_of(data.theme)
    cell = pygame.Surface(CELL)
    cell.fill((24, 26, 32))
    font, small = pygame.font.Font(None, 34), pygame.font.Font(None, 24)
    pygame.draw.rect(cell, theme.colour, (0, 0, CELL[0], 6))
    cell.blit(font.render(f"{data.name}  ({path.stem})", True, (240, 240, 240)), (10, 14))
    # the map as it is played (6 seats), without the seat panels under it
    frame = played(level, 6, mode, seed).subsurface(compute_layout(data.pixel_size, 6).map_rect)
    k = min((CELL[0] - 20) / frame.get_width(), 300 / frame.get_height())
    shown = pygame.transform.smoothscale(frame, (round(frame.get_width() * k), round(frame.get_height() * k)))
    cell.blit(shown, ((CELL[0] - shown.get_width()) // 2, 44))
    w, h = data.pixel_size
    thumb = render_level(data, THUMB / w)
    y = 44 + 300 + 14
    cell.blit(thumb, (10, y))
    pygame.draw.rect(cell, theme.colour, (8, y - 2, thumb.get_width() + 4, thumb.get_height() + 4), 2)
    mean = mean_colour(thumb)
    x = 20 + THUMB + 10
    pygame.draw.rect(cell, mean, (x, y, 40, 40))
    cell.blit(small.render(f"mean colour {mean[0]},{mean[1]},{mean[2]}", True, (220, 220, 220)), (x + 50, y + 2))
    kinds = sorted({a.kind for a in data.ambient})
    cell.blit(small.render("moves: " + ", ".join(kinds), True, (200, 200, 210)), (x + 50, y + 24))
    cell.blit(small.render(data.description, True, (200, 200, 210)), (10, y + thumb.get_height() + 14))
    return cell


def contact_sheet(levels: list[str], mode: str, seed: int) -> pygame.Surface:
    out = pygame.Surface((3 * CELL[0], 2 * CELL[1]))
    out.fill((12, 12, 16))
    for i, level in enumerate(levels[:6]):
        out.blit(contact_cell(level, mode, seed), ((i % 3) * CELL[0], (i // 3) * CELL[1]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("levels", nargs="*", help="level names or .tmx files (default: every shipped level)")
    parser.add_argument("--out", default=str(ROOT / "out" / "levels"))
    parser.add_argument("--mode", default="rush")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--contact", metavar="FILE", help="one 1920x1080 sheet of up to six levels side by side")
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    if args.contact:
        order = ["boutique", "department", "mall", "outlet", "market", "galleria"]
        chosen = args.levels or [p.stem for p in sorted(list_levels(), key=lambda p: (p.stem not in order,
                                                                                  order.index(p.stem) if p.stem in order else 0))]
        pygame.image.save(contact_sheet(chosen, args.mode, args.seed), args.contact)
        print(f"wrote {args.contact}")
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for level in args.levels or [p.stem for p in list_levels()]:
        target = out / f"{Path(level).stem}.png"
        pygame.image.save(sheet(level, args.mode, args.seed), str(target))
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
