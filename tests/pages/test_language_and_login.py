from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.urls import reverse


def test_french_is_the_default(client, league):
    html = client.get(reverse("home")).content.decode()

    assert '<html lang="fr">' in html
    assert "Saisons" in html and "Écuries" in html and "Connexion" in html


def test_the_language_switcher_posts_to_set_language(client, league):
    html = client.get(reverse("races:seasons")).content.decode()

    assert f'action="{reverse("set_language")}"' in html
    assert 'name="next" value="/seasons/"' in html
    assert '<option value="en" lang="en">English</option>' in html


def test_posting_to_set_language_switches_to_english(client, league):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/seasons/"})

    assert response.status_code == 302
    assert response["Location"] == "/seasons/"
    html = client.get("/seasons/").content.decode()
    assert '<html lang="en">' in html
    assert "Seasons" in html and "running" in html and "Log in" in html
    assert "Saisons" not in html


def test_the_login_page_renders_and_logs_in(client, league):
    user = get_user_model().objects.create_user("alice", "alice@example.org", password="demo-pass")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)

    page = client.get(reverse("login"))
    assert page.status_code == 200
    assert "Nom d&#x27;utilisateur ou e-mail" in page.content.decode()  # allauth's form, in French

    response = client.post(reverse("login"), {"login": "alice", "password": "demo-pass"})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    html = client.get(reverse("home")).content.decode()
    assert "Déconnexion" in html and "alice" in html


def test_a_wrong_password_is_refused_with_a_message(client, league):
    response = client.post(reverse("login"), {"login": "nobody", "password": "nope"})

    assert response.status_code == 200
    assert "sont incorrects" in response.content.decode()


def test_an_unknown_page_uses_the_site_404(client, league):
    response = client.get("/nowhere/")

    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


def test_the_header_logs_out_with_a_post_form(client, league):
    user = get_user_model().objects.create_user("bruno", password="demo-pass")
    client.force_login(user)

    html = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("logout")}" method="post"' in html

    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "Connexion" in client.get(reverse("home")).content.decode()
