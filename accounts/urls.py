from __future__ import annotations

from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.profile_edit, name="profile"),
]
