"""Every rule of the night's money, in words: shown beside the figures (the cash sheet's page
and PDF, the settings form) and in docs/money.md. Each constant is the one statement of its
rule; the arithmetic in night.py and sheet.py follows it."""

ODD_CENTS_RULE = (
    "Each paid place's prize is its percentage of the prize pot, rounded down to the cent; the "
    "cents left over go to first place."
)
TIE_RULE = (
    "Entries tied for a paid place share the prizes of all the places they cover, combined and "
    "split equally (two tied for 2nd share the 2nd and 3rd prizes); the odd cents go one each "
    "to the tied entries in the order the standings list them."
)
PARTNERSHIP_RULE = (
    "A partnership's prize is split between the partners; an odd cent goes to the partner "
    "named first."
)
FEWER_ENTRIES_RULE = (
    "When fewer entries finish than places are paid, the prize pot is paid over the places "
    "that have an entry, in proportion to their percentages."
)
AWARD_PRIZES_RULE = (
    "Each side award with a prize (most loners, best round, high night, the booby prize) is "
    "paid its fixed prize from the prize pot before the places; the winners tied for it share "
    "it equally, the odd cents one each in the order the standings list them (a partnership's "
    "share split between the partners). What is left of the pot is paid to the places. Prizes "
    "coming to more than the prize pot are refused."
)
TURNOUT_RULE = (
    "The places paid follow the turnout: the players in the final standings, early leavers "
    "included."
)
EARLY_LEAVERS_PAID_RULE = (
    "A player who left early is paid for the place the standings give them (the standings "
    "already count the rounds they missed)."
)
EARLY_LEAVERS_NOT_PAID_RULE = (
    "A player who left early is not paid a place: the places are paid to the entries who "
    "stayed, in the standings' order, each moving up past the early leavers (a partnership "
    "is passed over if either partner left early). Side pots they won are still theirs."
)
WAIVER_RULE = (
    "A waived player plays free: they add nothing to the pot or the side pots and may win "
    "like everyone else. The pot is what was paid, never what would have been paid."
)
REFUND_RULE = (
    "A refund goes back the way it was paid and is never more than the player paid that way. "
    "A player refunded everything they paid, and not in the standings, is taken as not "
    "playing and owes nothing."
)
PRICE_RULE = (
    "A player who paid anything ahead pays the ahead price; everyone else the door price. "
    "Paying more than the price is a mistake to refund, never a gift to the pot."
)
SHARES_RULE = (
    "From each player's entry, the loner buy-in goes to the loner basket first, then the pool "
    "buy-in to the rolling pool, then the rest to the pot (a player who has not paid in full "
    "fills them in that order)."
)
CLUB_SHARE_RULE = (
    "The club's share is taken from the entry money left after the loner basket and the pool "
    "buy-ins: a percentage rounded down to the cent (the odd cent stays in the prizes), or a "
    "fixed sum no larger than that money."
)
LONER_BASKET_RULE = (
    "The loner basket is filled by each paying player's loner buy-in. Each loner made is paid "
    "the loner prize from it; when the basket cannot pay every loner in full (or no prize per "
    "loner is set), the basket is shared equally among all the loners made, the odd cents one "
    "each in the order given. What the basket cannot pay is stated as short, never taken from "
    "elsewhere; what is left in the basket goes into the prize pot."
)
FINES_RULES = {
    "pot": "Each player euchred pays the euchre fine, in cash; the fines go into the prize pot.",
    "basket": (
        "Each player euchred pays the euchre fine, in cash; the fines go into the loner basket."
    ),
    "club": "Each player euchred pays the euchre fine, in cash; the club keeps the fines.",
}
POOL_RULE = (
    "The rolling pool (a high hand or a perfect hand) is what was carried in from the last night "
    "plus each paying player's pool buy-in. Tonight's winners share all of it (odd cents in the "
    "order given); when nobody wins it, all of it is carried to the next night. Between nights "
    "the club's treasurer holds it, not the cash box."
)
FIFTY_FIFTY_RULES = {
    "club": (
        "50/50 draw: the winner gets half the tickets sold, rounded down to the cent; the other "
        "half (with the odd cent) goes to the club."
    ),
    "pot": (
        "50/50 draw: the winner gets half the tickets sold, rounded down to the cent; the other "
        "half (with the odd cent) goes into the prize pot."
    ),
}
BOX_RULE = (
    "The cash in the box is the cash taken tonight (entries paid in cash, euchre fines and "
    "50/50 tickets) less the refunds paid in cash. Card and ahead money is in the club's "
    "account, not in the box. Prizes and side pots are paid in cash from the box; what the box "
    "cannot cover, the treasurer pays from the club's account."
)
BALANCE_RULE = (
    "Balanced: every cent in (entries, fines, tickets, the pool carried in) is a cent out "
    "(refunds, prizes, side pots paid), carried to the next night, or the club's share."
)
CORRECTION_RULE = (
    "After a correction, each player's winnings are compared with what was paid: a player "
    "paid more than they won now gives the difference back; a player who won more is owed it."
)
