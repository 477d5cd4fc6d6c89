from __future__ import annotations

app_name = "league"
urlpatterns: list = []
