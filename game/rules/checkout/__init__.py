"""Check Out!: the rules engine (pure Python; no pygame, no clock, no global random).

Quick start
-----------
    import random
    from game.rules.checkout import load_catalogue, CheckoutGame

    game = CheckoutGame(load_catalogue(), players=4, rng=random.Random(seed))
    result = game.roll(0)                  # Result(ok=True, reason="")
    game.grab(0, ["hot_dog"])              # Result(ok=False, reason="Those dice don't show a 5 and a 6")

Players are seats 0..players-1. The match's `random.Random` shuffles both decks
at construction and makes every roll. Actions are applied in the order they
are called: who acted first within a tick is the simulation's decision.

Every action returns `Result(ok: bool, reason: str)`; a rejection changes
nothing and its reason is a sentence to show the player. A bad seat number is
a rejection too, never an exception.

Phases (`game.phase`)
---------------------
"frenzy"     a normal round: roll / grab / join_queue. When one player alone
             still holds dice, `last_holder()` names them; they may not roll
             (roll is rejected) but may grab with the faces showing. The
             simulation runs the visible countdown, then calls
             `finish_last_holder()` (their dice join the queue).
             When nobody holds dice any more, checkout starts by itself.
"checkout"   `checkout_player()` is whose turn it is (queue order: first to join
             first). They `buy(seat, bargain_id)` any number of times, then
             `end_checkout_turn(seat)` (unspent queue dice -> change tokens while
             the supply lasts). After the last turn the round ends by itself.
"round_end"  the round's results; `next_round()` deals the next round, or after
             round 4 opens the bonus bids.
"bidding"    each seat `bid(seat, tokens)` once, 0..5 and no more than they hold;
             `bid_made(seat)` says who has chosen; `revealed_bids()` is None
             until everyone has, then the list. Spent tokens go back to the supply.
"bonus"      played like "frenzy" with the bought dice; the first to
             `join_queue` takes the BONUS tokens; no checkout, leftover dice
             earn nothing; ends by itself when nobody holds dice.
"bonus_solo" only one player bid: they `set_faces(seat, faces)` (one face
             1-6 for each unplaced die, as often as they like), grab, and end
             the round with `join_queue(seat)` or by placing their last die.
             The BONUS tokens are discarded.
"over"       final. `scores()` -> [Score(seat, stars, tokens, sets, total)],
             `winners()` -> seats (most points, then most tokens, else shared).

Actions
-------
roll(seat, faces=None)       roll every unplaced die; the faces are decided at
                             once (the simulation shows the tumble and should
                             not offer grab until it lands). `faces` forces the
                             result: scenarios and tests only.
grab(seat, product_ids)      place dice from the faces showing on every listed
                             product at once; the engine picks the dice. Dice
                             left over keep their faces and may grab again.
join_queue(seat)             all unplaced dice go to the rightmost empty
                             queue space (`queue_space(seat)`); round over for them.
finish_last_holder()         the last player's window has run out.
buy(seat, bargain_id)        at the promo price when its condition holds
                             (`price(seat, id)`, `promo_applies(seat, id)`).
end_checkout_turn(seat), next_round(), bid(seat, tokens), set_faces(seat, faces)

check_roll(seat), check_grab(seat, ids) -> Result   the same verdict as the action,
                             nothing changed (grey out a button, say why).
plan_grab(seat, ids) -> list[int] | None   the hand indexes of the dice a grab
                             would place, in product order (to highlight or
                             animate exactly those dice).

Queries
-------
phase, round, players[i] (tokens, products, bargains, hand (0 = not rolled),
placed, queued, in_queue, rolls, grabbed), table [TableProduct(id, holder,
dice)], display (bargain ids on offer), queue (seats in joining order),
supply, bonus, discarded, set_aside, holders(), last_holder(),
checkout_player(), grabbable(seat), product_at(id), tokens_total(),
state_dict(), state_hash() (sha256 of a canonical JSON dump), actions
(count of applied actions).

Other modules: catalogue (load_catalogue, CatalogueError, Product, Bargain),
dice (covers, chance, say_faces), scoring, scenario (run_case for
`python main.py --scenario`), autoplay (play_match(spec) for --headless).
The rules in words, with every ruling on a gap: docs/RULES.md.
"""
from .autoplay import play_match
from .catalogue import Bargain, Catalogue, CatalogueError, Product, load_catalogue
from .engine import (BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY, OVER, ROUND_END,
                     CheckoutGame, CheckoutPhase, Result)
from .scoring import Score

__all__ = [
    "BIDDING", "BONUS", "BONUS_SOLO", "CHECKOUT", "FRENZY", "OVER", "ROUND_END",
    "Bargain", "Catalogue", "CatalogueError", "CheckoutGame", "CheckoutPhase", "Product", "Result",
    "Score", "load_catalogue", "play_match",
]
