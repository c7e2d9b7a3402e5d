"""One look for every form in the app: a label on every field, its help under it, its errors
beside it, radio buttons and tick boxes as large touch targets, and fields grouped in sections.

Django renders every form through FORM_RENDERER, so `{{ form }}` in any template gets this look;
the templates are templates/forms/form.html and templates/forms/field.html.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    form_template_name = "forms/form.html"
    field_template_name = "forms/field.html"


class Sections:
    """A form that shows its fields in named sections (`<fieldset>`s with a legend).

    `sections` lists (legend, field names); a field the form does not have (a rule the
    event's rule set lacks) is skipped, and a section left empty is not shown. Fields in no
    section follow in a last, unnamed one, so none is ever lost from the page.
    """

    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def grouped(self) -> list[dict]:
        placed: set[str] = set()
        groups = []
        for legend, names in self.sections:
            fields = [self[name] for name in names if name in self.fields]
            placed.update(names)
            visible = [f for f in fields if not f.is_hidden]
            if visible:
                groups.append({"legend": legend, "fields": visible})
        rest = [f for f in self.visible_fields() if f.name not in placed]
        if rest:
            groups.append({"legend": "", "fields": rest})
        return groups


def number_range_kwargs(db_field) -> dict:
    """A whole-number form field's range, from the model field's own validators
    (clubs.models.number_range): the browser's number box says it (min, max) and the form
    refuses what the model would, in the model's words. Without this, a positive field's form
    field refuses -1 in Django's own words ("greater than or equal to 0") before the model's
    message is reached. Nothing for a field with no range of its own."""
    own = db_field.deconstruct()[3].get("validators", [])
    low = next((v for v in own if isinstance(v, MinValueValidator)), None)
    high = next((v for v in own if isinstance(v, MaxValueValidator)), None)
    if low is None or high is None:
        return {}
    return {
        "min_value": low.limit_value,
        "max_value": high.limit_value,
        "error_messages": {"min_value": low.message, "max_value": high.message},
    }


def formfield_in_range(db_field, **kwargs):
    """A ModelForm's `formfield_callback`: each model field's form field, numbers in range."""
    return db_field.formfield(**{**number_range_kwargs(db_field), **kwargs})


class NumberRangesAdmin:
    """The admin's forms, numbers in range the same way as the app's own forms."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        return super().formfield_for_dbfield(
            db_field, request, **{**number_range_kwargs(db_field), **kwargs}
        )
