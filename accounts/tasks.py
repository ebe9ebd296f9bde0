"""Celery tasks of the accounts app: mail that must not make a page slower for some
addresses than for others (accounts/addresses.py)."""

from __future__ import annotations

from config.celery import task


@task(acks_late=True)
def address_mail(user_id: int, address: str, language: str) -> str:
    """Mail a pending address its confirmation link, or its owner a notice."""
    from accounts.addresses import address_mail as address_mail_service

    return address_mail_service(user_id=user_id, address=address, language=language)


@task(acks_late=True)
def password_reset_send(email: str, domain: str, use_https: bool, language: str) -> None:
    """Mail a password-reset link to the accounts that have confirmed `email`, if any."""
    from accounts.addresses import password_reset_send as password_reset_send_service

    password_reset_send_service(email=email, domain=domain, use_https=use_https, language=language)
