"""Look at levels as players and level makers see them: one sheet per level with the mall scene at
2, 4 and 6 seats (bots playing a while, as in the game) and Tiled's own rendering (tmxrasterizer,
when Debian's `tiled` is installed), plus the --check-level fairness table in the title.

    python tools/level_sheet.py [LEVEL ...] [--out DIR] [--mode rush|memory|tidy]

LEVEL is a name (shipped or in your levels folder) or a .tmx file; default: every shipped level.
Writes DIR/<level>.png (default out/levels). Runs headless.
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
from game.files.levels import list_levels, load_level, resolve_level  # noqa: E402
from game.scenes.mall.scene import demo_spec, piloted_mall  # noqa: E402

SEATS = (2, 4, 6)
WARMUP = 60 * 8        # ticks of bot play before each picture
SHOT = (640, 360)      # each game frame at half size on the sheet


def game_frame(level: str, seats: int, mode: str, seed: int) -> pygame.Surface:
    ctx = app.make_context(load_user_files=False)
    spec = dataclasses.replace(demo_spec(seats, mode, seed), level=level)
    ctx.stack.push(piloted_mall(ctx, spec))
    ctx.stack.apply()
    for _ in range(WARMUP):
        app.tick(ctx)
    frame = pygame.Surface(app.LOGICAL_SIZE)
    app.draw(ctx, frame, 0.0)
    return pygame.transform.smoothscale(frame, SHOT)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("levels", nargs="*", help="level names or .tmx files (default: every shipped level)")
    parser.add_argument("--out", default=str(ROOT / "out" / "levels"))
    parser.add_argument("--mode", default="rush")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for level in args.levels or [p.stem for p in list_levels()]:
        target = out / f"{Path(level).stem}.png"
        pygame.image.save(sheet(level, args.mode, args.seed), str(target))
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
