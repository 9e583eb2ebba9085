"""An arcade stick SDL cannot map goes through the set-up wizard, then joins and plays, now and after a restart."""
import json

import pygame
import pytest

from game.input import mappings
from game.match.commands import Button
from vpad import ARCADE_STICK_TYPE, VirtualPad, detach_all
from tests.pad_loop import frame, lobby_ctx as make_ctx

STICK = dict(kind=ARCADE_STICK_TYPE, axes=2, buttons=10, hats=1, name="Arcade Stick")
# Step by step: what the player presses on the stick (button numbers, or hat directions).
PRESSES = [0, 1, 2, 3, 4, 5, 6, 7, "up", "down", "left", "right"]


@pytest.fixture
def sdl_env(monkeypatch):
    """SDL_GAMECONTROLLERCONFIG as the test leaves it is undone afterwards."""
    monkeypatch.setenv(mappings.ENV, "")
    pygame.init()
    attached: list[VirtualPad] = []
    yield attached
    detach_all(attached)
    pygame.quit()


def press(ctx, stick: VirtualPad, what) -> None:
    """Press and release a button (int) or push the hat (str), a frame each."""
    if isinstance(what, int):
        stick.button(what, True)
        frame(ctx)
        stick.button(what, False)
    else:
        stick.hat(what)
        frame(ctx)
        stick.hat("centre")
    frame(ctx)


def run_wizard(ctx, stick: VirtualPad, presses=PRESSES) -> None:
    press(ctx, stick, 0)                       # "press any button to set it up"
    assert ctx.stack.top.name == "pad_setup"
    for what in presses:
        press(ctx, stick, what)


def test_unmapped_stick_is_offered_the_wizard_then_joins_and_plays(monkeypatch, sdl_env):
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    assert stick.instance_id in ctx.input.unmapped
    assert stick.instance_id not in ctx.input.pads
    run_wizard(ctx, stick)
    assert ctx.stack.top.name == "lobby"
    assert stick.instance_id in ctx.input.pads and not ctx.input.unmapped
    saved = mappings.load()[0]
    assert list(saved) == [ctx.input.pads[stick.instance_id].guid]
    assert "a:b0" in saved[list(saved)[0]] and "dpup:h0.1" in saved[list(saved)[0]]
    press(ctx, stick, 0)                       # A now joins
    device = ("pad", stick.instance_id)
    assert ctx.input.seat_of(device) is not None
    stick.hat("right")
    stick.button(2, True)                      # X: flip / roll
    frame(ctx)
    cmd = ctx.input.device_command(device)
    assert cmd.dx > 0 and cmd.pressed & Button.X


def test_the_mapping_survives_a_restart(monkeypatch, sdl_env):
    stick = VirtualPad(**STICK)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    run_wizard(ctx, stick)
    stick.detach()
    pygame.quit()                              # SDL forgets every mapping it was given
    pygame.init()
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    assert stick.instance_id in ctx.input.pads and not ctx.input.unmapped
    press(ctx, stick, 0)
    assert ctx.input.seat_of(("pad", stick.instance_id)) is not None


def test_used_button_and_keyboard_skip_steps_but_a_is_required(monkeypatch, sdl_env):
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    press(ctx, stick, 3)
    wizard = ctx.stack.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    frame(ctx)
    assert wizard.step == 0                    # A cannot be skipped
    press(ctx, stick, 3)                       # A = button 3
    press(ctx, stick, 3)                       # used again: B skipped
    assert wizard.step == 2 and "b" not in wizard.chosen
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN))
    frame(ctx)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    frame(ctx)                                 # Enter on the keyboard skips X
    assert wizard.step == 3 and wizard.chosen == {"a": "b3"}


def test_escape_cancels_and_saves_nothing(monkeypatch, sdl_env):
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    press(ctx, stick, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    frame(ctx)
    assert ctx.stack.top.name == "lobby"
    assert mappings.load()[0] == {} and stick.instance_id in ctx.input.unmapped


def test_sdl_gamecontrollerconfig_from_the_environment_still_applies(monkeypatch, sdl_env):
    stick = VirtualPad(**STICK)
    pygame.joystick.init()
    guid = pygame.joystick.Joystick(0).get_guid()
    stick.detach()
    pygame.quit()
    mappings.save(guid, f"{guid},Saved Name,a:b0,b:b1,")
    monkeypatch.setenv(mappings.ENV, f"{guid},Env Stick,a:b5,b:b6,")   # set before the game starts
    pygame.init()
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    assert ctx.input.pads[stick.instance_id].name == "Env Stick"   # the player's own variable wins


def test_axis_directions_become_stick_halves():
    text = mappings.build_mapping("0300aa", "Odd, Pad", {"a": "b0", "up": "-a1", "down": "+a1",
                                                       "left": "h0.8", "right": "b9"})
    assert text == "0300aa,Odd  Pad,a:b0,-lefty:-a1,+lefty:+a1,dpleft:h0.8,dpright:b9,"


GUID = "03000000ff0018e44172636164650000"


def test_saved_mappings_are_read_back(user_dir):
    assert mappings.save(GUID, f"{GUID},Pad,a:b0,dpup:h0.1,-lefty:-a1,") is None
    assert mappings.load() == ({GUID: f"{GUID},Pad,a:b0,dpup:h0.1,-lefty:-a1,"}, None)


@pytest.mark.parametrize("data", [
    {"abc": "def,x"}, {GUID: 5}, {GUID: "03000000ff0018e44172636164650001,Pad,a:b0,"},   # another pad's
    {GUID: f"{GUID},Pad,a:b0"}, {GUID: f"{GUID},Pad\nsecond line,a:b0,"}, {GUID: f"{GUID},Pad,a:/etc/passwd,"},
    [GUID], {GUID.upper(): f"{GUID.upper()},Pad,a:b0,"},
])
def test_a_damaged_mappings_file_is_moved_aside_with_a_warning(user_dir, data):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / mappings.FILE_NAME).write_text(json.dumps(data))
    saved, warning = mappings.load()
    assert saved == {} and "pad_mappings.json" in warning and "moved to" in warning
    assert (user_dir / (mappings.FILE_NAME + ".corrupt-1")).is_file()


