"""Check a level as `--check-level` does and, if it is accepted, play and draw it in the mall scene.

A level that --check-level accepts must always draw: this is that promise, run by
tests/test_hostile_files.py and tools/fuzz.py on every accepted mutation."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def preload() -> None:
    """Import what main() uses (tools/fuzz.py imports it once, then forks a child per input): main()
    calls it too, so a module that moves breaks this script's own tests, not only the fuzzer."""
    import pygame  # noqa: F401

    import game.app  # noqa: F401
    import game.app.headless  # noqa: F401
    import game.files.levels  # noqa: F401
    import game.scenes.mall.scene  # noqa: F401


def main(path: str) -> int:
    preload()
    from game.files.levels import LevelError, load_level
    try:
        load_level(path)
    except LevelError as exc:
        print(exc, file=sys.stderr)
        return 2
    import pygame

    from game import app
    from game.app.headless import build_spec
    from game.scenes.mall.scene import open_mall
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = app.make_context(load_user_files=False)
    ctx.stack.push(open_mall(ctx, build_spec("soldout", 2, seed=1, level=path)))
    ctx.stack.apply()
    for _ in range(30):
        app.tick(ctx)
    app.draw(ctx, screen, 0.5)
    print(f"ok: {path} plays and draws")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
