"""Django's template engine, letting go of each page's context as soon as the page is drawn.

Django's RequestContext and the dictionaries pushed on it refer to each other (each
ContextDict keeps its context, to pop itself), so once a page is drawn its whole context, the
night's standings or movement report with every line in it, is not freed when the view returns
but waits for Python's cyclic garbage collector: at a 1,600-player night a page left 50,000
to 80,000 such objects, and the collector's run to free them cost 20-60 ms, inside whichever
request came next (bench/pages.py --growth). Emptying the context's stack once the page is
drawn breaks the cycle, and everything is freed at once, as any other object is. The test
client's copies of a context (response.context) are copies, with stacks of their own.
"""

from django.template import TemplateDoesNotExist
from django.template.backends.django import DjangoTemplates, Template, reraise
from django.template.context import make_context


class _Template(Template):
    def render(self, context=None, request=None):
        # Django's own Template.render, and the stack emptied after.
        context = make_context(context, request, autoescape=self.backend.engine.autoescape)
        try:
            return self.template.render(context)
        except TemplateDoesNotExist as exc:
            reraise(exc, self.backend)
        finally:
            context.dicts.clear()


class Templates(DjangoTemplates):
    """The engine settings.TEMPLATES names: Django's own, drawing with _Template."""

    def get_template(self, template_name):
        return _Template(super().get_template(template_name).template, self)

    def from_string(self, template_code):
        return _Template(super().from_string(template_code).template, self)
