"""Telling players what happened: events (who is told what), channels (e-mail, webhook), tasks."""
