"""The player's stats: each match played in the window saved in the records database
(`store`), read back as stories per profile and for everyone (`queries`), and exported as
CSV (`export`). The stats screen (game.scenes.menus.stats) shows them."""
