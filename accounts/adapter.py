"""allauth glue: its e-mails go through Celery; its rate limits count by the site's client address."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest

from accounts.tasks import email_queue
from core.client_address import client_address


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # Rendered here, in the visitor's language; sent by a worker once the request's writes commit.
        request = context.get("request") or self.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        email_queue(self.render_mail(template_prefix, email, ctx))

    def get_client_ip(self, request: HttpRequest) -> str:
        # The same address as the lockout and the API's throttles (TRUSTED_PROXIES), never a
        # 500 on an X-Forwarded-For shorter than the proxies declared.
        return client_address(request) or super().get_client_ip(request)
