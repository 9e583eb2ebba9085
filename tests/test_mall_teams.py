"""Teams you can see: in a team game every shopper wears its team's band and emblem, every panel its
team's border and emblem, and every count on the map (the Starting Table, the dressers) the team's
emblem, not its first member's shape; the SOLD OUT! line names who called it, for their team."""
from __future__ import annotations

import pygame
import pytest

from game.match.seats import identities, team_name
from game.render import icons, teams
from game.scenes.mall.draw import AvatarSprite, seat_teams
from game.scenes.mall.layout import SCREEN
from game.scenes.mall.overlay import caller
from game.scenes.results_fx import shown_name
from game.sim.mall_stage import play_out_round
from tests.gamectx import played_mall


def _team_mall(ctx, players, mode, ticks):
    return played_mall(ctx, players, mode, ticks, seed=1, teams=2)


def test_each_team_has_its_own_letter_and_pattern():
    """Told apart without colour: the colour-blind setting changes nothing on a team's marks."""
    looks = teams.looks()
    assert len(looks) >= 3
    assert len({t.letter for t in looks}) == len(looks)
    assert len({t.pattern for t in looks}) == len(looks)


def test_team_mates_wear_one_band_and_other_teams_another():
    pygame.init()
    ids = identities()
    a1, a2 = AvatarSprite(ids[0], "Orange", 0.75, False, 0), AvatarSprite(ids[2], "Green", 0.75, False, 0)
    b = AvatarSprite(ids[1], "Sky", 0.75, False, 1)
    plain = AvatarSprite(ids[0], "Orange", 0.75, False)

    def band(sprite):   # the outermost ring of the shadow: the team's band
        surf = sprite.shadow
        w, h = surf.get_size()
        return [tuple(surf.get_at((x, h // 2))) for x in range(0, 6)]
    assert band(a1) == band(a2) != band(b)
    assert a1.shadow.get_width() > plain.shadow.get_width()
    assert a1.tag.get_width() > plain.tag.get_width()        # the emblem before the name


@pytest.mark.parametrize("mode, ticks", [("rush", 60 * 40), ("tidy", 60 * 40)])
def test_every_count_on_the_map_shows_the_teams_emblem(ctx, monkeypatch, mode, ticks):
    """A dresser's count strip and the Starting Table drew each team as its first member's shape:
    Green had to work out that the orange circle was their team."""
    scene = _team_mall(ctx, 4, mode, ticks)
    sim, view = scene.sim, scene.view
    public = sim.public_view()
    view.counts.strips.clear()
    shapes: list[str] = []
    marks: list[int] = []
    real_shape, real_emblem = icons.seat_shape_surface, teams.emblem
    monkeypatch.setattr("game.scenes.mall.draw.seat_shape_surface",
                        lambda shape, *a, **k: (shapes.append(shape), real_shape(shape, *a, **k))[1])
    monkeypatch.setattr(teams, "emblem", lambda team, *a, **k: (marks.append(team), real_emblem(team, *a, **k))[1])
    screen = pygame.Surface(SCREEN)
    if mode == "tidy":
        assert view.draw_dressers(screen, sim, (0, 0)), "no count at any dresser yet"
    else:
        view.draw_table(screen, sim, (0, 0))
    team_of = seat_teams(sim)
    sides = {team_of[sim.seats[public.members(side)[0]]] for side in range(public.sides())}
    assert shapes == [] and marks and set(marks) <= sides


def test_a_team_members_panel_wears_the_teams_border_and_emblem(ctx):
    scene = _team_mall(ctx, 4, "rush", 2)
    hud = scene.hud
    screen = pygame.Surface(SCREEN)
    hud.draw_frames(screen)
    for seat, panel in hud.panel_of.items():
        team = hud.teams[seat]
        look = teams.look(team)
        edge = screen.get_at((panel.rect.centerx + 3, panel.rect.y + 3))[:3]
        assert look.pattern != "solid" or edge == look.colour
        assert edge != identities()[seat].colour


def test_the_sold_out_line_names_who_called_it_for_their_team(ctx):
    """"SOLD OUT! Sky & Yellow called it!" named both team-mates though one of them called it."""
    scene = _team_mall(ctx, 4, "rush", 0)
    sim = scene.sim
    play_out_round(sim, 1)
    public = sim.public_view()
    side = public.sold_out_by()
    assert side is not None
    members = [sim.seats[p] for p in public.members(side)]
    sim.sold_out_seat = members[1]                 # the second member's delivery filled the list
    name, team = caller(sim, scene.names)
    line = scene.picture.overlay._caller_text(sim)
    assert name == shown_name(scene.names[members[1]], sim.by_seat[members[1]].bot) and name in line
    assert scene.names[members[0]] not in line
    assert team == team_name(seat_teams(sim)[members[1]]) and team in line


def test_the_sold_out_line_marks_a_bot_caller(ctx):
    """"Orange called it!" did not say Orange was a bot, though results and the podium do: the
    SOLD OUT! line and the results' headline both say "(bot)" (in every language)."""
    from game.scenes.mall.round_end import soldout_results
    from game.scenes.mall.scene import demo_spec, piloted_mall
    from game.text import i18n
    for code in ("en", "de", "fr", "es"):
        i18n.set_language(code)
        for seed in range(1, 30):       # a round seat 2 wins (seats 0 and 1 are people's in the demo)
            scene = piloted_mall(ctx, demo_spec(3, "rush", seed))
            sim = scene.sim
            play_out_round(sim, seed)
            side = sim.public_view().sold_out_by()
            sim.sold_out_seat = sim.seats[sim.public_view().members(side)[0]] if side is not None else -1
            if sim.by_seat.get(sim.sold_out_seat) is not None and sim.by_seat[sim.sold_out_seat].bot:
                break
        assert sim.by_seat[sim.sold_out_seat].bot
        marked = i18n._("{name} (bot)").format(name=scene.names[sim.sold_out_seat])
        assert marked != scene.names[sim.sold_out_seat]
        assert marked in scene.picture.overlay._caller_text(sim), code
        scene.results_pushed = True
        results = soldout_results(scene)           # the round's result, as the mall builds it
        assert marked in results._cause_text(), code
    i18n.set_language("en")
