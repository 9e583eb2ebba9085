"""Gamepads through SDL's own virtual controllers: hot-plug, seats, stick, reclaim."""
import pygame
import pytest

from game.input.bindings import Bindings
from game.match.commands import IDLE, STICK_MAX, Button
from game.input.manager import InputManager
from vpad import LEFT_X, LEFT_Y, VirtualPad, detach_all, pump_into


@pytest.fixture(scope="module", autouse=True)
def pygame_init():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def manager():
    manager = InputManager(Bindings())
    pump_into(manager)  # drop anything left from earlier tests
    return manager


@pytest.fixture
def pads():
    attached: list[VirtualPad] = []
    yield attached
    detach_all(attached)
    pygame.event.pump()
    pygame.event.get()


def plug(manager, pads) -> VirtualPad:
    pad = VirtualPad()
    pads.append(pad)
    pump_into(manager)
    return pad


def tap(manager, pad, name) -> dict:
    pad.button(name, True)
    pump_into(manager)
    commands = manager.poll()
    pad.button(name, False)
    pump_into(manager)
    return commands


def test_hot_plug_seat_stick_unplug_reclaim(manager, pads):
    first = plug(manager, pads)
    device = ("pad", first.instance_id)
    assert device in manager.devices()
    assert manager.device_name(device)  # SDL's controller name, not empty

    tap(manager, first, "a")
    assert manager.unseated_presses(Button.A) == [device]
    manager.assign(device, 2)
    assert manager.seated() == {2: device}

    first.axis(LEFT_X, 1.0)
    first.axis(LEFT_Y, 0.0)
    pump_into(manager)
    assert manager.poll()[2].dx == STICK_MAX
    first.axis(LEFT_X, 0.1)  # inside the deadzone
    first.axis(LEFT_Y, -0.1)
    pump_into(manager)
    assert (manager.poll()[2].dx, manager.poll()[2].dy) == (0, 0)
    first.axis(LEFT_X, -0.5)
    first.axis(LEFT_Y, 0.5)
    pump_into(manager)
    half = manager.poll()[2]
    assert -STICK_MAX < half.dx < 0 < half.dy < STICK_MAX and half.dx == -half.dy

    first.detach()
    pump_into(manager)
    assert manager.disconnected_seats() == [2]
    assert manager.poll() == {2: IDLE}
    assert manager.seated() == {2: device}  # the seat is kept, not lost

    second = plug(manager, pads)
    assert second.instance_id != first.instance_id  # a replugged pad gets a new id
    new_device = ("pad", second.instance_id)
    # The same pad back (same GUID): it takes its seat at once, no button needed.
    assert manager.disconnected_seats() == [] and manager.device_of(2) == new_device
    assert manager.take_reclaimed() == [(2, new_device)] and manager.take_reclaimed() == []
    second.button("x", True)
    pump_into(manager)
    assert manager.poll()[2].pressed == Button.X


def test_dpad_and_buttons_by_name(manager, pads):
    pad = plug(manager, pads)
    manager.assign(("pad", pad.instance_id), 0)
    pad.button("up", True)
    pad.button("rb", True)
    pump_into(manager)
    command = manager.poll()[0]
    assert command.dy == -STICK_MAX and command.pressed == Button.UP | Button.RB
    pad.button("up", False)
    pump_into(manager)
    assert manager.poll()[0].held == Button.RB


def test_stick_push_moves_menus_once(manager, pads):
    pad = plug(manager, pads)
    pad.axis(LEFT_Y, 1.0)
    pump_into(manager)
    manager.poll()
    assert manager.menu_command().was_pressed(Button.DOWN)
    manager.poll()
    assert not manager.menu_command().was_pressed(Button.DOWN)  # held, not repeated


def test_pad_rebinding_and_capture(manager, pads):
    pad = plug(manager, pads)
    manager.assign(("pad", pad.instance_id), 1)
    manager.capture_next()
    tap(manager, pad, "y")
    assert manager.captured() == ("pad", pygame.CONTROLLER_BUTTON_Y)
    manager.bindings.set_pad_button(Button.A, pygame.CONTROLLER_BUTTON_Y)
    assert manager.bindings.pad_button_for(Button.Y) == pygame.CONTROLLER_BUTTON_A  # swapped
    assert tap(manager, pad, "y")[1].pressed == Button.A
    manager.bindings.save()
    assert Bindings.load()[0].pad_button_for(Button.A) == pygame.CONTROLLER_BUTTON_Y


def test_unseated_pad_removed_quietly(manager, pads):
    pad = plug(manager, pads)
    pad.detach()
    pump_into(manager)
    assert manager.disconnected_seats() == [] and len(manager.devices()) == 2


def test_pad_plugged_in_before_the_manager_is_found(pads):
    pad = VirtualPad()
    pads.append(pad)
    pygame.event.pump()
    pygame.event.get()  # its added event is gone before the manager exists
    manager = InputManager(Bindings())
    assert ("pad", pad.instance_id) in manager.devices()
    pump_into(manager)  # a late added event must not open it twice
    assert len(manager.devices()) == 3
