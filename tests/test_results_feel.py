"""Results as a moment: shared places, reveal one by one, podium, input delay, Continue first,
and no text drawn over text on the results and dice-table screens."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.match.commands import IDLE, Button, Command
from game.match.seats import identities
from game.scenes.moment import STAGE_TICKS
from game.scenes.results_fx import PODIUM_AREA, Confetti, Podium, Standing, count_up, ordinal, places
from tests.menus import hold_a
from tests.textprobe import TextProbe

A = {-1: Command(pressed=Button.A, held=Button.A)}


@pytest.fixture
def ctx(ctx):
    ctx.sounds = []
    ctx.audio.play = ctx.sounds.append
    return ctx

# ---------------------------------------------------------------- places
def test_ties_share_a_place_and_the_next_place_is_skipped():
    assert places([5, 5, 3]) == [1, 1, 3]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert places([2, 9, 2, 4]) == [3, 1, 3, 2]
    assert places([(45, 5), (45, 3), (20, 0)]) == [1, 2, 3]       # Check Out!: tokens break the tie
    assert places([(45, 5), (45, 5), (20, 0)]) == [1, 1, 3]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_count_up_rises_to_the_score_and_stays():
    shown = [count_up(37, t) for t in range(0, 60)]
    assert shown[0] == 0 and shown[-1] == 37
    assert shown == sorted(shown)


def test_confetti_is_the_same_every_time():
    a, b = Confetti(1280), Confetti(1280)
    for _ in range(50):
        a.update()
        b.update()
    assert a.bits == b.bits


def test_podium_builds_up_lowest_step_first_then_the_winners_jump(ctx):
    ids = identities()
    standings = [Standing(["A"], 9, 1, [ids[0]]), Standing(["B"], 9, 1, [ids[1]]), Standing(["C"], 4, 3, [ids[2]]),
                 Standing(["D"], 1, 4, [ids[3]]), Standing(["E"], 0, 5, [ids[4]])]
    podium = Podium(standings, PODIUM_AREA, ctx.sound)
    assert podium.steps == [1, 3, 4, 5]       # two share first place; nobody is second; 4th and 5th have steps
    assert podium.step_start(3) < podium.step_start(2) < podium.step_start(1) < podium.step_start(0)
    while not podium.done:
        podium.update()
    assert podium.confetti_on and len(ctx.sounds) == 4
    surface = pygame.Surface((1280, 720))
    podium.draw(surface, 0.0)


def test_every_place_has_a_step_the_best_in_the_middle_and_higher(ctx):
    ids = identities()
    podium = Podium([Standing([i.name], 10 - n, n + 1, [i]) for n, i in enumerate(ids)], PODIUM_AREA, ctx.sound)
    assert podium.steps == [1, 2, 3, 4, 5, 6]
    by_x = sorted(range(6), key=lambda k: podium.blocks[k].x)
    assert by_x == [5, 3, 1, 0, 2, 4]
    assert [b.h for b in podium.blocks] == sorted((b.h for b in podium.blocks), reverse=True)
    assert podium.figure_size(0) > podium.figure_size(1) >= podium.figure_size(5) >= 48   # the winner big


def test_nobody_scoring_is_no_celebration(ctx):
    ids = identities()
    podium = Podium([Standing([i.name], 0, 1, [i]) for i in ids[:4]], PODIUM_AREA, ctx.sound, celebrate=False)
    podium.finish()
    assert not podium.confetti_on


# ---------------------------------------------------------------- Check Out! final results
def checkout_results(ctx, players: int = 4, seed: int = 1):
    from devkit.shots.table import results_shot as _results_shot
    table, results = _results_shot(players)(ctx, seed)
    ctx.stack.push(table)
    ctx.stack.push(results)
    ctx.stack.apply()
    return results


def run(results, ticks: int, commands=None) -> None:
    for _ in range(ticks):
        results.update(commands or {-1: IDLE})


def test_checkout_results_open_on_continue_and_mashing_never_rematches(ctx):
    results = checkout_results(ctx)
    assert [item.label for item in results.menu.items] == ["Continue"]
    run(results, 30, A)                                 # A held from the game: nothing
    assert results.podium is None and not results.done and not results.reveal.done
    run(results, 1)
    results.update(A)                                   # the first fresh A shows the rows at once
    assert results.reveal.done and results.podium is None
    run(results, 1)
    results.update(A)                                   # too soon to leave the stage
    assert results.podium is None
    run(results, STAGE_TICKS)
    results.update(A)                                   # a tap, once the stage has had its time: still the scores
    assert results.podium is None                       # (they went on a tap: a minute of play skipped by a thumb)
    run(results, 1)
    hold_a(results.update)                              # Continue held: the podium
    assert results.podium is not None and [i.label for i in results.menu.items] == ["Rematch", "Back to lobby"]
    for tick in range(STAGE_TICKS * 4):                 # mashing A every 0.25 s: the podium stays
        results.update(A if tick % 15 < 7 else {-1: IDLE})
    assert results.podium.done and not results.done
    hold_a(results.update)                              # held: a rematch
    assert results.done


def test_checkout_scores_reveal_rows_one_by_one_with_sound(ctx):
    results = checkout_results(ctx)
    reveal = results.animation()
    assert len(reveal.pieces) == 4
    counts = []
    for _ in range(reveal.start + reveal.every * 4 + 2):
        results.update({-1: IDLE})
        counts.append(reveal.shown())
    assert counts == sorted(counts) and counts[0] == 0 and counts[-1] == 4
    assert ctx.sounds.count("flip") == 4
    # The last place appears first: the winner's row is the last to land.
    assert reveal.pieces[0].y > reveal.pieces[-1].y


@pytest.mark.parametrize("players", [2, 4, 6])
def test_checkout_results_have_no_text_over_text_or_shapes(ctx, monkeypatch, players):
    probe = TextProbe(monkeypatch)
    results = checkout_results(ctx, players)
    results.animation().finish()
    screen = probe.screen()
    results.draw(screen, 0.0)
    assert probe.overlaps(screen) == []
    results.show_podium()
    results.podium.finish()
    run(results, 30)
    screen = probe.screen()
    results.draw(screen, 0.0)
    assert probe.overlaps(screen, shapes=True) == []
    labels = [label for label, _ in probe.texts(screen)]
    assert any("WINS!" in label or "SHARE THE WIN" in label for label in labels)


def test_checkout_winner_shapes_clear_of_the_headline(ctx, monkeypatch):
    """The podium's winner, jumping at its highest, stays below "X WINS!" and the tie-break line."""
    probe = TextProbe(monkeypatch)
    results = checkout_results(ctx, 4)
    results.show_podium()
    podium = results.podium
    podium.finish()
    head_bottom = None
    for step in range(60):               # a whole hop
        podium.ticks += 1
        screen = probe.screen()
        results.draw(screen, 0.0)
        items = probe.items(screen)
        heads = [r for kind, label, r in items if kind == "text" and ("WINS!" in label or " tie on " in label)]
        shapes = [r for kind, _, r in items if kind == "shape"]
        head_bottom = max(r.bottom for r in heads)
        assert all(r.top >= head_bottom + 8 for r in shapes), step


