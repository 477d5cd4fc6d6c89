"""The remote-race pages (`remote:…`)."""

from __future__ import annotations

from django.urls import path

from remote import views_prefs, views_push

app_name = "remote"
urlpatterns = [
    path("me/remote/", views_prefs.prefs, name="prefs"),
    path("me/remote/vacations/", views_prefs.vacation_new, name="vacation-add"),
    path("me/remote/vacations/<int:pk>/delete/", views_prefs.vacation_remove, name="vacation-delete"),
    # Web Push: the service worker at the root (its scope is the whole site), the subscription API
    path("sw.js", views_push.service_worker, name="service_worker"),
    path("me/push/key/", views_push.push_key, name="push_key"),
    path("me/push/subscribe/", views_push.push_subscribe_view, name="push_subscribe"),
    path("me/push/unsubscribe/", views_push.push_unsubscribe_view, name="push_unsubscribe"),
    path("me/push/test/", views_push.push_test_view, name="push_test"),
]
