"""The built-in games, each one `Game` object (game.match.games): Sold Out! then Check Out!,
registered in menu order when this package is imported."""
from game.games.soldout import SOLD_OUT
from game.games.checkout import CHECK_OUT

__all__ = ["CHECK_OUT", "SOLD_OUT"]
