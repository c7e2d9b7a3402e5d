# Each club and player gets a uid of its own (publishing/): added empty, filled row by row (a
# default would give every existing row the same uuid), then made unique.
import uuid

from django.db import migrations, models


def fill(apps, schema_editor):
    for name in ("Club", "Player"):
        model = apps.get_model("clubs", name)
        rows = list(model.objects.filter(uid__isnull=True).only("pk"))
        for row in rows:
            row.uid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uid"], batch_size=500)
    history = apps.get_model("clubs", "HistoricalPlayer")
    uids = dict(apps.get_model("clubs", "Player").objects.values_list("pk", "uid"))
    rows = list(history.objects.only("history_id", "id"))
    for row in rows:
        row.uid = uids.get(row.id) or uuid.uuid4()
    history.objects.bulk_update(rows, ["uid"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0011_player_merged_into")]

    operations = [
        migrations.AddField("club", "uid", models.UUIDField(null=True, editable=False)),
        migrations.AddField("player", "uid", models.UUIDField(null=True, editable=False)),
        migrations.AddField("historicalplayer", "uid", models.UUIDField(null=True, editable=False)),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            "club", "uid", models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
        ),
        migrations.AlterField(
            "player", "uid", models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
        ),
        migrations.AlterField(
            "historicalplayer",
            "uid",
            models.UUIDField(db_index=True, default=uuid.uuid4, editable=False),
        ),
    ]
