"""Signals for the apps above clubs (tournaments/, seasons/, ratings/): clubs never imports them.

A merge of two players (services.player_merge) is sent inside its one transaction, with `keep`,
`other` (the player merged into `keep`, deleted afterwards) and `merge` (services.Merge, where
each receiver counts what it moved and notes the nights `other` played):

- `player_merging`: move every row that refers to `other` over to `keep`. A receiver that
  raises ValidationError refuses the merge whole (both played in the same night).
- `player_merged`: every row has moved; work out again what is read from them (the ratings,
  the season's kept nights).

- `player_nights`: asked with `players` (a list of Player), answers {player id: set of event
  ids} for the nights each had any part in, so the merge's search can tell which players
  played a night with this one (and cannot be merged with them) before a preview is asked.

After both, services.player_merge checks that no row of any model still refers to `other`: a
model added later that no receiver moves refuses the merge instead of losing rows with it.
"""

from django.dispatch import Signal

player_merging = Signal()
player_merged = Signal()
player_nights = Signal()
