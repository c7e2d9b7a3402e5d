import django_tables2 as tables

from .models import Player


class PlayerTable(tables.Table):
    name = tables.Column()
    email = tables.EmailColumn(verbose_name="Email")
    phone = tables.Column(verbose_name="Phone")
    active = tables.BooleanColumn(verbose_name="Active", yesno="yes,no")

    class Meta:
        model = Player
        fields = ["name", "email", "phone", "active"]
        order_by = "name"
        empty_text = "No players yet: add them one at a time or paste the whole list below."
