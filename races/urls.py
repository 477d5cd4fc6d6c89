from __future__ import annotations

from django.urls import path

from races import views

app_name = "races"
urlpatterns = [
    path("races/<int:pk>/", views.race_detail, name="race"),
    path("circuits/", views.circuit_list, name="circuits"),
    path("circuits/<slug:slug>/", views.circuit_detail, name="circuit"),
]