# ---------------------------------------------------------------- Sold Out! results
def soldout_results(ctx, players: int, mode: str, rounds: int, seed: int = 1):
    from devkit.shots.mall import results_shot as _results_shot
    mall, results = _results_shot(players, mode, rounds)(ctx, seed)
    ctx.stack.push(mall)
    ctx.stack.push(results)
    ctx.stack.apply()
    return results


@pytest.mark.parametrize("players,mode,rounds", [(4, "rush", 2), (6, "rush", 2), (2, "memory", 1),
                                                 (6, "tidy", 2), (4, "rush", 1)])
def test_soldout_results_have_no_text_over_text(ctx, monkeypatch, players, mode, rounds):
    probe = TextProbe(monkeypatch)
    results = soldout_results(ctx, players, mode, rounds)
    results.animation().finish()
    screen = probe.screen()
    results.draw(screen, 0.0)
    assert probe.overlaps(screen) == []
    if results.final:
        results.show_podium()
        results.podium.finish()
        run(results, 20)
        screen = probe.screen()
        results.draw(screen, 0.0)
        assert probe.overlaps(screen) == []


def test_soldout_round_results_reveal_cards_in_turn(ctx):
    results = soldout_results(ctx, 4, "rush", 2)
    reveal = results.animation()
    assert len(reveal.pieces) == 4 * 3 + 1          # two objective cards and the points per row, standings
    first = pygame.Surface((1280, 720))
    results.draw(first, 0.0)
    run(results, reveal.start + reveal.every * len(reveal.pieces))
    last = pygame.Surface((1280, 720))
    results.draw(last, 0.0)
    piece = reveal.pieces[0]
    assert pygame.image.tobytes(first.subsurface(piece), "RGB") != pygame.image.tobytes(last.subsurface(piece), "RGB")
    assert ctx.sounds.count("flip") == len(reveal.pieces)


