# Tables get the captain's link token and short code. Existing tables need a value each, so the
# fields are added without the unique constraint, filled row by row, then made unique
# (https://docs.djangoproject.com/en/5.2/howto/writing-migrations/#migrations-that-add-unique-fields).

from django.db import migrations, models

import tournaments.models


def fill_links(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    codes = set()
    for table in Table.objects.only("pk"):
        code = tournaments.models.new_table_code()
        while code in codes:
            code = tournaments.models.new_table_code()
        codes.add(code)
        table.code = code
        table.token = tournaments.models.new_table_token()
        table.save(update_fields=["code", "token"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicaltable",
            name="code",
            field=models.CharField(
                db_index=True,
                default=tournaments.models.new_table_code,
                editable=False,
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="historicaltable",
            name="token",
            field=models.CharField(
                db_index=True,
                default=tournaments.models.new_table_token,
                editable=False,
                max_length=32,
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="code",
            field=models.CharField(editable=False, max_length=8, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(fill_links, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="code",
            field=models.CharField(
                default=tournaments.models.new_table_code,
                editable=False,
                max_length=8,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="token",
            field=models.CharField(
                default=tournaments.models.new_table_token,
                editable=False,
                max_length=32,
                unique=True,
            ),
        ),
    ]
