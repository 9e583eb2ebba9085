"""Two players on one keyboard: events in, one Command per seat per tick out."""
import pygame
import pytest

from game.input.bindings import Bindings
from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.input.manager import InputManager

LEFT, RIGHT = ("kb", "left"), ("kb", "right")


@pytest.fixture(scope="module", autouse=True)
def pygame_init():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def manager():
    manager = InputManager(Bindings())
    manager.assign(LEFT, 0)
    manager.assign(RIGHT, 1)
    return manager


def down(manager, key):
    manager.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def up(manager, key):
    manager.handle_event(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def test_both_layouts_at_once(manager):
    for key in (pygame.K_w, pygame.K_d, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RETURN):
        down(manager, key)
    commands = manager.poll()
    assert commands[0] == Command(STICK_MAX, -STICK_MAX, Button.A | Button.UP | Button.RIGHT,
                                  Button.A | Button.UP | Button.RIGHT)
    assert commands[1] == Command(-STICK_MAX, 0, Button.A | Button.LEFT, Button.A | Button.LEFT)


def test_pressed_only_on_first_tick(manager):
    down(manager, pygame.K_e)
    assert manager.poll()[0].pressed == Button.X
    second = manager.poll()[0]
    assert second.pressed == Button.NONE and second.held == Button.X
    up(manager, pygame.K_e)
    assert manager.poll()[0] == IDLE


def test_tap_within_one_tick_still_presses(manager):
    down(manager, pygame.K_RSHIFT)
    up(manager, pygame.K_RSHIFT)
    command = manager.poll()[1]
    assert command.pressed == Button.B and command.held == Button.NONE


def test_key_repeat_is_not_a_new_press(manager):
    down(manager, pygame.K_SPACE)
    manager.poll()
    down(manager, pygame.K_SPACE)  # OS auto-repeat
    assert manager.poll()[0].pressed == Button.NONE


def test_opposite_directions_cancel(manager):
    down(manager, pygame.K_a)
    down(manager, pygame.K_d)
    command = manager.poll()[0]
    assert command.dx == 0 and command.held == Button.LEFT | Button.RIGHT


def test_focus_loss_releases_keys(manager):
    down(manager, pygame.K_w)
    manager.poll()
    manager.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert manager.poll()[0] == IDLE


def test_unseated_presses_and_menu_command():
    manager = InputManager(Bindings())
    down(manager, pygame.K_RETURN)
    down(manager, pygame.K_s)
    manager.poll()
    assert manager.unseated_presses(Button.A) == [RIGHT]
    menu = manager.menu_command()
    assert menu.pressed == Button.A | Button.DOWN and menu.dy == STICK_MAX
    manager.assign(RIGHT, 3)
    assert manager.seat_of(RIGHT) == 3 and manager.device_of(3) == RIGHT
    assert manager.seated() == {3: RIGHT}
    down(manager, pygame.K_SPACE)
    manager.poll()
    assert manager.unseated_presses(Button.A) == [LEFT]  # the seated layout no longer counts
    manager.release(3)
    assert manager.seated() == {} and manager.seat_of(RIGHT) is None


def test_escape_is_back_in_menus_and_pause_in_game(manager):
    down(manager, pygame.K_ESCAPE)
    commands = manager.poll()
    assert manager.menu_command().was_pressed(Button.B) and manager.escape_pressed()
    assert commands[0] == IDLE and commands[1] == IDLE  # not any seat's button
    manager.poll()
    assert not manager.escape_pressed() and not manager.menu_command().was_pressed(Button.B)


def test_device_names(manager):
    assert manager.device_name(LEFT) == "Keyboard (left)"
    assert manager.device_name(RIGHT) == "Keyboard (right)"


def test_rebinding_changes_commands_and_persists():
    bindings = Bindings()
    bindings.set_key("left", Button.A, pygame.K_f)
    bindings.save()
    loaded, warning = Bindings.load()
    assert warning is None and loaded.key_for("left", Button.A) == pygame.K_f
    manager = InputManager(loaded)
    manager.assign(LEFT, 0)
    down(manager, pygame.K_f)
    down(manager, pygame.K_SPACE)  # the old key means nothing now
    assert manager.poll()[0].pressed == Button.A


def test_rebinding_a_used_key_swaps():
    bindings = Bindings()
    old_a = bindings.key_for("left", Button.A)
    bindings.set_key("left", Button.A, pygame.K_e)  # E was X
    assert bindings.key_for("left", Button.A) == pygame.K_e
    assert bindings.key_for("left", Button.X) == old_a
    bindings.set_key("left", Button.B, pygame.K_RETURN)  # the other layout's A
    assert bindings.key_for("right", Button.A) == pygame.K_LSHIFT
    keys = [k for layout in ("left", "right") for k in bindings.keys[layout].values()]
    assert len(keys) == len(set(keys))
    bindings.reset()
    assert bindings.key_for("left", Button.A) == pygame.K_SPACE


def test_escape_cannot_be_bound():
    with pytest.raises(ValueError):
        Bindings().set_key("right", Button.START, pygame.K_ESCAPE)


def test_capture_next_key(manager):
    manager.capture_next()
    assert manager.captured() is None
    down(manager, pygame.K_SPACE)
    assert manager.poll()[0] == IDLE  # captured, not played
    assert manager.captured() == ("kb", pygame.K_SPACE)
    assert manager.captured() is None  # returned once


def test_invalid_bindings_file_gives_defaults(user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "bindings.json").write_text('{"keyboard": {"left": {"A": 13}}, "pad": {}}')  # A = Return twice
    bindings, warning = Bindings.load()
    assert "bindings.json" in warning and bindings.key_for("left", Button.A) == pygame.K_SPACE


def test_labels_for_the_settings_screen():
    from game.input.bindings import key_label, pad_button_label
    assert key_label(pygame.K_SPACE) == "Space" and key_label(pygame.K_LSHIFT) == "Left Shift"
    assert pad_button_label(pygame.CONTROLLER_BUTTON_LEFTSHOULDER) == "LB"
