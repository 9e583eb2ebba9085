"""Sold Out! rules engine: pure Python, no pygame, no clock, no global random.

Public API (stable; the mall simulation builds on it)
-----------------------------------------------------
Catalogue (catalogue.py)
    load_catalogue(path=None) -> Catalogue      # assets/soldout/catalogue.toml by default
    CatalogueError                              # message names the file and the entry
    Catalogue.items: dict[id, Item(id, garment, colour, pattern, name)]
    Catalogue.objectives: dict[id, Objective(id, bags, items: tuple[str, ...])]
    Catalogue.colours: dict[id, Colour(id, name, hex, cb_hex, cvd_group)]
    Catalogue.garment_names, .pattern_adjectives, .pile_sizes, .extra_dressers
    Catalogue.name(item_id) -> str              # "Red striped T-shirt"

Match (match.py) -- one seeded random.Random for the whole match
    m = Match(catalogue, players, rng, teams=None | [team id per player], assist=False)
    rnd = m.start_round(mode, deal=None) -> Round   # mode: a key of modes.keys()
    ... play actions on rnd until rnd.over ...
    m.finish_round() -> RoundResult(mode, cause, sold_out_by, side_scores, scored, mistakes)
    m.totals (per side), m.player_total(p), m.winners(), m.results, m.state_hash()

Modes (modes.py) -- the one registry of modes: SoldOutMode protocol, Mode, Family (RUSH, MEMORY, TIDY)
    modes.register(Mode(key, name, family)), modes.get(key), keys(), choices(), cycle(), display_name(key)

Round (engine.py) -- players are 0..n-1; a *side* is a team, or a player when teams are off
    deal_round(catalogue, mode, sides, rng) -> Deal(piles, lists, dressers)   # the mode's deal
    Round(catalogue, mode, players, deal, teams=None, assist=False)
    Actions, each -> Result(ok: bool, reason: str, events: tuple):
        pick_up(p, pile)        put_down(p)          flip(p)        take(p)
        deliver(p, objective_slot=None)              # Rush, at the Starting Table
        hand_to_pile(p, index)                       # Memory
        return_card(p, pile)                         # Rush/Tidy: carried card back into a pile
        place_at_dresser(p, dresser)                 # Tidying Up
        call_sold_out(p)                             # Memory
        end_round(cause="stopped")                   # the simulation's own stop (time limit)
    Result.events tell the map what moved (events.py, one frozen class each):
        PilePutDown(player, pile)   the pile goes to the floor where the player stands
        PileRemoved(pile)           the pile is empty and disappears
        PileCreated(player, pile)   round end: a carried card becomes a 1-card pile there
        SoldOut(side)  RoundOver(cause)
    State: piles {pile id: [cards], index 0 shown}, held {player: pile}, carried {player: item},
        hands [per player], tables [per side: [Slot(card, placed=[(item, player)])]],
        dressers [Slot], over, cause, sold_out_by, mistakes
    Queries: shown(pile), holder(pile), side(p), members(side), list_items(side),
        hand_size(p), where_is(card), snapshot(), state_hash(), scored(side), scores(),
        dresser_counts(d), dresser_winner(d), objective_right(side, slot),
        player_mistakes(p), bags_in_play(), can_still_score(side)

Scenarios: scenario.run_case(case) -> list[str]; headless: autoplay.play_match(spec) -> dict.
Rules in plain words: docs/RULES.md.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.soldout import modes
    from game.rules.soldout.catalogue import Catalogue, CatalogueError, Colour, Item, Objective, load_catalogue
    from game.rules.soldout.deal import Deal
    from game.rules.soldout.engine import Result, Round, Slot
    from game.rules.soldout.match import Match, RoundResult
    from game.rules.soldout.modes import deal_round

__all__ = ["Catalogue", "CatalogueError", "Colour", "Item", "Objective", "load_catalogue", "modes",
           "Deal", "Result", "Round", "Slot", "deal_round", "Match", "RoundResult"]

# The API above, each name's module imported when the name is first asked for (PEP 562): every
# command reads the modes registry (the command line lists the modes), and importing it must not
# load the engine and the match (a Check Out! process plays neither; issue #46).
_HOMES = {"Catalogue": "catalogue", "CatalogueError": "catalogue", "Colour": "catalogue", "Item": "catalogue",
          "Objective": "catalogue", "load_catalogue": "catalogue", "Deal": "deal", "Result": "engine",
          "Round": "engine", "Slot": "engine", "deal_round": "modes", "Match": "match", "RoundResult": "match"}


if not TYPE_CHECKING:   # the type checker reads the imports above, so a misspelt name stays an error
    def __getattr__(name: str) -> object:
        home = _HOMES.get(name)
        if home is None:
            if name in __all__:   # "modes": a submodule, imported as one
                return importlib.import_module(f"{__name__}.{name}")
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value   # asked once: later lookups find it without this hook
        return value
