"""Friends, mutes and blocks: the profile buttons, invitations, and refused joins."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Notification, Relationship
from accounts.services import RelationshipError, relationship_add
from lobby.errors import NotAllowed
from lobby.models import Table
from lobby.services import seat_join, table_create

pytestmark = pytest.mark.django_db


def relate(client, username, kind, on=True, **extra):
    data = {"kind": kind, "on": "1" if on else "0"}
    return client.post(reverse("accounts:relationship", args=[username]), data, **extra)


def kinds(user, other) -> set[str]:
    return set(
        Relationship.objects.filter(from_user=user, to_user=other).values_list("kind", flat=True)
    )


def test_the_profile_shows_friend_mute_block_and_report_buttons(client, alice, bob):
    client.force_login(alice)
    page = client.get(reverse("accounts:profile", args=["bob"])).content.decode()
    for label in ("Add as friend", "Mute in chat", "Block", "Report"):
        assert label in page
    own = client.get(reverse("accounts:profile", args=["alice"])).content.decode()
    assert "Add as friend" not in own and "Your friends" in own


def test_adding_and_removing_a_friend(client, alice, bob):
    client.force_login(alice)
    response = relate(client, "bob", "friend", follow=True)
    assert "bob is now your friend." in response.content.decode()
    assert kinds(alice, bob) == {"friend"}
    assert kinds(bob, alice) == set()  # one-way, like following
    page = client.get(reverse("accounts:profile", args=["bob"])).content.decode()
    assert "Remove friend" in page
    assert "bob" in client.get(reverse("accounts:profile", args=["alice"])).content.decode()
    relate(client, "bob", "friend", on=False)
    assert kinds(alice, bob) == set()


def test_a_block_ends_the_friendship_both_ways(client, alice, bob):
    relationship_add(user=alice, other=bob, kind="friend")
    relationship_add(user=bob, other=alice, kind="friend")
    client.force_login(alice)
    response = relate(client, "bob", "block", follow=True)
    assert "You blocked bob" in response.content.decode()
    assert kinds(alice, bob) == {"block"} and kinds(bob, alice) == set()
    with pytest.raises(RelationshipError, match="Unblock bob first"):
        relationship_add(user=alice, other=bob, kind="friend")


def test_nobody_befriends_blocks_or_mutes_themselves(client, alice):
    client.force_login(alice)
    response = relate(client, "alice", "block", follow=True)
    assert "You cannot do that to yourself." in response.content.decode()
    assert not Relationship.objects.exists()


def test_relationship_changes_need_a_login_and_a_post(client, alice, bob):
    assert relate(client, "bob", "friend").status_code == 302
    client.force_login(alice)
    assert client.get(reverse("accounts:relationship", args=["bob"])).status_code == 405
    assert not Relationship.objects.exists()


def test_the_same_block_twice_is_one_row(alice, bob):
    relationship_add(user=alice, other=bob, kind="block")
    relationship_add(user=alice, other=bob, kind="block")
    assert Relationship.objects.count() == 1


def test_a_blocked_player_cannot_join_the_blockers_table(client, alice, bob):
    relationship_add(user=alice, other=bob, kind="block")
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    with pytest.raises(NotAllowed, match="a player seated here has blocked you"):
        seat_join(code=table.code, user=bob)
    client.force_login(bob)
    response = client.post(reverse("lobby:join", args=[table.code]), HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert "You cannot join this table: a player seated here has blocked you." in (
        response.content.decode()
    )
    assert table.seats.count() == 1


def test_the_blocker_may_still_join_the_blocked_players_table(alice, bob):
    relationship_add(user=alice, other=bob, kind="block")
    table = table_create(user=bob, game="lost_cities", players=2, options={})
    seat_join(code=table.code, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE


@pytest.fixture
def open_table(alice):
    return table_create(user=alice, game="lost_cities", players=2, options={}, visibility="private")


def test_the_creator_invites_a_friend_who_gets_the_link(client, alice, bob, carol, open_table):
    relationship_add(user=alice, other=bob, kind="friend")
    client.force_login(alice)
    page = client.get(open_table.get_absolute_url()).content.decode()
    assert "Invite a friend:" in page and "bob" in page
    assert reverse("lobby:invite-friend", args=[open_table.code]) in page
    response = client.post(
        reverse("lobby:invite-friend", args=[open_table.code]), {"username": "bob"}, follow=True
    )
    assert "bob got your invitation." in response.content.decode()
    notice = Notification.objects.get(user=bob)
    assert notice.kind == Notification.Kind.INVITE
    assert notice.url == reverse("lobby:invite", args=[open_table.code, open_table.invite_token])
    assert notice.text == "alice invites you to a table of Lost Cities."
    # The link works: bob may join the private table.
    client.force_login(bob)
    client.get(notice.url)
    client.post(reverse("lobby:join", args=[open_table.code]))
    assert open_table.seats.filter(user=bob).exists()


def test_only_friends_are_offered_and_invited(client, alice, carol, open_table):
    client.force_login(alice)
    page = client.get(open_table.get_absolute_url()).content.decode()
    assert "Invite a friend:" not in page
    response = client.post(
        reverse("lobby:invite-friend", args=[open_table.code]), {"username": "carol"}, follow=True
    )
    assert "You can invite only your friends from here." in response.content.decode()
    assert not Notification.objects.filter(user=carol).exists()


def test_a_friend_who_blocked_you_gets_no_invitation(client, alice, bob, open_table):
    relationship_add(user=alice, other=bob, kind="friend")
    Relationship.objects.create(from_user=bob, to_user=alice, kind="block")
    client.force_login(alice)
    response = client.post(
        reverse("lobby:invite-friend", args=[open_table.code]), {"username": "bob"}, follow=True
    )
    assert "bob does not accept invitations from you." in response.content.decode()
    assert not Notification.objects.filter(user=bob).exists()


def test_only_the_creator_invites(client, alice, bob, carol):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    relationship_add(user=bob, other=carol, kind="friend")
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Invite a friend:" not in page
    response = client.post(
        reverse("lobby:invite-friend", args=[table.code]), {"username": "carol"}, follow=True
    )
    assert "Only the table&#x27;s creator can invite friends." in response.content.decode()
    assert not Notification.objects.exists()
