"""The snapshot's format, version 1: which fields of which model travel, field by field.

Kept explicit (never "every field of the model"), so a field added to a model later does not
slip onto the wire unnoticed, and a server running older code refuses what it cannot read
(`FORMAT`). Only what the players' public pages of the server need travels: a player's email
and phone never do.

Each model's values travel as JSON's own types: strings, whole numbers, true/false, null;
dates and times as ISO 8601 text; uids as text. Rows that point at other rows name them by
what stays true on both machines: a player by uid, a table by its number in its round, a
partnership by its place in the event's list, a round by its number."""

FORMAT = 1

# clubs.models.RulesChoice: the rule set and the house's values (a club's and each event's).
RULES = (
    "rules_preset",
    "game_points",
    "march",
    "lone_march",
    "euchre",
    "lone_euchre",
    "euchred_makers",
    "lone_euchred_makers",
    "thrown_in_counts",
    "loners_counted",
    "missed_round",
    "missed_round_points",
)

# clubs.Club: its privacy (results_public, ratings_shown), how it writes dates, its rules. Not
# its name nor its address (slug): the server's club keeps its own.
CLUB = (*RULES, "results_public", "ratings_shown", "date_style", "paper_size")

# seasons.SeasonRules: how the season race counts.
SEASON_RULES = (
    "counting",
    "best_nights",
    "minimum_nights",
    "progressive_counts",
    "pairs_counts",
    "bracket_counts",
    "place_points",
    "playing_points",
    "start_month",
    "start_day",
)

# clubs.Player, plus "uid". Never email nor phone.
PLAYER = ("name", "shown_publicly", "active")

# tournaments.Event, plus "uid".
EVENT = (
    *RULES,
    "name",
    "date",
    "format",
    "pairs_movement",
    "rounds_planned",
    "round_end",
    "hands_per_round",
    "balanced_draw",
    "sit_out_rule",
    "sit_out_points",
    "standings_hidden",
    "award_most_loners",
    "award_best_round",
    "award_high_night",
    "award_booby",
)

# tournaments.Partnership, in the event's order (its place in the list names it).
PARTNERSHIP = ("name",)
# tournaments.Entry, plus "player" (uid) and "partnership" (its place in the list, or null).
ENTRY = ("present", "stays")
# tournaments.Round, plus "tables" and "seats".
ROUND = ("number", "status", "seated_at", "closed_at", "close_reason", "time_called_at")
# tournaments.Table, plus "captain" and "confirmed_by" (uids), "hands" and "corrections".
TABLE = ("number", "first_dealer", "confirmed_at", "hands_at_time")
# tournaments.Seat, plus "player" (uid) and "table" (its number in the round, null: sits out).
SEAT = ("position",)
# tournaments.Hand: what was entered and what the engine gave it (the server scores it again
# with the same engine, and refuses a hand its rules refuse).
HAND = (
    "number",
    "dealer",
    "maker",
    "alone",
    "lone_defender",
    "tricks",
    "irregularity",
    "offending_side",
    "revoke_penalty",
    "ns_points",
    "ew_points",
    "outcome",
    "description",
    "entered_at",
)
# A director's correction of a hand, as the director's pages list it (tournaments/history.py
# Correction): the hand's number, when, why.
CORRECTION = ("hand_number", "when", "reason")

# brackets.Bracket, plus "source_event" (uid or null), "teams" and "matches".
BRACKET = (
    "kind",
    "third_place",
    "consolation",
    "reset",
    "best_of",
    "seeding",
    "draw_number",
    "seeded_at",
)
# brackets.Team, plus "partnership" (its place in the event's list).
TEAM = ("seed", "withdrawn_at")
# brackets.Match, plus "games": [{"number", "round" (the round's number)}].
MATCH = ("code", "table", "called_at", "winner_slot", "decided_at")
GAME = ("number",)
