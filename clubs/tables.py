import django_tables2 as tables

from .models import Player


class PlayerTable(tables.Table):
    # Sorted as a person reads names, "Élise" before "Zoë" (Player.sort_name).
    name = tables.Column(order_by="sort_name")
    email = tables.EmailColumn(verbose_name="Email")
    phone = tables.Column(verbose_name="Phone")
    active = tables.BooleanColumn(verbose_name="Active", yesno="yes,no")

    class Meta:
        model = Player
        fields = ["name", "email", "phone", "active"]
        order_by = "name"
        empty_text = "No players yet: add them one at a time or paste the whole list below."

    def __init__(self, players, **kwargs):
        # A list sorted in Python (a roster is a few hundred players at most), so the name
        # column sorts by Player.sort_name, and any other column's ties stay in that order.
        super().__init__(sorted(players, key=lambda p: p.sort_name), **kwargs)
