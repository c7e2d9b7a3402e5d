from django.contrib import admin

from .models import Invitation, JoinRequest


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    """For the site's admin: who asked to set up which club, and whether they confirmed."""

    list_display = ["email", "club_name", "created", "used_at", "club"]
    search_fields = ["email", "club_name"]
    # The password's hash and the link's stay out of sight.
    fields = ["email", "club_name", "created", "used_at", "user", "club"]
    readonly_fields = fields


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["email", "club", "role", "created", "accepted_at", "cancelled_at"]
    search_fields = ["email", "club__name"]
    fields = ["club", "email", "role", "invited_by", "created", "accepted_at", "accepted_by"]
    fields += ["cancelled_at"]
    readonly_fields = fields
