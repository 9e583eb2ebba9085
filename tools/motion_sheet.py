"""A contact sheet of one scene in motion: frames at chosen ticks, side by side, for review.

    python tools/motion_sheet.py OUT.png --scene checkout_results --ticks 10 40 70 100 --seed 1
    python tools/motion_sheet.py OUT.png --scene results_final --ticks 20 60 --press-a 80 --then 30 70 110

Builds the scene as `main.py --screenshot` does (same scene names), ticks the
scene stack without input and grabs a frame at each tick. `--press-a T` presses
A once at tick T (after the results' input delay that moves to the next stage)
and `--then` grabs more frames counted from that press. Each frame is scaled to
`--width` px and labelled with its time. Runs headless.
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

from game import TICK_RATE, app  # noqa: E402
from game.match.commands import Button, Command  # noqa: E402

GAP = 8
COLUMNS = 3


def grab_frames(scene: str, seed: int, ticks: list[int], press_a: int | None, then: list[int]) -> list[tuple[str, pygame.Surface]]:
    from game.scenes import registry
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    shot = registry.screenshot(scene)
    if shot is None:
        raise SystemExit(f"unknown scene {scene!r}; scenes: {', '.join(registry.screenshot_names())}")
    made = shot.factory(ctx, seed)
    for s in (made if isinstance(made, list) else [made]):
        ctx.stack.push(s)
    ctx.stack.apply()
    wanted = {t: f"{t / TICK_RATE:.2f} s" for t in ticks}
    if press_a is not None:
        wanted.update({press_a + t: f"A + {t / TICK_RATE:.2f} s" for t in then})
    frames = []
    end = max(wanted) if wanted else 0
    screen = pygame.Surface(app.LOGICAL_SIZE)      # kept, like a window's: a fade starts from its last frame
    for t in range(end + 1):
        app.draw(ctx, screen, 0.0)
        if t in wanted:
            frames.append((wanted[t], screen.copy()))
        commands = ctx.input.poll()
        commands[-1] = Command(pressed=Button.A) if t == press_a else ctx.input.menu_command()
        ctx.stack.update(commands)
        ctx.tick += 1
        ctx.stack.apply()
    return frames


def sheet(frames: list[tuple[str, pygame.Surface]], width: int) -> pygame.Surface:
    from game.render.icons import outlined_text
    height = width * 9 // 16
    rows = (len(frames) + COLUMNS - 1) // COLUMNS
    cols = min(COLUMNS, len(frames))
    out = pygame.Surface((GAP + cols * (width + GAP), GAP + rows * (height + GAP)))
    out.fill((30, 24, 22))
    for i, (label, frame) in enumerate(frames):
        x = GAP + (i % COLUMNS) * (width + GAP)
        y = GAP + (i // COLUMNS) * (height + GAP)
        out.blit(pygame.transform.smoothscale(frame, (width, height)), (x, y))
        out.blit(outlined_text(label, 22, (255, 255, 255)), (x + 8, y + 6))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--scene", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ticks", type=int, nargs="+", default=[10, 40, 80])
    parser.add_argument("--press-a", type=int, default=None)
    parser.add_argument("--then", type=int, nargs="*", default=[])
    parser.add_argument("--width", type=int, default=426)
    args = parser.parse_args(argv)
    frames = grab_frames(args.scene, args.seed, args.ticks, args.press_a, args.then)
    pygame.image.save(sheet(frames, args.width), args.out)
    print(f"saved {args.out} ({len(frames)} frames)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