def test_a_lone_surrogate_in_the_mappings_file_never_reaches_sdl(user_dir, monkeypatch):
    """It stopped every start: SDL's mapping call raised UnicodeEncodeError in InputManager()."""
    from game.input import sdl
    given = []
    monkeypatch.setattr(sdl, "add_mapping", given.append)
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / mappings.FILE_NAME).write_bytes(
        ('{"%s": "%s,Pad\\ud800,a:b0,"}' % (GUID, GUID)).encode())
    count, warning = mappings.install_saved()
    assert (count, given) == (0, []) and "pad_mappings.json" in warning


def test_a_slow_frame_loses_no_press(monkeypatch, sdl_env):
    """A release and the next whole press arriving within one frame: the press still counts."""
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    press(ctx, stick, 0)                       # opens the wizard
    wizard = ctx.stack.top
    stick.button(4, True)
    frame(ctx)                                 # A = button 4, still held
    stick.button(4, False)
    pygame.event.pump()
    stick.button(5, True)
    pygame.event.pump()
    stick.button(5, False)
    frame(ctx)                                 # release of 4, press and release of 5: one frame
    assert wizard.chosen == {"a": "b4", "b": "b5"}


def test_a_known_pad_is_set_up_again_from_settings(monkeypatch, sdl_env):
    from game.scenes.menus.settings import ControlsScene
    pad = VirtualPad()
    sdl_env.append(pad)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    controls = ControlsScene(ctx)
    ctx.stack.push(controls)
    ctx.stack.apply()
    controls._set_up()
    ctx.stack.apply()
    assert ctx.stack.top.name == "pad_setup"
    for number in (1, 0):                      # A on the pad's raw button 1, B on button 0
        pad.button(number, True)
        frame(ctx)
        pad.button(number, False)
        frame(ctx)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    frame(ctx)                                 # Esc: cancelled, nothing saved
    assert mappings.load()[0] == {} and ctx.stack.top is controls
    controls._set_up()
    ctx.stack.apply()
    wizard = ctx.stack.top
    for number in (1, 0):
        pad.button(number, True)
        frame(ctx)
        pad.button(number, False)
        frame(ctx)
    wizard.step = len(mappings.STEPS) - 1      # the rest skipped
    wizard.skip()
    ctx.stack.apply()
    assert list(mappings.load()[0].values())[0].split(",")[2:4] == ["a:b1", "b:b0"]
    frame(ctx)
    pad.button(1, True)
    frame(ctx)
    assert ctx.input.device_command(("pad", pad.instance_id)).pressed & Button.A


def title_ctx():
    """A context at the title, with every scene (a match can start from it)."""
    from game import app
    from game.scenes import registry
    from game.scenes.menus.title import TitleScene
    ctx = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx


def test_an_unmapped_stick_alone_gets_from_the_title_to_playing(sdl_env):
    """Its buttons did nothing on the title and no hint showed: a player with only that stick needed a keyboard."""
    from game.scenes.menus.howto import mark_seen
    mark_seen("rush")
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    ctx = title_ctx()
    frame(ctx)
    assert "press any button on it to set it up" in ctx.toasts.pinned      # said on the title
    run_wizard(ctx, stick)                                                  # that stick alone
    assert ctx.stack.top.name == "title" and stick.instance_id in ctx.input.pads and ctx.toasts.pinned is None
    press(ctx, stick, 0)                       # A: Play
    assert ctx.stack.top.name == "lobby"
    press(ctx, stick, 0)                       # A: join
    device = ("pad", stick.instance_id)
    seat = ctx.input.seat_of(device)
    assert seat is not None
    press(ctx, stick, 4)                       # START: a solo Rush
    for _ in range(60 * 8):
        frame(ctx)
        if ctx.stack.top.name == "mall" and ctx.stack.top.sim.phase == "playing":
            break
    mall = ctx.stack.top
    assert mall.name == "mall" and mall.sim.phase == "playing"
    start = mall.sim.by_seat[seat].body.x
    stick.hat("right")
    for _ in range(20):
        frame(ctx)
    stick.hat("centre")
    assert mall.sim.by_seat[seat].body.x > start                            # playing, on the stick


@pytest.mark.parametrize("paused", [False, True])
def test_a_new_stick_during_play_waits_for_the_pause(sdl_env, paused):
    from game.scenes.mall.scene import demo_spec, open_mall
    from game.scenes.menus.howto import mark_seen
    from game.scenes.menus.pause import PauseScene
    mark_seen("rush")
    ctx = title_ctx()
    ctx.stack.push(open_mall(ctx, demo_spec(2, "rush", 3)))
    ctx.stack.apply()
    if paused:
        ctx.stack.push(PauseScene(ctx))
        ctx.stack.apply()
    top = ctx.stack.top
    stick = VirtualPad(**STICK)
    sdl_env.append(stick)
    frame(ctx)
    press(ctx, stick, 0)
    if paused:                                 # the pause welcomes it: the wizard opens
        assert ctx.stack.top.name == "pad_setup"
    else:                                      # a stranger's button never stops a round
        assert ctx.stack.top is top and ctx.toasts.pinned is None
        assert any("pause the game to set this controller up" in t for t in ctx.toasts.texts())
