"""The money of a night: fees, pots, payouts and side pots, balanced to the minor unit
(issue 42). Plain Python, no Django: `money.ledger` does the arithmetic, `money.currency`
writes amounts the way the club's country writes money (babel). docs/money.md states every
rule."""
