"""Bots: seats played by the computer through the same Commands a pad sends.

Sold Out!: `make_soldout_bot(seat_spec, sim, seed) -> SoldOutBot`, then
`bot.command(sim) -> Command` once per tick. Difficulties are data in
assets/bots.toml (game/bots/difficulty.py). docs/BOTS.md describes how they play.
"""
from game.bots.difficulty import BotsFileError, SoldOutDifficulty, difficulty_table, soldout_difficulty
from game.bots.soldout import SoldOutBot, make_soldout_bot

__all__ = ["BotsFileError", "SoldOutDifficulty", "difficulty_table", "soldout_difficulty", "SoldOutBot",
           "make_soldout_bot"]