def test_tied_sides_share_first_place_and_all_are_winners(ctx, monkeypatch):
    results = soldout_results(ctx, 4, "rush", 1)
    results.result = dataclasses.replace(results.result, totals=(2, 2, 0, 0))   # the match ended level
    probe = TextProbe(monkeypatch)
    results.image = None
    results.animation().finish()
    screen = probe.screen()
    results.draw(screen, 0.0)
    labels = [label for label, _ in probe.texts(screen)]
    names = [results._side_name(s) for s in range(4)]
    assert f"1. {names[0]}  2" in labels and f"1. {names[1]}  2" in labels
    assert f"3. {names[2]}  0" in labels and f"3. {names[3]}  0" in labels
    # in plain words (it said "Tied, and ties stand: ..."), every bot marked as a bot
    assert f"{names[0]} and {names[1]} are level; {names[2]} and {names[3]} are level" in labels
    assert all(name.endswith("(bot)") for name in names)
    results.show_podium()
    results.podium.finish()
    run(results, 2)
    screen = probe.screen()
    results.draw(screen, 0.0)
    labels = [label for label, _ in probe.texts(screen)]
    assert [s.place for s in results.podium.standings] == [1, 1, 3, 3]
    assert "A TIE FOR FIRST PLACE!" in labels and not any("WIN" in label for label in labels)
    assert f"{names[0]} and {names[1]} tie on 2 bags and share 1st place: Sold Out! breaks no ties." in labels


@pytest.mark.parametrize("players,mode", [(6, "rush"), (6, "tidy"), (2, "memory")])
def test_soldout_results_draw_a_piece_a_tick_under_the_fade_and_reveal_on_time(ctx, players, mode):
    """The first tick draws only the backdrop (the frame of the change stays cheap); the picture
    is whole before the fade first shows it, and the reveal and the input delay run from the
    first tick exactly as if it had been drawn at once."""
    from game.core.transition import HALF_TICKS
    spread = soldout_results(ctx, players, mode, 2)
    at_once = soldout_results(ctx, players, mode, 2)
    at_once.animation()                       # the whole picture now, before any tick
    run(spread, 1)
    run(at_once, 1)
    assert spread.image is None and spread._pieces == []
    run(spread, int(HALF_TICKS) - 1)
    run(at_once, int(HALF_TICKS) - 1)
    assert spread.image is not None
    assert spread.reveal.ticks == at_once.reveal.ticks == int(HALF_TICKS)
    assert spread.moment.age == at_once.moment.age
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    run(spread, 30)
    run(at_once, 30)
    spread.draw(a, 0.0)
    at_once.draw(b, 0.0)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


# ---------------------------------------------------------------- the dice table and the title
@pytest.mark.parametrize("players", [2, 4, 6])
def test_change_tokens_line_is_clear_of_every_other_text(ctx, monkeypatch, players):
    """"Sky: +3 change tokens" once sat over "No bargains this round" and over the bargains bought."""
    from game.scenes.table.scene import TableScene, demo_spec
    probe = TextProbe(monkeypatch)
    table = TableScene(ctx, demo_spec(players, 2), demo=True)
    seen = 0
    for _ in range(3):          # three checkout turns, early and late in their animation
        before = table.sim.change
        table.fast_forward(lambda sim: sim.change is not None and sim.change != before)
        if table.sim.over():
            break
        start = table.sim.change[2]
        for age in (1, table.sim.tuning.turn_pause):
            while table.sim.tick < start + age:
                table.driver.step()
            screen = probe.screen()
            table.draw(screen, 0.0)
            labels = [label for label, _ in probe.texts(screen)]
            assert any(label.endswith((" change token", " change tokens", ": done")) for label in labels)
            assert probe.overlaps(screen) == []
            seen += 1
    assert seen >= 4


