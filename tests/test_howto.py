"""How-to cards: data files, paging, skipping, and "seen" remembered in the user folder."""
from __future__ import annotations

import pygame
import pytest

from game.match.commands import Button, Command
from game.scenes.menus.howto import (HOWTO_DIR, MIN_PAGE_TICKS, SEEN_FILE, HowToError, HowToScene, is_seen, load_howto,
                               push_howto_once)


@pytest.mark.parametrize("name", ["rush", "memory", "tidy"])
def test_every_mode_has_a_card(name):
    title, pages = load_howto(name)
    assert title and len(pages) >= 2
    assert all(page.lines for page in pages)


def test_a_broken_file_names_itself(tmp_path):
    (tmp_path / "bad.toml").write_text("title = 3\n", encoding="utf-8")
    with pytest.raises(HowToError, match="bad.toml"):
        load_howto("bad", tmp_path)
    with pytest.raises(HowToError, match="missing.toml"):
        load_howto("missing", tmp_path)


def test_pages_then_seen_persists(ctx, user_dir):
    assert push_howto_once(ctx, "rush")
    ctx.stack.apply()
    card = ctx.stack.top
    assert isinstance(card, HowToScene)
    card.draw(pygame.Surface((1280, 720)), 0.0)
    for _ in range(len(card.pages)):
        assert not is_seen("rush")
        ctx.stack.update({-1: Command(pressed=Button.A)})   # too soon: the page is read first
        for _tick in range(MIN_PAGE_TICKS):
            ctx.stack.update({-1: Command()})
        ctx.stack.update({-1: Command(pressed=Button.A)})   # nobody seated: anyone's A is everyone's ready
    ctx.stack.apply()
    assert ctx.stack.top is None
    assert (user_dir / SEEN_FILE).is_file()
    assert is_seen("rush")
    assert not push_howto_once(ctx, "rush")     # remembered: not shown again
    assert push_howto_once(ctx, "memory")       # another mode still is


def test_start_skips_and_back_pages_back(ctx):
    done = []
    title, pages = load_howto("tidy")
    card = HowToScene(ctx, title, pages, key="tidy", on_done=lambda: done.append(True))
    ctx.stack.push(card)
    ctx.stack.apply()
    for _tick in range(MIN_PAGE_TICKS):
        card.update({-1: Command()})
    card.update({-1: Command(pressed=Button.A)})
    assert card.page == 1
    card.update({-1: Command(pressed=Button.B)})
    assert card.page == 0
    card.update({0: Command(pressed=Button.START)})
    ctx.stack.apply()
    assert done == [True] and is_seen("tidy")


def test_unknown_icons_do_not_break_drawing(ctx):
    from game.scenes.menus.howto import HowToPage
    card = HowToScene(ctx, "Test", [HowToPage("Heading", ("A line",), ("nonsense", "key:A", "pile"))])
    card.draw(pygame.Surface((1280, 720)), 0.0)
    assert HOWTO_DIR.is_dir()


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_every_page_fits_between_its_icons_and_the_page_dots(monkeypatch, code):
    """German ran a page's last line over the page dots; no text of any card's page, in any
    language, overlaps another, leaves the card, or reaches the icons' row or the dots."""
    import pygame
    from game import app
    from game.text import i18n
    from game.scenes.menus.howto import HowToScene, load_howto
    from tests.textprobe import TextProbe
    probe = TextProbe(monkeypatch)
    pygame.init()
    try:
        ctx = app.make_context(load_user_files=False, lang=code)
        for name in ("rush", "memory", "tidy", "checkout"):
            scene = HowToScene(ctx, *load_howto(name))
            for page, content in enumerate(scene.pages):
                scene.page = page
                screen = probe.screen()
                scene.draw(screen, 0.0)
                box = pygame.Rect(0, 0, 1000, 560)
                box.center = (640, 360)
                assert probe.overlaps(screen) == [], (name, page)
                for label, rect in probe.texts(screen):
                    assert box.contains(rect), (name, page, label)
                    if len(label) > 3 and any(label.rstrip("-") in line for line in content.lines):   # a paragraph's line
                        assert box.y + 280 <= rect.top and rect.bottom <= box.bottom - 84, (name, page, label)
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()


def test_check_out_says_one_idea_a_page_each_with_its_own_picture(ctx):
    """The last page once crammed the bid, the bonus round and the tie-break into three long lines
    beside an unrelated icon."""
    from game.scenes.menus.howto import _icon
    from game.scenes.menus.howto_pictures import PICTURES
    title, pages = load_howto("checkout")
    pictured = {page.icons[0]: page for page in pages if page.icons and page.icons[0] in PICTURES}
    assert set(pictured) == set(PICTURES)                                  # change, bid, bonus, tie-break
    assert all(len(page.icons) == 1 and len(page.lines) <= 3 for page in pictured.values())
    assert all(_icon(ctx, name) is not None for name in PICTURES)
    assert "tokens" in " ".join(pictured["tiebreak"].lines) and "BONUS" in " ".join(pictured["bonus"].lines)
    assert all(len(line) <= 100 for page in pictured.values() for line in page.lines)   # plain, short sentences
