from django.contrib import admin

from config.forms import NumberRangesAdmin

from .models import Club, ClubDirector, Player


class ClubDirectorInline(admin.TabularInline):
    model = ClubDirector
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(NumberRangesAdmin, admin.ModelAdmin):
    list_display = ["name", "slug", "rules_preset", "game_points", "paper_size"]
    list_filter = ["rules_preset", "paper_size"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubDirectorInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "email", "phone", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name", "email", "phone"]


@admin.register(ClubDirector)
class ClubDirectorAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]
    search_fields = ["user__username", "club__name"]
