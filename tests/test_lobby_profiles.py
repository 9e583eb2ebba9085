"""Profiles in the lobby, through the real scene: a joining seat is a guest one A away, picks a saved
profile or makes one (with a pad on the on-screen keyboard, or a keyboard that types), its name and
preferences sit down with it; several seats choose at once."""
from __future__ import annotations

import pygame
import pytest

from game.files import database, profiles
from game.files.profiles import Profile
from game.match.commands import Button
from game.scenes.menus import lobby_draw
from game.scenes.menus.seat_picker import Page
from game.scenes.pads import keyboard_keys
from tests.pad_loop import frame, lobby_ctx, tap
from vpad import VirtualPad, detach_all


@pytest.fixture
def pads():
    attached: list[VirtualPad] = []
    yield attached
    detach_all(attached)


@pytest.fixture
def ctx(monkeypatch, user_dir):
    pygame.init()
    made = lobby_ctx(monkeypatch)
    yield made
    database.close_all()
    pygame.quit()


def plug(pads) -> VirtualPad:
    pad = VirtualPad()
    pads.append(pad)
    return pad


def key(ctx, code, text: str = "") -> None:
    """A key pressed and let go, each a frame, through the input manager and the scenes (as the window sends them)."""
    for event in [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0),
                  *([pygame.event.Event(pygame.TEXTINPUT, text=text)] if text else []),
                  pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)]:
        pygame.event.post(event)
        if event.type != pygame.TEXTINPUT:
            frame(ctx)


def saved(*names: str) -> list[Profile]:
    db = database.shared()
    made = [profiles.create(db, name, []) for name in names]
    assert all(isinstance(p, Profile) for p in made)
    return made


def lobby(ctx):
    return ctx.stack.top


def landed(ctx) -> None:
    """The worker has saved what was typed, and a tick of the lobby has taken its answer."""
    assert database.shared().flush()
    frame(ctx)


def test_join_then_a_is_a_guest_seat_as_before(ctx):
    saved("Anna")
    key(ctx, pygame.K_SPACE)                        # the left keyboard joins: its picker opens on Guest
    assert [s.seat for s in ctx.seats] == [0] and 0 in lobby(ctx).seat_profiles.pickers
    key(ctx, pygame.K_SPACE)                        # A: Guest
    assert lobby(ctx).seat_profiles.pickers == {} and ctx.seats[0].profile is None
    assert lobby(ctx).match_spec().seats[0].name == "Orange"
    assert lobby(ctx).menu.index == 0               # the A chose Guest, not a menu row


def test_a_pad_picks_a_saved_profile_most_recent_first_and_its_name_reaches_the_spec(ctx, pads):
    older, newer = saved("Older", "Newer")
    db = database.shared()
    with db.lock:
        db.connection.execute("UPDATE profiles SET last_used = '2020-01-01T00:00:00' WHERE id = ?", (older.id,))
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")                              # join
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert [lobby(ctx).seat_profiles.by_id().get(e, e) for e in picker.entries][1:3] == \
        [lobby(ctx).seat_profiles.by_id()[newer.id], lobby(ctx).seat_profiles.by_id()[older.id]]
    tap(ctx, pad, "down")
    tap(ctx, pad, "a")                              # Newer sits down
    seat = ctx.seats[0]
    assert (seat.profile, seat.profile_name) == (newer.id, "Newer")
    assert lobby(ctx).match_spec().seats[0].name == "Newer"


def test_a_profile_seated_elsewhere_is_left_out_and_two_seats_choose_at_once(ctx, pads):
    anna, = saved("Anna")
    first, second = plug(pads), plug(pads)
    frame(ctx)
    tap(ctx, first, "a")
    tap(ctx, second, "a")                           # both choosing now
    pickers = lobby(ctx).seat_profiles.pickers
    assert sorted(pickers) == [0, 1]
    tap(ctx, first, "down")                       # only the first moves
    assert (pickers[0].index, pickers[1].index) == (1, 0)
    tap(ctx, first, "a")                            # Anna sits on seat 0
    assert anna.id not in pickers[1].entries
    tap(ctx, second, "a")                           # the second is a guest
    assert [(s.seat, s.profile) for s in ctx.seats] == [(0, anna.id), (1, None)]


def test_a_pad_makes_a_profile_on_the_on_screen_keyboard_and_a_taken_name_is_said(ctx, pads):
    saved("Bo")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")                              # join
    tap(ctx, pad, "up")                           # round to "New profile"
    tap(ctx, pad, "a")
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert picker.page is Page.TYPING
    tap(ctx, pad, "right")                        # B
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")                              # O, below B
    tap(ctx, pad, "a")
    assert picker.keys is not None and picker.keys.text == "Bo"
    tap(ctx, pad, "start")                          # done: taken (in another case too)
    assert picker.page is Page.TYPING and "taken" in (picker.problem or "")
    tap(ctx, pad, "a")                              # another o: "Boo"
    tap(ctx, pad, "y")
    landed(ctx)                                     # saved on the worker: no frame waits for the disk
    seat = ctx.seats[0]
    assert seat.profile_name == "Boo" and 0 not in lobby(ctx).seat_profiles.pickers
    assert "Boo" in [p.name for p in profiles.load(database.shared(), ("gran",)).found]


