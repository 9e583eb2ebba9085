"""Pads are named the way their maker prints them, rumble only on their own pad, and "find me" works."""
import pygame
import pytest

from game.input import families
from game.match.commands import Button
from game.render import glyphs, widgets
from game.scenes.pads.feel import Rumbler
from game.scenes.pads.sync import keys_in_play, seat_labels
from vpad import VirtualPad
from tests.pad_loop import frame, lobby_ctx as make_ctx, tap

SONY, DS4 = 0x054C, 0x09CC
NINTENDO, PRO = 0x057E, 0x2009


@pytest.fixture
def pads(monkeypatch):
    pygame.init()
    attached: list[VirtualPad] = []
    yield attached
    for pad in attached:
        pad.detach()
    pygame.quit()


def plug(pads, **kw) -> VirtualPad:
    pad = VirtualPad(**kw)
    pads.append(pad)
    return pad


def test_playstation_and_nintendo_ids_get_their_own_names_per_seat(monkeypatch, pads):
    xbox = plug(pads)
    ps = plug(pads, vendor=SONY, product=DS4, name="Virtual Pad")      # the ids decide, not the name
    nin = plug(pads, vendor=NINTENDO, product=PRO, name="Virtual Pad")
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    for pad in (xbox, ps, nin):
        tap(ctx, pad, "a")
    seats = {pad: ctx.input.seat_of(("pad", pad.instance_id)) for pad in (xbox, ps, nin)}
    assert [ctx.input.family_of(("pad", p.instance_id)) for p in (xbox, ps, nin)] == ["generic", "playstation",
                                                                                     "nintendo"]
    assert seat_labels(ctx, seats[ps])["A"] == "Cross" and seat_labels(ctx, seats[ps])["X"] == "Square"
    assert seat_labels(ctx, seats[nin])["START"] == "+" and seat_labels(ctx, seats[nin])["LB"] == "L"
    assert seat_labels(ctx, seats[xbox])["A"] == "A"
    assert keys_in_play(ctx)["A"] == ["A", "Cross"]   # one card for everyone: both families' names


def test_menus_speak_the_pad_used_last(monkeypatch, pads):
    plug(pads)
    ps = plug(pads, vendor=SONY, product=DS4)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, ps, "b")
    assert widgets.pad_label(ctx.ui, "A") == "Cross"
    assert widgets.pad_label(ctx.ui, "LB/RB") == "L1/R1"


def test_without_pads_menus_keep_the_plain_words(monkeypatch, pads):
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    assert ctx.ui.pad_labels == {} and widgets.pad_label(ctx.ui, "START") == "START"


def test_a_rebound_pad_button_is_named_by_what_is_pressed():
    names = families.labels("playstation", pad_binding={"A": 2, "X": 0})
    assert names["A"] == "Square" and names["X"] == "Cross"


def test_nintendo_swap_puts_confirm_on_the_bottom_button(monkeypatch, pads):
    nin = plug(pads, vendor=NINTENDO, product=PRO)
    ctx = make_ctx(monkeypatch)
    ctx.settings.nintendo_swap = True
    frame(ctx)
    tap(ctx, nin, "b")                       # SDL's B: Nintendo's bottom button
    seat = ctx.input.seat_of(("pad", nin.instance_id))
    assert seat is not None                  # it joined: B is confirm now
    assert seat_labels(ctx, seat)["A"] == "B" and seat_labels(ctx, seat)["B"] == "A"
    ctx.settings.nintendo_swap = False
    frame(ctx)
    tap(ctx, nin, "a")                       # without the swap, A is confirm: no leave, no rejoin
    assert ctx.input.seat_of(("pad", nin.instance_id)) == seat


def test_family_from_guid_and_name():
    assert families.ids_from_guid("030000004c050000cc09000011810000") == (SONY, DS4)
    assert families.detect("030000004c050000cc09000011810000", "Wireless Controller") == "playstation"
    assert families.detect("050000007e0500000920000001800000", "Pro Controller") == "nintendo"
    assert families.detect("03000000de2800000512000011010000", "Steam Deck") == "xbox"
    assert families.detect("ff0018e4417263616465205374007603", "Arcade Stick") == "generic"
    assert families.detect("ff0018e4417263616465205374007603", "PS4 Controller") == "playstation"


def test_glyphs_are_drawn_per_family(monkeypatch, pads):
    ctx = make_ctx(monkeypatch)
    cross = glyphs.badge(ctx.ui, families.labels("playstation")["A"], 28)
    xbox_a = glyphs.badge(ctx.ui, families.labels("xbox")["A"], 28)
    nin_a = glyphs.badge(ctx.ui, families.labels("nintendo")["A"], 28)
    centre = (14, 14)
    assert cross.get_at(centre)[:3] == glyphs.SHAPES["Cross"]      # the drawn cross crosses the middle
    assert xbox_a.get_at((4, 14))[:3] == glyphs.LETTERS["A"][0]
    assert nin_a.get_at((4, 14))[:3] == glyphs.NINTENDO[0]
    assert glyphs._text_size(24) >= 16


