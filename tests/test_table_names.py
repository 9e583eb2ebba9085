"""Product and bargain names on the dice table: 16 px or more (text.bar_px, not the size number)
at every board size the table uses (they were 6 px tall in table6, table_bonus and table_solo,
then 11 px at "size 16")."""
from __future__ import annotations

import pygame
import pytest

from game.render import tabletop
from game.render.icons import font
from game.render.text import TEXT_MIN_PX, bar_px
from game.rules.checkout import load_catalogue
from game.scenes.table.layout import PRODUCTS, card_rects
from game.sim.table_cursor import grid


def _product_sizes() -> set[tuple[int, int]]:
    """Every product card size the board takes, from 1 product to a crowded bonus round."""
    from game.scenes.table.layout import solo_rects
    sizes = set()
    for n in range(1, 25):
        sizes.add(card_rects(grid(n, 0), PRODUCTS)[0].size)
        sizes.add(solo_rects(grid(n, 0) + [(0, 0)] * 5, n, PRODUCTS)[0].size)
    return sizes


@pytest.mark.parametrize("size", sorted(_product_sizes()))
def test_every_product_name_reads(size):
    pygame.init()
    w, h = size
    for product in load_catalogue().products.values():
        lines, px, band = tabletop._name_fit(product.name, tabletop._band_room(w, 0), round(h * 0.2),
                                             max(round(h * 0.3), tabletop.TWO_LINES))
        assert lines, f"{product.name} left off a {size} card"
        assert bar_px(font(px)) >= TEXT_MIN_PX


@pytest.mark.parametrize("size", [(108, 144), (112, 144), (124, 144), (176, 234)])
def test_every_bargain_name_reads(size):
    pygame.init()
    w, h = size
    for bargain in load_catalogue().bargains.values():
        band = round(h * 0.21)
        lines, px, _ = tabletop._name_fit(bargain.name, tabletop._band_room(w, 0), band, max(band, tabletop.TWO_LINES))
        assert lines and bar_px(font(px)) >= TEXT_MIN_PX, bargain.name


@pytest.mark.parametrize("code, name, lines", [
    ("de", "Schlüsselanhänger", ["Schlüssel-", "anhänger"]),      # at the compound's seam
    ("de", "Zuckerwatte", ["Zucker-", "watte"]),
    ("es", "Galletas", ["Galle-", "tas"]),                       # "ll" is one letter: never "Gal-" / "letas"
    ("en", "Marshmallows", ["Marsh-", "mallows"]),
    ("de", "Mango-Lassi", ["Mango-", "Lassi"]),                  # its own hyphen, not a second one
    ("fr", "Tourte à la viande", ["Tourte à", "la viande"]),     # a space before any hyphen
])
def test_a_name_breaks_where_its_language_breaks_it(code, name, lines):
    """Two lines at a space, after the name's own hyphen, else where the language hyphenates."""
    from game.text import i18n
    i18n.set_language(code)
    try:
        assert tabletop._two_lines(name) == lines
    finally:
        i18n.set_language(i18n.DEFAULT)
