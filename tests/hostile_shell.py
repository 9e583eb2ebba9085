"""Start the whole shell over whatever user folder SOLDOUT_USER_DIR names, and use it the way a
player would: settings changed, controls reset, the speedrun menu opened, every scene drawn.
Prints one JSON line: the toasts shown. Run by tests/test_hostile_files.py and tools/fuzz.py."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    import pygame

    from game import app
    from game.scenes.menus.settings import ControlsScene, SettingsScene
    from game.scenes.speedrun.menu import SpeedrunMenuScene
    from game.scenes.menus.title import TitleScene

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = app.make_context()
    shown: list[str] = []

    def run(ticks: int) -> None:
        for _ in range(ticks):
            app.tick(ctx)
            shown.extend(t for t in ctx.toasts.texts() if t not in shown)
        app.draw(ctx, screen, 0.0)

    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    run(3)
    settings = SettingsScene(ctx)
    ctx.stack.push(settings)
    ctx.stack.apply()
    settings._volume(-1)
    settings._toggle("colourblind")
    settings._ui_scale(1)
    run(3)
    controls = ControlsScene(ctx)
    ctx.stack.push(controls)
    ctx.stack.apply()
    for index in range(len(controls.menu.items)):
        controls.menu.index = index
        run(1)
    controls._reset()
    run(3)
    ctx.stack.push(SpeedrunMenuScene(ctx))
    ctx.stack.apply()
    run(5)
    print(json.dumps({"toasts": shown, "volume": ctx.settings.volume}))


if __name__ == "__main__":
    main()
