"""The on-screen keyboard a profile's name is typed with (game/scenes/menus/name_keys.py)."""
from __future__ import annotations

from game.files.profiles import MAX_NAME
from game.match.commands import Button, Command
from game.scenes.menus.name_keys import COLUMNS, DELETE, DONE, SHIFT, SPACE, NameKeys, Outcome


def press(keys: NameKeys, *buttons: Button) -> Outcome:
    out = Outcome.TYPING
    for button in buttons:
        out = keys.update(Command(pressed=button))
    return out


def test_every_row_is_as_wide_as_the_grid_and_the_accents_de_fr_es_need_are_there():
    keys = NameKeys()
    for row in keys.rows:
        assert sum(k.span for k in row) == COLUMNS
    letters = "".join(k.key for row in keys.rows for k in row if len(k.key) == 1)
    for needed in "ÄÖÜßÉÈÊËÀÂÇÎÏÔÛÙŒÁÍÓÚÑ0123456789-'":
        assert needed in letters


def test_a_types_the_first_letter_as_a_capital_then_small_ones():
    keys = NameKeys()
    press(keys, Button.A, Button.RIGHT, Button.A)          # A, then b
    assert keys.text == "Ab"
    keys.row, keys.col = 2, 4                              # É, typed small after the first letter
    press(keys, Button.A)
    assert keys.text == "Abé"


def test_moving_wraps_round_every_edge_and_over_the_wide_keys():
    keys = NameKeys()
    press(keys, Button.LEFT)
    assert keys.key.key == "M"                             # left of A: the row's end
    press(keys, Button.UP)
    assert keys.key.key == DONE                            # above the top row: the bottom one (Done spans M's column)
    press(keys, Button.RIGHT)
    assert keys.key.key == SHIFT                           # right of Done: round to the row's start
    press(keys, Button.RIGHT)
    assert keys.key.key == SPACE
    press(keys, Button.RIGHT)
    assert keys.key.key == DELETE
    press(keys, Button.DOWN)
    assert keys.key.key == "H"                             # below Delete: the top row at Delete's first column


def test_b_deletes_then_cancels_on_an_empty_name():
    keys = NameKeys()
    press(keys, Button.A, Button.A)
    assert keys.text == "Aa"
    assert press(keys, Button.B) is Outcome.TYPING and keys.text == "A"
    assert press(keys, Button.B) is Outcome.TYPING and keys.text == ""
    assert not keys.lower                                  # the next letter is a capital again
    assert press(keys, Button.B) is Outcome.CANCELLED


def test_start_y_and_the_done_key_finish():
    for finish in (Button.START, Button.Y):
        keys = NameKeys()
        assert press(keys, Button.A, finish) is Outcome.DONE
    keys = NameKeys(row=5, col=11)
    assert keys.key.key == DONE and press(keys, Button.A) is Outcome.DONE


def test_shift_space_and_delete_keys():
    keys = NameKeys()
    keys.type_text("Jo")
    keys.row, keys.col = 5, 0
    press(keys, Button.A)                                  # shift: capitals again
    keys.row, keys.col = 0, 0
    press(keys, Button.A)
    assert keys.text == "JoA"
    keys.row, keys.col = 5, 3
    press(keys, Button.A)                                  # space
    keys.row, keys.col = 5, 8
    press(keys, Button.A)                                  # delete takes the space back
    assert keys.text == "JoA"


def test_a_name_stops_at_sixteen_and_typed_text_drops_control_characters_and_leading_spaces():
    keys = NameKeys()
    keys.type_text("  Zoë\n\x1b" + "W" * 40)
    assert keys.text.startswith("Zoë") and "\n" not in keys.text and len(keys.text) == MAX_NAME


def test_a_long_name_is_cut_with_an_ellipsis_only_where_it_has_no_room():
    from game.render.widgets import ellipsized
    assert ellipsized("Zoë", lambda t: len(t) <= 16) == "Zoë"
    assert ellipsized("W" * 16, lambda t: len(t) <= 6) == "WWWWW…"
    assert ellipsized("Anna Lena", lambda t: len(t) <= 6) == "Anna…"      # no space before the "…"


def test_a_profile_seat_is_named_by_its_profile_in_the_match_spec_and_a_guest_by_its_colour():
    from game.match.seats import LobbySeat
    assert LobbySeat(2, profile=7, profile_name="Anna-Lena").spec(False).name == "Anna-Lena"
    assert LobbySeat(2).spec(False).name == "Green"
