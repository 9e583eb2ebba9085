"""Start the whole shell over whatever user folder SOLDOUT_USER_DIR names, and use it the way a
player would, so that every registered user file is read as the game reads it: settings changed,
controls reset (the pad mappings are read at start), the lobby (every level in the player's levels
folder listed and its card drawn), a how-to card, the stats screen (every page, exported), the
speedrun menu, the attempt
history (every kept attempt watched, a segment practised from the PB), the splits exported (every
archived attempt), a run started (the PB's ghost) and every saved run code and replay played.
Prints one JSON line: the toasts and messages shown, the volume, and which register entries were
read. Run by tests/test_hostile_files.py, tests/test_user_register.py and tools/fuzz.py."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _log_reads() -> tuple[set[str], set[str]]:
    """The keys of the register entries the game tried to read, and of those it read whole (every
    read of a user file goes through UserFile._read; a file its own reader reads, a player's level,
    is found through UserFile.located and counts as read when it loads: see _lobby)."""
    from game.files.userfiles import UserFile
    tried: set[str] = set()
    reads: set[str] = set()
    original, locate = UserFile._read, UserFile.located

    def logged(self, name):
        tried.add(self.key)
        data = original(self, name)
        reads.add(self.key)
        return data

    def located(self, name=None):
        tried.add(self.key)
        return locate(self, name)
    from game.files import database
    opened = database.open_at

    def opened_logged(path):            # the records database: read by SQLite, through its own door
        tried.add("records_db")
        found = opened(path)
        reads.add("records_db")
        return found
    database.open_at = opened_logged   # type: ignore[assignment]
    UserFile._read = logged   # type: ignore[method-assign]
    UserFile.located = located   # type: ignore[method-assign]
    return tried, reads


def preload() -> None:
    """Import what main() uses (tools/fuzz.py imports it once, then forks a child per input): main()
    calls it too, so a module that moves breaks the shell's own tests, not only the fuzzer."""
    import pygame  # noqa: F401

    import game.app  # noqa: F401
    import game.scenes.menus.howto  # noqa: F401
    import game.scenes.menus.lobby  # noqa: F401
    import game.scenes.menus.settings  # noqa: F401
    import game.scenes.menus.title  # noqa: F401
    import game.scenes.evening  # noqa: F401
    import game.scenes.speedrun.menu  # noqa: F401
    import game.scenes.speedrun.run_browser  # noqa: F401


def main() -> None:
    preload()
    import pygame

    from game import app
    from game.scenes.menus.howto import push_howto_once
    from game.scenes.speedrun.run_browser import SavedRunsScene
    from game.scenes.menus.settings import ControlsScene, SettingsScene
    from game.scenes.menus.title import TitleScene
    from game.scenes.speedrun.menu import SpeedrunMenuScene

    tried, reads = _log_reads()
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = app.make_context()
    shown: list[str] = []

    def say(text: str) -> None:
        if text and text not in shown:
            shown.append(text)

    def run(ticks: int) -> None:
        for _ in range(ticks):
            app.tick(ctx)
            for text in ctx.toasts.texts():
                say(text)
        app.draw(ctx, screen, 0.0)

    def push(scene) -> None:
        ctx.stack.push(scene)
        ctx.stack.apply()

    def back_to(scene) -> None:
        """Close whatever the last action opened on top of `scene`."""
        while ctx.stack.top is not scene:
            ctx.stack.pop()
            ctx.stack.apply()

    push(TitleScene(ctx))
    run(3)
    _lobby(ctx, push, run, say, reads)
    _evening(ctx, push, run)
    settings = SettingsScene(ctx)
    push(settings)
    settings._volume(-1)
    settings._toggle("colourblind")
    settings._ui_scale(1)
    run(3)
    controls = ControlsScene(ctx)
    push(controls)
    for index in range(len(controls.menu.items)):
        controls.menu.index = index
        run(1)
    controls._reset()
    run(3)
    if push_howto_once(ctx, "rush"):       # a mode's first start: its how-to card, unless seen
        ctx.stack.apply()
        run(2)
        ctx.stack.top.close()
        ctx.stack.apply()
    _career(say)
    _stats(ctx, push, run)
    menu = SpeedrunMenuScene(ctx)
    push(menu)
    run(5)
    _history(ctx, menu, run, back_to)
    menu.export()                          # every attempt, archives too
    run(1)
    menu.start()                           # the PB's ghost
    ctx.stack.apply()
    run(2)
    back_to(menu)
    browser = SavedRunsScene(ctx, menu.records)
    push(browser)
    for saved in list(browser.runs):
        browser.play(saved)
        ctx.stack.apply()
        say(browser.error)
        run(1)
        if ctx.stack.top is not browser:
            ctx.stack.pop()
            ctx.stack.apply()
            push(browser)
    print(json.dumps({"toasts": shown, "volume": ctx.settings.volume, "read": sorted(reads), "tried": sorted(tried)}))


