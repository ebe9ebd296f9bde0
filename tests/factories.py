"""factory-boy factories shared by the tests."""

from __future__ import annotations

import factory

from accounts.models import User

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj: User, create: bool, extracted: object, **kwargs: object) -> None:  # noqa: N805
        if create:
            obj.save()
