"""Opening a run code with only a pad: the saved run codes and replays, and an on-screen keyboard."""
from __future__ import annotations

import os
import time

import pygame

from game.match.commands import IDLE, Button, Command
from game.driver.replay import to_code
from game.scenes.speedrun.run_browser import KEY_ROWS, KeyboardScene, SavedRunsScene, saved_runs
from game.scenes.speedrun.menu import RunCodeScene
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.records import Records
from game.speedrun.session import RunSession
from game.files.register import PLAYER_REPLAYS, RECORD_REPLAYS, RUN_CODES
from vpad import VirtualPad
from tests import pad_loop


def short_run_code() -> str:
    """A real (flagged) Memory speedrun: ready, then SOLD OUT! at once."""
    session = RunSession(make_setup(load_categories()["memory"], "set", seed_index=0))
    sim = session.sim
    while sim.phase != "playing":
        session.step(Command(pressed=Button.A, held=Button.A) if sim.phase == "study" else IDLE)
    while not session.over:
        session.step(Command(held=Button.Y))
    return to_code(session.replay_text())


def save(path, text: str, age: float = 0.0):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def frame(ctx) -> None:
    pad_loop.frame(ctx, scenes=False)   # the seats alone: scenes get no raw events here


def tap(ctx, pad, name: str) -> None:
    pad_loop.tap(ctx, pad, name, scenes=False)


def test_saved_runs_lists_codes_and_replays_newest_first():
    save(RUN_CODES.folder_path() / "memory-set-a.txt", "SOCO1-x", age=30)
    save(RECORD_REPLAYS.folder_path() / "rush-20261130.replay", "SOCO-REPLAY 1 {}", age=10)
    save(PLAYER_REPLAYS.folder_path() / "match.rep", "SOCO-REPLAY 1 {}", age=20)
    save(PLAYER_REPLAYS.folder_path() / "notes.md", "not a run", age=0)
    runs = saved_runs()
    assert [r.path.name for r in runs] == ["rush-20261130.replay", "match.rep", "memory-set-a.txt"]
    assert [r.kind for r in runs] == ["Speedrun replay", "Replay", "Run code"]


def test_a_pad_alone_opens_a_saved_run_code(ctx):
    save(RUN_CODES.folder_path() / "memory-set-a.txt", short_run_code() + "\n")
    ctx.stack.push(RunCodeScene(ctx, Records()))
    ctx.stack.apply()
    pad = VirtualPad()
    try:
        frame(ctx)
        tap(ctx, pad, "x")                           # the saved runs
        assert isinstance(ctx.stack.top, SavedRunsScene)
        assert len(ctx.stack.top.runs) == 1
        tap(ctx, pad, "a")                           # play the first
        assert ctx.stack.top.name != "saved_runs" and ctx.stack.top.run.playback is not None
    finally:
        pad.detach()


def test_a_damaged_saved_run_says_why_and_stays(ctx):
    save(PLAYER_REPLAYS.folder_path() / "broken.rep", "SOCO-REPLAY 1 {broken")
    scene = SavedRunsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    ctx.stack.update({-1: Command(pressed=Button.A, held=Button.A)})
    ctx.stack.apply()
    assert ctx.stack.top is scene and "broken.rep" in scene.error
    scene.draw(pygame.Surface((1280, 720)), 0.0)


def test_the_on_screen_keyboard_types_deletes_and_plays(ctx):
    done: list[tuple[str, bool]] = []
    keyboard = KeyboardScene(ctx, "", lambda text, play: done.append((text, play)))
    ctx.stack.push(keyboard)
    ctx.stack.apply()
    assert keyboard.text == "SOCO1-"                 # every run code starts so

    def press(button: Button) -> None:
        ctx.stack.update({-1: Command(pressed=button, held=button)})
        ctx.stack.apply()
        ctx.stack.update({-1: IDLE})
        ctx.stack.apply()

    press(Button.A)                                   # "A", top left
    press(Button.RIGHT)
    press(Button.DOWN)
    press(Button.DOWN)
    press(Button.A)                                   # "b": third row, second key
    assert keyboard.text == "SOCO1-A" + KEY_ROWS[2][1]
    press(Button.X)
    assert keyboard.text == "SOCO1-A"
    keyboard.draw(pygame.Surface((1280, 720)), 0.0)
    press(Button.START)
    assert done == [("SOCO1-A", True)]