def test_title_menu_ends_well_above_the_button_hints(ctx):
    from game.scenes.menus.title import MENU_TOP, TitleScene
    title = TitleScene(ctx)
    menu_bottom = MENU_TOP + title.menu.height()
    hint_top = 720 - 44 - (ctx.ui.render("A", ctx.ui.size("small"), "text").get_height() + 8) // 2
    assert hint_top - menu_bottom >= 16


@pytest.mark.parametrize("players", [2, 6])
def test_nobody_scoring_stands_on_one_step_with_no_winner(ctx, monkeypatch, players):
    results = soldout_results(ctx, players, "rush", 1)
    results.result = dataclasses.replace(results.result, totals=(0,) * results.result.sides)
    probe = TextProbe(monkeypatch)
    results.show_podium()
    assert {s.place for s in results.podium.standings} == {1}
    results.podium.finish()
    run(results, 25)
    screen = probe.screen()
    results.draw(screen, 0.0)
    assert probe.overlaps(screen, shapes=True) == []
    labels = [label for label, _ in probe.texts(screen)]
    assert "NOBODY SCORED" in labels and not any("WIN" in label for label in labels)   # no winner when nobody scored
    assert not results.podium.confetti_on


def test_confetti_falls_behind_the_podium_and_clear_of_every_line_of_words(ctx):
    """It used to be drawn last, over the title, the headline and the 16 px lines saying how ties
    were settled (a bit between two words read as a full stop)."""
    from game.scenes.results_fx import headline_image
    ids = identities()
    standings = [Standing([ids[0].name], 7, 1, [ids[0]]), Standing([ids[1].name], 7, 1, [ids[1]]),
                 Standing([ids[2].name], 4, 3, [ids[2]]), Standing([ids[3].name], 4, 3, [ids[3]])]
    podium = Podium(standings, PODIUM_AREA, ctx.sound)
    podium.headline = headline_image("A TIE FOR FIRST PLACE!", ["Orange and Sky tie on 7 bags and share 1st place.",
                                                                "Green and Yellow tie on 4 bags and share 3rd place."])
    title = pygame.Rect(500, 12, 280, 50)
    podium.clear = [title]
    while not podium.done:
        podium.update()
    rows = podium._headline_rows()
    assert len(rows) == 3                                      # the headline and its two lines
    covered = 0
    for _ in range(90):                                        # a second and a half of falling
        podium.update()
        with_bits, without = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
        podium.draw(with_bits, 0.0)
        podium.confetti_on = False
        podium.draw(without, 0.0)
        podium.confetti_on = True
        for band in [title, *rows]:
            assert pygame.image.tobytes(with_bits.subsurface(band), "RGB") == pygame.image.tobytes(without.subsurface(band), "RGB")
        covered += pygame.image.tobytes(with_bits, "RGB") != pygame.image.tobytes(without, "RGB")
    assert covered == 90                                       # and it falls all the while


def test_a_team_stands_on_the_podium_under_its_emblem(ctx, monkeypatch):
    """Every team's line of names starts with its emblem (the letter, colour and pattern it has on
    the map), a player's line with none; the emblem's letter never touches the names."""
    from devkit.shots import mall as mall_shots
    from game.render import teams
    drawn: list[int] = []
    real = teams.emblem.__wrapped__

    def noted(team: int, size: int):
        drawn.append(team)
        return real(team, size)
    monkeypatch.setattr("game.scenes.results_fx.emblem", noted)
    probe = TextProbe(monkeypatch)
    for scene in mall_shots.podium_shot(6, teams=True)(ctx, 3):
        ctx.stack.push(scene)
    ctx.stack.apply()
    results = ctx.stack.top
    standings = results.podium.standings
    assert sorted(s.team for s in standings) == [0, 1, 2]
    while not results.podium.done:
        results.podium.update()
    screen = probe.screen()
    results.draw(screen, 0.0)
    assert sorted(set(drawn)) == [0, 1, 2]
    assert probe.overlaps(screen) == []
    for scene in mall_shots.podium_shot(4)(ctx, 3):          # players, not teams: no emblem
        ctx.stack.push(scene)
    ctx.stack.apply()
    drawn.clear()
    podium = ctx.stack.top.podium
    assert all(s.team is None for s in podium.standings)
    while not podium.done:
        podium.update()
    ctx.stack.top.draw(probe.screen(), 0.0)
    assert drawn == []


