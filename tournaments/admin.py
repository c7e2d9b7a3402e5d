from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from config.forms import NumberRangesAdmin

from .models import Entry, Event, Hand, Partnership, Round, Seat, Table


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Event)
class EventAdmin(NumberRangesAdmin, admin.ModelAdmin):
    list_display = ["name", "club", "date", "format", "rules_preset", "rounds_planned", "round_end"]
    list_filter = ["club", "format", "rules_preset", "round_end", "date"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [EntryInline]


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event"]
    list_filter = ["event__club"]
    search_fields = ["name", "entries__player__name"]


@admin.register(Round)
class RoundAdmin(NumberRangesAdmin, SimpleHistoryAdmin):
    list_display = ["__str__", "event", "status", "closed_at"]
    list_filter = ["status", "event__club"]
    search_fields = ["event__name"]


# A player is picked by typing a name (autocomplete), never from a drop-down of every player
# of every club: a big club alone has 20,000.


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player"]
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(NumberRangesAdmin, SimpleHistoryAdmin):
    list_display = ["__str__", "captain", "confirmed_by", "confirmed_at"]
    list_filter = ["round__event__club", "round__status"]
    search_fields = ["round__event__name", "seats__player__name"]
    autocomplete_fields = ["captain", "confirmed_by"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["player", "round", "table", "position"]
    list_filter = ["round__event__club", "position"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]


@admin.register(Hand)
class HandAdmin(NumberRangesAdmin, SimpleHistoryAdmin):
    list_display = [
        "__str__",
        "dealer",
        "maker",
        "alone",
        "tricks",
        "irregularity",
        "ns_points",
        "ew_points",
        "outcome",
    ]
    list_filter = ["outcome", "irregularity", "alone", "table__round__event__club"]
    search_fields = ["table__round__event__name", "description"]
    # Points are the engine's, recomputed on every save: shown, never edited.
    readonly_fields = ["ns_points", "ew_points", "outcome", "description", "entered_at"]
