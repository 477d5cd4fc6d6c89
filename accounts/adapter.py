"""allauth glue: its e-mails go through Celery."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.sites.shortcuts import get_current_site

from accounts.tasks import email_queue


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # Rendered here, in the visitor's language; sent by a worker once the request's writes commit.
        request = context.get("request") or self.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        email_queue(self.render_mail(template_prefix, email, ctx))
