from __future__ import annotations

app_name = "races"
urlpatterns: list = []
