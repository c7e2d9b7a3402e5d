"""One look for every form in the app: a label on every field, its help under it, its errors
beside it, radio buttons and tick boxes as large touch targets, and fields grouped in sections.

Django renders every form through FORM_RENDERER, so `{{ form }}` in any template gets this look;
the templates are templates/forms/form.html and templates/forms/field.html.
"""

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
