"""icons.font() survives pygame being quit and initialised again (as tests and restarts do)."""
import pygame

from game.render import icons


def test_font_still_renders_after_pygame_quit_and_init():
    pygame.init()
    icons.font(23).render("before", True, (0, 0, 0))
    pygame.quit()
    pygame.init()
    try:
        assert icons.font(23).render("after", True, (0, 0, 0)).get_width() > 0
        assert icons.text_surface("after", 23, (0, 0, 0)).get_width() > 0
    finally:
        pygame.quit()


def test_font_after_only_the_font_module_was_quit():
    pygame.font.init()
    icons.font(31)
    pygame.font.quit()
    assert icons.font(31).get_height() > 0
    assert pygame.font.get_init()


def test_cache_clear_is_still_callable():
    icons.font.cache_clear()
    assert icons.font(17) is icons.font(17)
