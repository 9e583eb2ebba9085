"""Bots: seats played by the computer through the same Commands a pad sends.

Sold Out! (game/bots/soldout.py): `make_soldout_bot(seat_spec, sim, seed) -> SoldOutBot`, then
`bot.command(sim) -> Command` once per tick. Difficulties are data in assets/bots.toml
(game/bots/difficulty.py). Check Out!'s bots are game/bots/checkout.py. docs/BOTS.md describes
how they play.

Each game's bots are imported from their own module: this package re-exports none, so a Check
Out! match never loads the Sold Out! bots (and their walk grids) through it (issue #46).
"""