def test_rumble_reaches_a_pad_with_motors_and_skips_one_without(monkeypatch, pads):
    with_motors = plug(pads, vendor=SONY, product=DS4, rumble=True)
    without = plug(pads, vendor=NINTENDO, product=PRO)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, with_motors, "a")
    tap(ctx, without, "a")
    seat_a = ctx.input.seat_of(("pad", with_motors.instance_id))
    seat_b = ctx.input.seat_of(("pad", without.instance_id))
    calls = []

    class Spy:   # stands in for pygame's Controller: counts the rumbles it is asked for
        def rumble(self, *args):
            calls.append(args)
            return False

    ctx.input.pads[without.instance_id].handle = Spy()
    assert ctx.input.rumble(seat_a, 1.0, 100) is True
    assert with_motors.rumbles and with_motors.rumbles[-1][0] > 0
    assert ctx.input.rumble(seat_b, 1.0, 100) is False
    assert calls == []                        # SDL said: no motors. Never asked to rumble.
    ctx.settings.rumble = "off"
    frame(ctx)
    before = len(with_motors.rumbles)
    assert ctx.input.rumble(seat_a, 1.0, 100) is False and len(with_motors.rumbles) == before


def test_rumble_strength_follows_the_setting(monkeypatch, pads):
    pad = plug(pads, rumble=True)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, pad, "a")
    seat = ctx.input.seat_of(("pad", pad.instance_id))
    strengths = []
    for level in ("low", "high"):
        ctx.settings.rumble = level
        frame(ctx)
        ctx.input.rumble(seat, 0.5, 50)
        strengths.append(pad.rumbles[-1][0])
    assert 0 < strengths[0] < strengths[1]


def test_events_rumble_only_their_own_seat(monkeypatch, pads):
    mine = plug(pads, rumble=True)
    theirs = plug(pads, rumble=True)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, mine, "a")
    tap(ctx, theirs, "a")
    seat = ctx.input.seat_of(("pad", mine.instance_id))
    rumbler = Rumbler(ctx, "checkout")
    before = len(theirs.rumbles)
    assert rumbler.fire("grab", seat) is True
    assert mine.rumbles and len(theirs.rumbles) == before
    assert rumbler.fire("roll", seat) is False      # not every event rumbles


def test_a_stick_press_finds_me_and_rumbles_my_pad(monkeypatch, pads):
    pad = plug(pads, rumble=True)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, pad, "a")
    seat = ctx.input.seat_of(("pad", pad.instance_id))
    assert ctx.input.find_me_age(seat) is None
    before = len(pad.rumbles)
    tap(ctx, pad, "ls")
    assert ctx.input.find_me_age(seat) is not None and ctx.input.find_me_age(seat) <= 2
    assert len(pad.rumbles) > before
    assert ctx.input.device_command(("pad", pad.instance_id)).pressed == 0   # not a game button


def test_the_keyboard_find_me_key(monkeypatch, pads):
    ctx = make_ctx(monkeypatch)
    ctx.input.assign(("kb", "left"), 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x))
    frame(ctx)
    assert ctx.input.find_me_age(0) == 0


def test_steam_deck_controls_are_a_pad_with_xbox_names(monkeypatch, pads):
    deck = plug(pads, vendor=0x28DE, product=0x1205, name="Steam Deck")
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    tap(ctx, deck, "a")
    seat = ctx.input.seat_of(("pad", deck.instance_id))
    assert seat is not None and ctx.input.family_of(("pad", deck.instance_id)) == "xbox"
    assert seat_labels(ctx, seat)["START"] == "Menu"


def test_the_controls_screen_names_pad_buttons_the_family_way(monkeypatch, pads):
    from game.match.commands import Button
    from game.scenes.menus.settings import ControlsScene
    plug(pads, vendor=SONY, product=DS4)
    ctx = make_ctx(monkeypatch)
    frame(ctx)
    scene = ControlsScene(ctx)
    scene.device = 2                          # "Gamepads"
    assert scene._bound(Button.Y) == "Triangle" and scene._bound(Button.LB) == "L1"
    assert scene._bound(Button.UP) == "D-pad up"


def test_a_find_me_key_bound_to_a_game_button_is_only_that_button(monkeypatch, pads):
    ctx = make_ctx(monkeypatch)
    ctx.bindings.set_key("left", Button.X, pygame.K_x)
    ctx.input.assign(("kb", "left"), 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x))
    frame(ctx)
    assert ctx.input.find_me_age(0) is None


def test_a_stick_bound_to_a_game_button_is_only_that_button(monkeypatch, pads):
    pad = plug(pads)
    ctx = make_ctx(monkeypatch)
    ctx.bindings.set_pad_button(Button.Y, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    frame(ctx)
    tap(ctx, pad, "a")
    seat = ctx.input.seat_of(("pad", pad.instance_id))
    tap(ctx, pad, "ls")
    assert ctx.input.find_me_age(seat) is None