def test_checkout_scores_are_drawn_a_piece_a_tick_under_the_fade_and_reveal_on_time(ctx, monkeypatch):
    """The change's frame drew every row of the full scores at once (6-12 ms at 1080p): the ticks
    under the fade draw a piece each, and those ticks count for the reveal as if drawn at once."""
    from game.scenes.table import results as table_results

    rows = []
    real_row = table_results.CheckoutResultsScene._row
    monkeypatch.setattr(table_results.CheckoutResultsScene, "_row",
                        lambda self, *a: rows.append(a) or real_row(self, *a))
    results = checkout_results(ctx)
    results.update({-1: IDLE})
    assert results.image is None and rows == []     # the change's own tick draws nothing
    ticks = 1
    while results.image is None:
        results.update({-1: IDLE})
        ticks += 1
        assert len(rows) <= ticks
    assert len(rows) == 4 and ticks <= 7
    assert results.reveal.ticks == ticks         # every tick since the change counted, as if drawn at once
    results.update({-1: IDLE})
    assert results.reveal.ticks == ticks + 1


@pytest.mark.parametrize("game,players,mode", [("soldout", 6, "tidy"), ("soldout", 6, "rush"), ("soldout", 2, "memory"),
                                               ("checkout", 6, None), ("checkout", 2, None)])
def test_a_results_screen_draws_nothing_in_its_changes_frame_and_is_whole_before_it_is_seen(ctx, monkeypatch, game,
                                                                                             players, mode):
    """The tick in the frame that builds a results screen drew its first piece too (a screen-sized
    surface, its background and title, and a copy of it: 2x a steady frame with the change's own
    work): it draws nothing now, and the ticks after it, under the fade, still draw it whole
    before the fade's first look at it (a change's tick and HALF_TICKS more come before that)."""
    from game.core.transition import HALF_TICKS
    results = soldout_results(ctx, players, mode, 2) if game == "soldout" else checkout_results(ctx, players)
    made: list[tuple[int, int]] = []
    real_surface = pygame.Surface

    def counting(*args, **kwargs):
        made.append(args[0])
        return real_surface(*args, **kwargs)
    monkeypatch.setattr(pygame, "Surface", counting)
    results.update({-1: IDLE})
    monkeypatch.undo()
    assert made == [] and results.image is None and results._builder is None
    run(results, int(HALF_TICKS))
    assert results.image is not None and results.reveal is not None


@pytest.mark.parametrize("game", ["soldout", "checkout"])
def test_leaving_the_results_lets_the_finished_match_go_at_once(ctx, game):
    """The results' menu rows call back into the screen: a cycle with the finished match and the
    screen's pictures in it, freed only by the collector's next full pass (15-25 MB held into the
    next match). Left, the screen lets them go without the collector."""
    import gc
    import weakref

    from game.scenes.menus.title import TitleScene

    results = soldout_results(ctx, 6, "rush", 1) if game == "soldout" else checkout_results(ctx, 6)
    results.update({-1: IDLE})
    results.draw(pygame.Surface((1280, 720)), 0.0)
    gone = [weakref.ref(results), weakref.ref(ctx.stack.scenes[-2])]   # the screen and the finished match under it
    del results
    gc.collect()
    gc.disable()
    try:
        ctx.stack.clear_to(TitleScene(ctx))
        ctx.stack.apply()
        assert [ref() is None for ref in gone] == [True, True]
    finally:
        gc.enable()


