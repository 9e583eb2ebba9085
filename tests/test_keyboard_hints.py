"""Every hint in the player's own keys: a Check Out! match played on one keyboard (both halves) with
bots beside it names keyboard keys everywhere (the top bar, the panels, the board, the overlays, the
how-to card), never a pad's buttons; a bot's panel names no key at all. Two people on one keyboard
see each other's secrets only as a glimpse (docs/RULES.md)."""
from __future__ import annotations

import re
import time

import pygame
import pytest

from devkit.shots.table import keyboard_table
from game.render import glyphs, icons, keytext, text
from game.rules.checkout import BIDDING
from game.scenes.menus.howto import HowToScene, load_howto
from game.scenes.pads import keys_in_play, seat_keys, sharing_a_keyboard
from game.scenes.secrets import GLIMPSE_TICKS, Glimpse
from game.scenes.table.layout import SCREEN

PAD_WORD = re.compile(r"\b(A|B|X|Y|LB|RB|START|BACK)\b")


class Seen:
    """Every text rendered and every key cap drawn from now on."""

    def __init__(self, monkeypatch) -> None:
        self.texts: set[str] = set()
        self.caps: set[str] = set()
        real_render, real_outlined, real_badge = text.TextCache.render, icons.outlined_text, glyphs.badge

        def render(cache, words, *args, **kwargs):
            self.texts.add(str(words))
            return real_render(cache, words, *args, **kwargs)

        def outlined(words, *args, **kwargs):
            self.texts.add(str(words))
            return real_outlined(words, *args, **kwargs)

        def badge(ui, label, height):
            self.caps.add(str(label))
            return real_badge(ui, label, height)
        monkeypatch.setattr(text.TextCache, "render", render)
        monkeypatch.setattr(icons, "outlined_text", outlined)
        for module in ("game.scenes.table.paint", "game.scenes.table.hud", "game.scenes.table.draw",
                       "game.scenes.table.overlay", "game.render.keytext"):
            monkeypatch.setattr(f"{module}.outlined_text", outlined, raising=False)
        monkeypatch.setattr(glyphs, "badge", badge)
        keytext._cache.clear()

    def pad_words(self) -> list[str]:
        said = [t for t in self.texts if PAD_WORD.search(t)]
        return said + sorted(c for c in self.caps if PAD_WORD.fullmatch(c))


def test_a_keyboard_only_match_names_only_keyboard_keys(ctx, monkeypatch):
    seen = Seen(monkeypatch)
    scene = keyboard_table(ctx, 7)
    keys = scene.picture.keys
    assert keys.seats[0]["X"] == "E" and keys.seats[1]["A"] == "Enter" and keys.seats[2] == {}
    assert keys.shared["A"] == ["Space", "Enter"]
    screen = pygame.Surface(SCREEN)
    phases, ticks = set(), 0
    while not scene.sim.over() and ticks < 60 * 60 * 20:
        scene.driver.step()
        ticks += 1
        if ticks % 20 == 0 or scene.sim.phase not in phases:
            phases.add(scene.sim.phase)
            scene.draw(screen, 0.0)
            scene.idle(time.perf_counter() + 1.0)   # the panels a frame leaves for after its present
    assert {"countdown", "frenzy", "checkout", "round_end", "bidding"} <= {str(p) for p in phases}
    title, pages = load_howto("checkout")
    card = HowToScene(ctx, title, pages)
    for page in range(len(pages)):
        card.page = page
        card.draw(screen, 0.0)
    assert seen.pad_words() == []
    assert {"E", "RCtrl", "Space", "Enter", "Q", "/"} <= seen.caps
    assert {"E: roll!", "RCtrl: roll!"} <= seen.texts            # each panel in its own half's keys
    assert any(t.startswith("Can grab") for t in seen.texts)     # a bot's panel: no key at all



def test_a_lobby_of_keyboards_says_their_keys(ctx, monkeypatch):
    """The lobby said "START to play" and drew A, B and START as pad buttons to two people on one
    keyboard; now its status line and its bar name each half's keys (START: Tab and Backspace)."""
    from game.scenes.menus.lobby import LobbyScene
    lobby = LobbyScene(ctx)
    lobby.join(("kb", "left"))
    lobby.join(("kb", "right"))
    seen = Seen(monkeypatch)
    lobby.draw(pygame.Surface(SCREEN), 0.0)
    assert {"Space", "Enter", "LShift", "RShift", "Tab", "Bksp"} <= seen.caps
    assert not {"A", "B", "START", "Menu", "Start"} & seen.caps
    assert not [t for t in seen.texts if re.search(r"\bSTART\b(?! MATCH)", t)]   # the menu row is no key

