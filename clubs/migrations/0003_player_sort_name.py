from django.db import migrations, models

from clubs.text import name_key


def fill_sort_names(apps, schema_editor):
    # Player.save() keeps the key from now on; the players already on rosters get theirs here.
    Player = apps.get_model("clubs", "Player")
    players = list(Player.objects.only("pk", "name"))
    for player in players:
        player.sort_name = name_key(player.name)[:240]
    Player.objects.bulk_update(players, ["sort_name"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_results_public"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="sort_name",
            field=models.CharField(default="", editable=False, max_length=240),
        ),
        migrations.RunPython(fill_sort_names, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["club", "sort_name"], name="player_club_sort_name"),
        ),
    ]