def test_bots_are_marked_on_the_final_scores_and_the_podium_people_are_not(ctx):
    """A bot on the final scores and the podium read like a person: the solo player could not tell."""
    from game.scenes.table.match_end import checkout_results as results_of
    checkout_results(ctx)
    table = ctx.stack.scenes[-2]                       # the finished table under its results
    person = 0
    table.bots.pop(person, None)                       # seat 0 played by a person
    results = results_of(table)                        # the result as the table builds it when the match ends
    standings = results._standings(results.result.scores())
    marked = {s.names[0] for s in standings}
    name = table.sim.seats[person].name
    assert name in marked                               # the person as they are
    assert {f"{table.sim.seats[i].name} (bot)" for i in table.bots} <= marked
    head, _lines = results._words()
    assert "(bot)" in head or name in head


def test_the_checkout_results_are_handed_a_frozen_result_and_callbacks_never_the_table(ctx):
    """The final scores take what they show (each row's products, bargains, sets) and how they
    leave; they held the finished table and read its sim while drawing."""
    from game.core.scene import Scene
    from game.scenes.match_result import MatchChoices
    from game.scenes.table.match_end import match_result
    from game.scenes.table.results import CheckoutResultsScene

    checkout_results(ctx)
    table = ctx.stack.scenes[-2]
    result = match_result(table)
    sim = table.sim
    for row in result.rows:
        assert sum(row.products) == len(sim.products_won(row.score.seat))
        assert row.bargains == len(sim.bargains_bought(row.score.seat))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.winners = ()                                    # type: ignore[misc]
    asked: list[str] = []
    results = CheckoutResultsScene(ctx, result, MatchChoices(rematch=lambda: asked.append("rematch"),
                                                             to_lobby=lambda: asked.append("lobby")))
    assert not [v for v in vars(results).values() if isinstance(v, Scene)]
    results.draw(pygame.Surface((1280, 720)), 0.0)
    results.to_lobby()
    results.to_lobby()                                         # once only
    assert asked == ["lobby"]


def test_a_finished_reveal_lets_go_of_the_picture_without_its_pieces():
    """Issue #46: once every piece shows, the reveal draws the whole picture only; the picture
    without the pieces (a full-screen surface, 3.5 MB) is not kept through the results."""
    from game.scenes.results_fx import Reveal
    full, base = pygame.Surface((64, 36)), pygame.Surface((64, 36))
    full.fill((200, 10, 10))
    played: list[str] = []
    reveal = Reveal(base, full, [pygame.Rect(0, 0, 8, 8), pygame.Rect(8, 0, 8, 8)], played.append, every=2, start=1)
    screen = pygame.Surface((64, 36))
    reveal.draw(screen, 0.0)
    assert reveal.base is base                 # still revealing: the base is drawn under the pieces
    while not reveal.done:
        reveal.update()
    reveal.draw(screen, 0.0)
    assert reveal.base is reveal.full and screen.get_at((40, 30)) == (200, 10, 10, 255) and played == ["flip", "flip"]


def test_a_results_screen_gives_memory_back_once_its_picture_is_revealed(ctx, monkeypatch):
    """Issue #46: building a results picture frees copies of the screen the allocator keeps
    (5-10 MB at a Sold Out! round's results); once the picture is whole and revealed, the
    screen's work after a present hands them back, once, and only with the time for it."""
    import time

    from game.scenes import common
    from game.scenes.results_fx import Reveal
    given: list[bool] = []
    monkeypatch.setattr(common.memory, "give_back", lambda: given.append(True) or True)
    scene = common.MatchResultsScene(ctx, None)  # type: ignore[arg-type]  # no match needed to idle
    scene.idle(time.perf_counter() + 1)
    assert given == []                           # nothing drawn yet
    full = pygame.Surface((16, 16))
    scene.image, scene.reveal = full, Reveal(pygame.Surface((16, 16)), full, [pygame.Rect(0, 0, 4, 4)], lambda s: None)
    scene.idle(time.perf_counter() + 1)
    assert given == []                           # still revealing: the base is in use
    scene.reveal.finish()
    scene.idle(time.perf_counter() + common.GIVE_BACK_SECONDS / 2)
    assert given == []                           # too little of the frame left
    scene.idle(time.perf_counter() + 1)
    scene.idle(time.perf_counter() + 1)
    assert given == [True]