def test_a_keyboard_seat_simply_types_its_name(ctx):
    key(ctx, pygame.K_RETURN)                       # the right keyboard joins
    key(ctx, pygame.K_UP)                           # "New profile"
    key(ctx, pygame.K_RETURN)
    for char in "Zoë":
        key(ctx, pygame.K_a, char)                  # the letter keys type (they are not buttons now)
    key(ctx, pygame.K_SPACE, " ")                   # nor is the left half's A: no one joins
    assert [s.seat for s in ctx.seats] == [0]
    key(ctx, pygame.K_BACKSPACE)
    key(ctx, pygame.K_RETURN)                       # done
    landed(ctx)
    assert ctx.seats[0].profile_name == "Zoë"


def test_escape_takes_a_typing_keyboard_back_to_its_list_and_keeps_its_seat(ctx):
    key(ctx, pygame.K_RETURN)
    key(ctx, pygame.K_UP)
    key(ctx, pygame.K_RETURN)
    key(ctx, pygame.K_ESCAPE)
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert picker.page is Page.LIST and [s.seat for s in ctx.seats] == [0]


def test_a_profile_sits_on_its_colour_when_free_with_its_shopper_and_rumble(ctx, pads):
    anna, = saved("Anna")
    changed = Profile(anna.id, "Anna", "pip", 3, False, "off", {"A": 1, "B": 0})
    profiles.update(database.shared(), changed)
    database.shared().flush()
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "a")
    seat = ctx.seats[0]
    assert (seat.seat, seat.character, seat.profile) == (3, "pip", anna.id)
    assert ctx.input.seat_of(("pad", pad.instance_id)) == 3
    assert ctx.input.seat_rumble == {3: "off"}
    own = ctx.input.seat_bindings[3]
    assert (own.pad_button_for(Button.A), own.pad_button_for(Button.B)) == (1, 0)   # its own A and B, swapped
    pad.button("b", True)                           # the pad's B button is this player's A
    frame(ctx, scenes=False)
    assert ctx.input.device_command(("pad", pad.instance_id)).pressed & Button.A
    pad.button("b", False)
    frame(ctx, scenes=False)


def test_start_from_a_choosing_seat_plays_as_a_guest(ctx, pads):
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    assert lobby(ctx).start_problem() is None
    started = []
    lobby(ctx).start = lambda: started.append(True)
    tap(ctx, pad, "start")
    assert started == [True]


def test_edit_a_profile_and_delete_it_only_after_a_confirmation(ctx, pads):
    anna, = saved("Anna")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "y")                              # Anna's preferences
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert picker.page is Page.EDIT
    tap(ctx, pad, "down")                         # Character
    tap(ctx, pad, "right")
    assert picker.editing is not None and picker.editing.character is not None
    for _ in range(5):
        tap(ctx, pad, "down")                     # down to "Delete profile"
    tap(ctx, pad, "a")
    assert picker.page is Page.DELETE
    tap(ctx, pad, "b")                              # kept
    assert picker.page is Page.EDIT and lobby(ctx).seat_profiles.by_id()
    tap(ctx, pad, "a")
    tap(ctx, pad, "a")                              # deleted
    database.shared().flush()
    assert profiles.load(database.shared(), ("gran",)).found == [] and picker.page is Page.LIST


def test_the_character_row_changes_a_seated_profile_s_shopper_for_next_time(ctx, pads):
    anna, = saved("Anna")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "a")                              # Anna sits
    lobby(ctx)._cycle_character(1)
    chosen = ctx.seats[0].character
    assert chosen is not None
    database.shared().flush()
    assert profiles.load(database.shared(), (chosen,)).found[0].character == chosen


def test_a_rename_is_saved_on_the_worker_and_a_taken_name_refused(ctx, pads):
    anna, ben = saved("Anna", "Ben")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "y")                              # the first profile listed: its preferences
    picker = lobby(ctx).seat_profiles.pickers[0]
    editing = picker.editing
    tap(ctx, pad, "a")                              # Rename: the keyboard, its name typed already
    assert picker.page is Page.TYPING and picker.keys.text == editing.name
    for _ in range(len(editing.name)):
        tap(ctx, pad, "b")
    other = "Ben" if editing.name == "Anna" else "Anna"
    picker.keys.type_text(other.lower())            # another profile's name, in another case
    tap(ctx, pad, "start")
    landed(ctx)
    assert "taken" in (picker.problem or "") and picker.page is Page.TYPING
    picker.keys.type_text("x")
    tap(ctx, pad, "start")
    landed(ctx)
    assert picker.page is Page.EDIT and picker.editing.name == other.lower() + "x"
    names = sorted(p.name for p in profiles.load(database.shared(), ("gran",)).found)
    assert names == sorted([other, other.lower() + "x"])


