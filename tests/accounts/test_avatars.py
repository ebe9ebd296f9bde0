"""Players' pictures: drawn from the name by default, or uploaded, checked and re-encoded."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from accounts import avatars
from accounts.models import Avatar
from accounts.templatetags.identity import avatar_url

pytestmark = pytest.mark.django_db

PREFERENCES = reverse("accounts:preferences")


def picture(fmt="PNG", size=(300, 200), colour=(200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format=fmt)
    return out.getvalue()


def upload(client, content: bytes, name="me.png", content_type="image/png"):
    file = SimpleUploadedFile(name, content, content_type=content_type)
    return client.post(PREFERENCES, {"picture-form": "1", "picture-picture": file})


# The drawn picture.


def test_the_drawn_picture_is_the_same_for_a_name_every_time_and_differs_between_names():
    assert avatars.svg("alice") == avatars.svg("alice")
    assert avatars.svg("Alice") == avatars.svg("alice")  # one colour whatever the case
    colours = {avatars.colours(f"player{i}") for i in range(40)}
    assert len(colours) > 6
    assert avatars.initials("ann") == "A"
    assert avatars.initials("ben_lee") == "BL"
    assert avatars.initials("___") == "?"
    drawn = avatars.svg("<script>")
    assert "<script" not in drawn and "&lt;" in drawn


def test_every_drawn_colour_gives_its_letters_aa_contrast():
    for background, ink in avatars.PALETTE:
        assert avatars.contrast(background, ink) >= 4.5, background
    assert round(avatars.contrast("#ffffff", "#000000"), 1) == 21.0


def test_the_drawn_picture_is_served_with_long_cache_headers_and_an_etag(client, alice):
    url = avatar_url(alice)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.decode() == avatars.svg("alice")
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert client.get("/accounts/u/nobody/avatar/0/").status_code == 404


# Uploads.


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_an_upload_is_re_encoded_to_a_128_square_png_and_served(client, alice, fmt):
    client.force_login(alice)
    response = upload(client, picture(fmt), name=f"me.{fmt.lower()}")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.avatar_version == 1
    stored = Image.open(io.BytesIO(bytes(Avatar.objects.get(user=alice).png)))
    assert (stored.format, stored.size) == ("PNG", (128, 128))
    served = client.get(avatar_url(alice))
    assert served["Content-Type"] == "image/png"
    assert served.content == bytes(Avatar.objects.get(user=alice).png)
    assert served["Cache-Control"] == "public, max-age=31536000, immutable"
    # The old URL no longer promises to stay: it is kept for minutes only.
    old = client.get(reverse("accounts:avatar", args=["alice", 0]))
    assert old["Cache-Control"] == "public, max-age=300"
    page = client.get(PREFERENCES).content.decode()
    assert "Remove the picture" in page
    assert f'src="{avatar_url(alice)}"' in page


def test_a_picture_can_be_removed(client, alice):
    client.force_login(alice)
    upload(client, picture())
    response = client.post(PREFERENCES, {"picture-form": "1", "remove": "1"})
    assert response.status_code == 302
    assert not Avatar.objects.filter(user=alice).exists()
    alice.refresh_from_db()
    assert alice.avatar_version == 2
    assert client.get(avatar_url(alice))["Content-Type"] == "image/svg+xml"
    assert "Remove the picture" not in client.get(PREFERENCES).content.decode()


def huge_png(width=30000, height=30000) -> bytes:
    """A small valid PNG whose header claims `width`×`height` (a decompression bomb)."""
    data = picture(size=(1, 1))
    header = struct.pack(">II", width, height) + data[24:29]
    chunk = b"IHDR" + header
    return data[:12] + chunk + struct.pack(">I", zlib.crc32(chunk)) + data[33:]


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("P", (20, 20)).save(out, format="GIF")
    return out.getvalue()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"<?php echo 'hi'; ?>", "This file is not a picture we can read"),
        (b"", "The submitted file is empty."),
        (gif(), "This file is not a picture we can read"),
        (picture()[:120], "This file is not a picture we can read"),  # cut short
        (huge_png(), "The picture has too many pixels"),
        (huge_png(8000, 8000), "The picture has too many pixels"),
        (b"\x89PNG" + b"\0" * (1024 * 1024), "The picture is too big: at most 1 MB."),
    ],
    ids=["not-an-image", "empty", "gif", "truncated", "bomb", "64-megapixels", "too-big"],
)
def test_a_bad_upload_is_refused_with_words_and_changes_nothing(client, alice, content, words):
    client.force_login(alice)
    response = upload(client, content)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Avatar.objects.filter(user=alice).exists()
    alice.refresh_from_db()
    assert alice.avatar_version == 0


def test_a_bad_upload_keeps_the_picture_there_was(client, alice):
    client.force_login(alice)
    upload(client, picture(colour=(0, 0, 255)))
    before = bytes(Avatar.objects.get(user=alice).png)
    assert upload(client, b"nonsense").status_code == 400
    assert bytes(Avatar.objects.get(user=alice).png) == before


def test_pictures_show_beside_names_on_the_profile(client, alice):
    body = client.get(alice.get_absolute_url()).content.decode()
    assert f'<img class="avatar large" src="{avatar_url(alice)}" alt=""' in body
