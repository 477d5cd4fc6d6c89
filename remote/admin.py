"""The remote races in the admin: each car's clock (read only: the turns move it), the drivers'
vacations (written through the page, which checks the season's budget) and push subscriptions."""

from __future__ import annotations

from django.contrib import admin

from core.admin_support import ReadOnly, WrittenByServices
from remote.models import CarClock, PushSubscription, Vacation


@admin.register(CarClock)
class CarClockAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("table", "car", "user", "waiting_since", "due_at", "missed", "autopilot")
    list_filter = ("autopilot",)
    search_fields = ("user__username", "=car", "=table__pk")
    list_select_related = ("table__race__season", "table__race__circuit", "user")


@admin.register(Vacation)
class VacationAdmin(WrittenByServices, admin.ModelAdmin):
    list_display = ("user", "season", "starts_on", "ends_on")
    list_filter = ("season",)
    search_fields = ("user__username",)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(WrittenByServices, admin.ModelAdmin):
    list_display = ("user", "user_agent", "created_at")
    search_fields = ("user__username",)
