"""A message on a page that fills the screen down to its hint bar (the stats, the career's list of
challenges) never lies over the page's words: "Tonight carries on: 2 matches so far", said as the
game opens, sat in the shell's default zone on the page's lowest rows (a profile's tiles walked,
the career's ninth challenge)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.core.scene import Scene
from game.career.challenges import load_career
from game.render import widgets
from game.scenes import registry
from game.scenes.menus.career import GOALS, ChallengeCard
from game.scenes.speedrun.menu import INFO_BOX
from game.scenes.speedrun.run import SIDE_BOX, SPLITS_BOX, TIMER_BOX, SpeedrunRunScene
from game.text import i18n
from tests.textprobe import TextProbe

MESSAGES = ["Tonight carries on: 2 matches so far", "Stats saved to a file in your data folder"]


def _toasts_area(ctx) -> pygame.Rect:
    """Where the shell draws this frame's messages (their panels' pixels)."""
    layer = pygame.Surface(app.LOGICAL_SIZE, pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    widgets.draw_toasts(layer, ctx.ui, MESSAGES, app.toast_zone(ctx))
    return layer.get_bounding_rect()


def _words(monkeypatch, scene: str, code: str) -> tuple[list[tuple[str, pygame.Rect]], pygame.Rect, Scene | None]:
    """The scene's words as drawn, where the messages go, and the scene."""
    probe = TextProbe(monkeypatch)
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False, lang=code)
    app.stage_screenshot(ctx, registry.screenshot(scene), 1)
    screen = probe.screen()
    ctx.stack.draw(screen, 0.0)
    return probe.texts(screen), _toasts_area(ctx), ctx.stack.top


@pytest.fixture()
def clean_up():
    yield
    i18n.set_language(i18n.DEFAULT)
    pygame.quit()


@pytest.mark.parametrize("code", i18n.LANGUAGES)
@pytest.mark.parametrize("scene", ["stats", "stats_profile", "stats_games", "stats_head_to_head", "career"])
def test_a_message_leaves_the_page_readable(monkeypatch, clean_up, scene, code):
    words, area, _page = _words(monkeypatch, scene, code)
    assert words, "the page has words"
    assert area.h > 0, "the messages are drawn"
    assert [label for label, rect in words if rect.colliderect(area)] == []


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_message_in_a_run_stays_off_the_panel_timer_and_splits(monkeypatch, clean_up, code):
    """In a speedrun, as in a match, messages go over the top of the map (what lies there waits a
    moment), never over the runner's panel, the timer or the splits (the default zone covered the
    panel and the timer box)."""
    words, area, run = _words(monkeypatch, "speedrun", code)
    assert isinstance(run, SpeedrunRunScene)
    boxes = [TIMER_BOX, SPLITS_BOX, SIDE_BOX] + [panel.rect for panel in run.picture.layout.panels]
    assert words and area.h > 0
    assert [box for box in boxes if box.colliderect(area)] == []


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_message_on_the_speedrun_menu_stays_above_its_rows_and_box(monkeypatch, clean_up, code):
    """The speedrun menu's rows and the category's box reach down to the hint bar: a message goes
    beside the heading (the default zone lay over the last rows and the box)."""
    words, area, _menu = _words(monkeypatch, "speedrun_menu", code)
    assert words and area.h > 0
    assert area.bottom <= INFO_BOX.top
    assert [label for label, rect in words if rect.colliderect(area)] == []


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_message_on_a_challenge_card_leaves_its_words_and_ready_shapes(monkeypatch, clean_up, code):
    """A team challenge's card, a team-mate joined: the default zone lay over "Starts when everyone
    is ready" and the ready shapes under it."""
    probe = TextProbe(monkeypatch)
    words, area, card = _words(monkeypatch, "career_card", code)
    assert isinstance(card, ChallengeCard)
    screen = probe.screen()
    card.draw(screen, 0.0)
    shapes = [rect for kind, _label, rect in probe.items(screen) if kind == "shape"]
    assert len(shapes) == 2 and words and area.h > 0
    assert [label for label, rect in words if rect.colliderect(area)] == []
    assert [shape for shape in shapes if shape.colliderect(area)] == []


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_challenge_card_has_room_for_a_message_beside_its_name(monkeypatch, clean_up, code):
    """Names and match lines differ in length: on every challenge's card, in every language, a
    message stays off the card's words and above its goals."""
    probe = TextProbe(monkeypatch)
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False, lang=code)
    crossed = []
    for challenge in load_career().challenges():
        ctx.stack.push(ChallengeCard(ctx, None, challenge))
        ctx.stack.apply()
        screen = probe.screen()
        ctx.stack.draw(screen, 0.0)
        area = _toasts_area(ctx)
        ctx.stack.pop()
        ctx.stack.apply()
        assert area.h > 0 and area.bottom <= GOALS.top, challenge.id
        crossed += [(challenge.id, label) for label, rect in probe.texts(screen) if rect.colliderect(area)]
    assert crossed == []