def test_a_profile_that_asks_for_the_assist_turns_it_on_for_the_match(ctx, pads):
    anna, = saved("Anna")
    profiles.update(database.shared(), Profile(anna.id, "Anna", assist=True))
    database.shared().flush()
    pad = plug(pads)
    frame(ctx)
    assert lobby(ctx).field("assist") is False
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "a")
    assert lobby(ctx).field("assist") is True and lobby(ctx).match_spec().options.assist is True


# ---------------------------------------------------------------- the profile leftovers (#43)
def _drawn_hints(ctx, monkeypatch) -> list[tuple[str, dict]]:
    """Every keyed line the seat cards draw in one frame of the lobby: (text, the keys it names)."""
    drawn: list[tuple[str, dict]] = []
    real = lobby_draw.keyed_text

    def spy(ui, text, size, colour, names, *args, **kwargs):
        drawn.append((text, {k: list(v) for k, v in names.items()}))
        return real(ui, text, size, colour, names, *args, **kwargs)

    monkeypatch.setattr(lobby_draw, "keyed_text", spy)
    lobby(ctx)._cards.clear()
    lobby(ctx).draw(pygame.Surface((1280, 720)), 0.0)
    return drawn


def test_a_seated_player_s_card_shows_their_own_key_for_the_profile_picker(ctx, monkeypatch):
    key(ctx, pygame.K_SPACE)                        # the left keyboard joins
    key(ctx, pygame.K_SPACE)                        # and sits as a guest
    lobby(ctx).add_bot()
    x_key = keyboard_keys(ctx, "left")["X"]
    hints = [names["X"] for text, names in _drawn_hints(ctx, monkeypatch) if text == lobby_draw.PROFILE_KEY]
    assert hints == [[x_key]]                       # the person's card says it with their own key; the bot's not
    key(ctx, ctx.bindings.key_for("left", Button.X))
    assert 0 in lobby(ctx).seat_profiles.pickers    # and that key opens the picker again


def test_the_seat_row_and_a_pulled_pad_s_toast_name_the_profile_not_the_colour(ctx, pads):
    saved("Anna")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "a")                              # Anna sits on seat 1
    lobby(ctx).picked = 0
    assert lobby(ctx)._picked_text() == "1 · Anna"
    pad.detach()
    frame(ctx)
    frame(ctx)
    assert ctx.seats == [] and any("Anna" in text for text in ctx.toasts.texts())


def test_a_keyboard_seat_s_profile_has_no_rumble_or_pad_buttons_and_says_its_keys_are_shared(ctx):
    anna, = saved("Anna")
    profiles.update(database.shared(), Profile(anna.id, "Anna", rumble="off", bindings={"A": 1, "B": 0}))
    database.shared().flush()
    key(ctx, pygame.K_SPACE)                        # the left keyboard joins
    key(ctx, ctx.bindings.key_for("left", Button.DOWN))
    key(ctx, ctx.bindings.key_for("left", Button.Y))   # Anna's preferences
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert picker.page is Page.EDIT and "rumble" not in picker.rows and "buttons" not in picker.rows
    while picker.rows[picker.index] != "keys":
        key(ctx, ctx.bindings.key_for("left", Button.DOWN))
    key(ctx, pygame.K_SPACE)                        # A on "Keys: Shared": why, in a toast; nothing changes
    assert any("Settings > Controls" in text for text in ctx.toasts.texts())
    assert lobby(ctx).seat_profiles.by_id()[anna.id].bindings == {"A": 1, "B": 0}
    key(ctx, ctx.bindings.key_for("left", Button.B))   # back to the list, on Guest
    key(ctx, ctx.bindings.key_for("left", Button.DOWN))
    key(ctx, pygame.K_SPACE)                        # Anna sits: her pad's rumble and buttons stay unused
    assert ctx.seats[0].profile == anna.id
    assert ctx.input.seat_rumble == {} and ctx.input.seat_bindings == {}


def test_a_pad_seat_s_profile_still_offers_rumble_and_pad_buttons(ctx, pads):
    saved("Anna")
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    tap(ctx, pad, "down")
    tap(ctx, pad, "y")
    picker = lobby(ctx).seat_profiles.pickers[0]
    assert "rumble" in picker.rows and "buttons" in picker.rows and "keys" not in picker.rows
