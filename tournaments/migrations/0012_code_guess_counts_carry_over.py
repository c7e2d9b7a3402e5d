from django.db import migrations, models


def keep_each_keys_latest_window(apps, schema_editor):
    # One row per phone or address from now on: of a key's windows, the latest is the count
    # that still matters (the others have ended).
    CodeGuessCount = apps.get_model("tournaments", "CodeGuessCount")
    latest = {}
    for pk, kind, key, end in CodeGuessCount.objects.values_list("pk", "kind", "key", "window_end"):
        if (kind, key) not in latest or end > latest[kind, key][1]:
            latest[kind, key] = (pk, end)
    kept = [pk for pk, _ in latest.values()]
    CodeGuessCount.objects.exclude(pk__in=kept).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_awards_and_prizes"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="codeguesscount",
            name="one_guess_count_per_window",
        ),
        migrations.AddField(
            model_name="codeguesscount",
            name="prev_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(
            keep_each_keys_latest_window, migrations.RunPython.noop, elidable=True
        ),
        migrations.AddConstraint(
            model_name="codeguesscount",
            constraint=models.UniqueConstraint(
                fields=("kind", "key"), name="one_guess_count_per_key"
            ),
        ),
    ]
