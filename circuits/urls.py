"""The board editor's pages (the circuits' public pages are the races room's: they list races)."""

from __future__ import annotations

from django.urls import path

from circuits import views_editor

app_name = "circuits"
urlpatterns = [
    path("board-editor/", views_editor.board_list, name="boards"),
    path("board-editor/import", views_editor.board_import, name="import"),
    path("board-editor/<int:pk>/", views_editor.board_editor, name="editor"),
    path("board-editor/<int:pk>/image", views_editor.board_image, name="image"),
    path("board-editor/<int:pk>/draft", views_editor.board_draft, name="draft"),
    path("board-editor/<int:pk>/drive", views_editor.board_drive, name="drive"),
    path("board-editor/<int:pk>/publish", views_editor.board_publish, name="publish"),
    path("board-editor/edit/<slug:slug>/", views_editor.board_edit, name="edit"),
]
