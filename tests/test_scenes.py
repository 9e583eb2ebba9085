"""Menus driven by real key events through the InputManager, one fixed tick at a time."""
import json

import pygame
import pytest

from game import app
from game.core.scene import Scene
from game.match.commands import Button, Command
from game.render.widgets import MenuItem, MenuList
from game.scenes import registry
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.settings import ControlsScene
from game.scenes.menus.title import TitleScene
from tests.menus import select_row, top_menu


@pytest.fixture
def ctx(ctx):
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx

def key(ctx, code, ticks=1):
    """Press and release one key, like a person would, with ticks in between."""
    ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)
    ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick(ctx)


def names(ctx):
    return [scene.name for scene in ctx.stack.scenes]


def test_menu_list_moves_wraps_skips_disabled_and_repeats():
    played = []
    hits = []
    menu = MenuList([MenuItem("a", lambda: hits.append("a")), MenuItem("b", enabled=False),
                     MenuItem("c", lambda: hits.append("c"))], play=played.append)
    menu.update(Command(pressed=Button.DOWN, held=Button.DOWN))
    assert menu.index == 2 and played == ["menu_move"]       # skipped the disabled row
    menu.update(Command(pressed=Button.DOWN, held=Button.DOWN))
    assert menu.index == 0                                   # wrapped
    menu.update(Command(pressed=Button.A))
    assert hits == ["a"] and played[-1] == "confirm"
    # A held stick moves once: its repeats are presses the input manager adds, in real time from
    # the press (tests/test_input_edges.py), never a count of the menu's ticks.
    moves = 0
    for _ in range(40):
        before = menu.index
        menu.update(Command(dy=16))
        moves += menu.index != before
    assert moves == 1


def choose(ctx, label: str) -> None:
    """Select the top scene's menu row by its label with the arrow keys, then press RETURN."""
    select_row(lambda code: key(ctx, code), top_menu(ctx), label)
    key(ctx, pygame.K_RETURN)


def test_title_to_settings_and_back_with_the_keyboard(ctx, user_dir):
    choose(ctx, "Settings")
    assert names(ctx) == ["title", "settings"]
    key(ctx, pygame.K_DOWN)                                  # past Language, the first row
    key(ctx, pygame.K_RIGHT)                                 # volume 80% -> 90%, saved at once
    assert ctx.settings.volume == pytest.approx(0.9)
    assert json.loads((user_dir / "settings.json").read_text())["volume"] == pytest.approx(0.9)
    choose(ctx, "Colour-blind mode")                         # toggles with A
    assert ctx.settings.colourblind is True
    key(ctx, pygame.K_ESCAPE)
    assert names(ctx) == ["title"]


def test_title_play_opens_lobby_and_quit_quits(ctx):
    key(ctx, pygame.K_RETURN)
    assert names(ctx) == ["title", "lobby"]
    key(ctx, pygame.K_ESCAPE)                                # nobody seated: back to the title
    assert names(ctx) == ["title"]
    key(ctx, pygame.K_w)                                     # left layout navigates too (wraps to Quit)
    key(ctx, pygame.K_SPACE)
    assert ctx.quit_requested


def test_controls_rebinds_a_key_and_saves(ctx, user_dir):
    ctx.stack.push(ControlsScene(ctx))
    ctx.stack.apply()
    scene = ctx.stack.top
    scene.menu.index = 5                                     # "A" of the left keyboard
    key(ctx, pygame.K_RETURN)
    assert scene.waiting == Button.A
    key(ctx, pygame.K_f)                                     # captured, not a command
    assert scene.waiting is None
    assert ctx.bindings.key_for("left", Button.A) == pygame.K_f
    assert (user_dir / "bindings.json").exists()
    # Escape while waiting cancels and leaves the binding alone.
    key(ctx, pygame.K_RETURN)
    key(ctx, pygame.K_ESCAPE)
    assert ctx.bindings.key_for("left", Button.A) == pygame.K_f
    assert names(ctx)[-1] == "controls"


def test_pause_overlay_resumes_and_quits(ctx):
    log = []

    class Game(Scene):
        name = "game"

        def pause(self):
            log.append("pause")

        def resume(self):
            log.append("resume")

    ctx.stack.push(Game(ctx))
    ctx.stack.push(PauseScene(ctx))
    ctx.stack.apply()
    assert log == ["pause"]
    key(ctx, pygame.K_ESCAPE)                                # Escape resumes
    assert names(ctx) == ["title", "game"] and log == ["pause", "resume"]
    ctx.stack.push(PauseScene(ctx))
    ctx.stack.apply()
    key(ctx, pygame.K_BACKSPACE)                             # right layout's START resumes too
    assert names(ctx) == ["title", "game"]
    ctx.stack.push(PauseScene(ctx))
    ctx.stack.apply()
    choose(ctx, "Quit to lobby")                             # none below: a fresh one
    assert names(ctx) == ["title", "lobby"]


def test_toasts_show_then_expire(ctx):
    ctx.toast("settings.json was corrupt", seconds=0.5)
    app.tick(ctx)
    assert ctx.toasts.texts() == ["settings.json was corrupt"]
    for _ in range(40):
        app.tick(ctx)
    assert ctx.toasts.texts() == []


@pytest.mark.parametrize("scene", ["title", "lobby", "settings", "controls", "pause"])
def test_screenshot_of_each_scene(tmp_path, scene, capsys):
    out = tmp_path / f"{scene}.png"
    assert app.main(["--screenshot", str(out), "--scene", scene, "--seed", "3"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    # Not a blank frame: the picture has many distinct colours.
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 29)}
    assert len(colours) > 20


def test_every_registered_screenshot_is_known():
    assert {"title", "lobby", "settings", "controls", "pause"} <= set(registry.screenshot_names())
