"""Fixed-tick real-time worlds over the rules engines (no pygame display, no clock, no global random).

Sold Out!: `game.sim.mall.MallSim` (the mall: avatars, piles, the table, dressers, round phases).
"""