def test_the_keys_in_play_are_every_seated_device_once(ctx):
    ctx.input.assign(("kb", "left"), 0)
    assert seat_keys(ctx, 0)["A"] == "Space" and seat_keys(ctx, 0)["MOVE"] == "WASD"
    assert keys_in_play(ctx)["A"] == ["Space"] and sharing_a_keyboard(ctx) == set()
    ctx.input.assign(("kb", "right"), 3)
    assert seat_keys(ctx, 3)["MOVE"] == "Arrows"
    assert keys_in_play(ctx)["A"] == ["Space", "Enter"] and sharing_a_keyboard(ctx) == {0, 3}


@pytest.mark.parametrize("brief", [False, True])
def test_a_peek_on_a_shared_keyboard_is_a_glimpse(brief):
    """On a pad the secret shows while the button is held; two on one keyboard see it only for a
    moment from each press (or each change made while peeking)."""
    glimpse = Glimpse()
    assert not glimpse.shows(0, False, 0, 3, brief)
    assert glimpse.shows(0, True, 10, 3, brief)
    assert glimpse.shows(0, True, 10 + GLIMPSE_TICKS, 3, brief) is not brief      # still held, later
    assert glimpse.shows(0, True, 11 + GLIMPSE_TICKS, 4, brief)                   # a new value while held
    assert not glimpse.shows(0, False, 12 + GLIMPSE_TICKS, 4, brief)
    assert glimpse.shows(0, True, 13 + GLIMPSE_TICKS, 4, brief)                   # pressed again


def test_a_bid_peeked_on_a_shared_keyboard_hides_again(ctx):
    scene = keyboard_table(ctx, 7)
    scene.fast_forward(lambda sim: sim.phase == BIDDING)
    sim, hud = scene.sim, scene.hud
    seat = 0
    assert seat in scene.picture.keys.side_by_side
    sim.seats[seat].peek = True
    hud._tick = sim.tick
    assert "bid:" in hud._doing(seat)[0]
    hud._tick = sim.tick + GLIMPSE_TICKS + 1
    assert "bid:" not in hud._doing(seat)[0]


@pytest.mark.parametrize("code, said", [("fr", {"Entrée", "Stick", "Flèches"}), ("es", {"Intro", "Palanca", "Flechas"}),
                                        ("de", {"Enter", "Stick", "Pfeiltasten"})])
def test_the_titles_key_caps_are_in_the_players_language(monkeypatch, code, said):
    """The title's "A / Enter" and "Stick / Arrows" were English literals in every language."""
    from game import app
    from game.text import i18n
    from game.scenes.menus.title import TitleScene
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        seen = Seen(monkeypatch)
        TitleScene(ctx).draw(pygame.Surface(SCREEN), 0.0)
        assert said <= seen.caps
    finally:
        i18n.set_language(i18n.DEFAULT)


def test_the_results_hold_row_shows_each_keyboards_confirm_key(ctx, monkeypatch):
    """A results screen's "hold to choose" row drew a pad's A in its ring to two people on one
    keyboard; it shows each half's key for A (Space, Enter)."""
    from tests.test_results_feel import checkout_results
    results = checkout_results(ctx)
    for seat, half in enumerate(("left", "right")):
        ctx.input.assign(("kb", half), seat)
    results.show_podium()
    seen = Seen(monkeypatch)
    results.draw(pygame.Surface(SCREEN), 0.0)
    assert {"Space", "Enter"} <= seen.caps and "A" not in seen.caps


def test_the_next_mode_is_chosen_in_the_choosers_own_keys(ctx, monkeypatch):
    """Last place chooses on their own controller: the screen names their keys, not a pad's A nor
    the other keyboard half's; going back is anyone's B."""
    from game.match.seats import identities
    from game.scenes.mall.mode_choice import Chooser, ModeChoiceScene
    ids = identities()
    ctx.input.assign(("kb", "left"), 0)
    ctx.input.assign(("kb", "right"), 1)
    scene = ModeChoiceScene(ctx, lambda mode: None, Chooser((ids[1].name,), (ids[1],), (1,), "memory"), preset="memory")
    seen = Seen(monkeypatch)
    scene.draw(pygame.Surface(SCREEN), 0.0)
    assert "Enter" in seen.caps and not {"A", "Space"} & seen.caps
    assert {"LShift", "RShift"} <= seen.caps
