# Each event gets a uid of its own (publishing/): added empty, filled row by row (a default
# would give every existing event the same uuid), then made unique.
import uuid

from django.db import migrations, models


def fill(apps, schema_editor):
    model = apps.get_model("tournaments", "Event")
    rows = list(model.objects.filter(uid__isnull=True).only("pk"))
    for row in rows:
        row.uid = uuid.uuid4()
    model.objects.bulk_update(rows, ["uid"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0017_prizes_moved_to_money")]

    operations = [
        migrations.AddField("event", "uid", models.UUIDField(null=True, editable=False)),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            "event", "uid", models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
        ),
    ]