def _stats(ctx, push, run) -> None:
    """The stats screen: every subject and page drawn from the records database, then exported."""
    from game.scenes.menus.stats import StatsScene
    stats = StatsScene(ctx)
    push(stats)
    for who in range(len(stats.subjects)):
        stats.who = who
        for page in range(len(stats.pages)):
            stats.page = page
            run(1)
    stats.export()
    run(1)
    ctx.stack.pop()
    ctx.stack.apply()


def _evening(ctx, push, run) -> None:
    """Tonight's summary: the tally and honours of the evening the start carried on."""
    from game.scenes.evening import EveningScene
    push(EveningScene(ctx))
    run(2)
    ctx.stack.pop()
    ctx.stack.apply()


def _career(say) -> None:
    """The career's progress, read and re-judged as the career screen reads it."""
    from game.career import progress
    from game.career.challenges import load_career
    for warning in progress.load(load_career()).warnings:
        say(warning)


def _lobby(ctx, push, run, say, reads: set[str]) -> None:
    """The lobby lists the player's levels as it opens: each one's card is drawn (its picture, or
    why it cannot be played, said as a toast would be)."""
    from game.text import i18n
    from game.scenes.menus.lobby import LobbyScene
    from game.files.register import PLAYER_LEVELS
    from game.files.level_shelf import SHELF
    lobby = LobbyScene(ctx)
    push(lobby)
    SHELF.wait()                 # a folder of many levels is read on the shelf's thread
    lobby.take_read_levels()
    lobby.menu.index = next(i for i, item in enumerate(lobby.menu.items) if item.label == "Level")
    for entry in lobby.levels.values():
        if entry.shipped:
            continue
        lobby.choose("level", entry.key)
        run(1)
        if entry.problem is None:
            reads.add(PLAYER_LEVELS.key)
        else:
            say(i18n._(entry.problem))
    lobby.choose("level", None)
    _profiles(lobby, run)
    ctx.stack.pop()
    ctx.stack.apply()


def _profiles(lobby, run) -> None:
    """A seat joins: its picker lists the saved profiles (read from the records database), drawn;
    the first one sits down with its preferences, then the seat leaves."""
    index = lobby.join(("kb", "left"))
    if index is None:
        return
    run(1)
    found = lobby.seat_profiles.found
    if found:
        lobby.seat_profiles.sit(index, found[0])
        run(1)
    lobby.leave(lobby.ctx.seats[-1].seat if lobby.ctx.seats else index)


def _history(ctx, menu, run, back_to) -> None:
    """The board's attempts: open the screen, watch every kept attempt, practise the first segment."""
    menu.history()
    ctx.stack.apply()
    run(2)
    history = ctx.stack.top
    for index in range(min(len(history.kept), 4)):
        history.index[0] = index
        history.watch()
        ctx.stack.apply()
        run(1)
        back_to(history)
    history.tab, history.index[1] = 1, 0
    history.practise()
    ctx.stack.apply()
    run(1)
    back_to(history)
    run(1)
    back_to(menu)


if __name__ == "__main__":
    main()
