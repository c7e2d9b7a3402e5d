from django.db import migrations

from clubs.text import name_key


def refresh_sort_names(apps, schema_editor):
    # name_key now leaves out apostrophes, quotes, hyphens and dashes ("Mary O’Brien" is
    # "mary obrien"): a stored key gets the form the duplicate check and the search compare.
    Player = apps.get_model("clubs", "Player")
    changed = []
    for player in Player.objects.only("pk", "name", "sort_name").iterator(chunk_size=2000):
        key = name_key(player.name)[:240]
        if key != player.sort_name:
            player.sort_name = key
            changed.append(player)
    Player.objects.bulk_update(changed, ["sort_name"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0009_player_history"),
    ]

    operations = [
        migrations.RunPython(refresh_sort_names, migrations.RunPython.noop, elidable=True),
    ]
