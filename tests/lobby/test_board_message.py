"""What a socket sends: the whole board first, then only the regions that changed."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError

from lobby.rendering import Board, Sent, board_full, board_message

BID = "table-x-board"


def board(
    version: int,
    regions: dict[str, str],
    log: list[tuple[int, str]] = (),
    skeleton: str = "s",
) -> Board:
    elements = {
        name: f'<div id="{BID}-{name}" class="region">{text}</div>'
        for name, text in regions.items()
    }
    lines = tuple((n, text, f'<li value="{n}">{text}</li>') for n, text in log)
    if log:
        elements["log"] = (
            f'<div id="{BID}-log" class="region">'
            + "".join(line for *_, line in lines)
            + f"<!--{version}--></div>"
        )
    return Board(
        board_id=BID,
        version=version,
        status="active",
        frame=f'<div id="{BID}" class="board-wrap" data-version="{version}">'
        + "".join(elements.values())
        + "</div>",
        skeleton=skeleton,
        regions=elements,
        hashes={name: str(hash(element)) for name, element in elements.items()},
        log=lines,
    )


def test_the_first_message_is_the_whole_board():
    first = board(1, {"error": "", "hand": "A B", "shared": "pile"})
    message, sent = board_message(first, None)
    assert message == first.html
    assert sent == Sent(1, "s", first.hashes, ())


def test_a_push_sends_the_meta_the_error_and_the_regions_that_changed_only():
    first = board(1, {"error": "", "hand": "A B", "shared": "pile"})
    _, sent = board_full(first)
    second = board(2, {"error": "", "hand": "A B", "shared": "pile 2"})
    message, sent2 = board_message(second, sent)
    assert message == (
        f'<div id="{BID}-meta" hidden data-version="2" data-base="1" data-status="active"></div>'
        f'<div id="{BID}-error" class="region"></div>'
        f'<div id="{BID}-shared" class="region">pile 2</div>'
    )
    assert "A B" not in message
    assert sent2.version == 2


def test_a_changed_skeleton_sends_the_whole_board():
    first = board(1, {"hand": "A"})
    _, sent = board_full(first)
    second = board(2, {"hand": "A"}, skeleton="other")
    assert board_message(second, sent)[0] == second.html


def test_new_log_lines_are_appended_newest_first_and_an_undo_sends_the_whole_log():
    first = board(1, {"hand": "A"}, log=[(1, "one")])
    _, sent = board_full(first)
    second = board(3, {"hand": "A"}, log=[(1, "one"), (2, "two"), (3, "three")])
    message, sent = board_message(second, sent)
    assert message.endswith(
        f'<ol id="{BID}-log-list" hx-swap-oob="afterbegin">'
        '<li value="3">three</li><li value="2">two</li></ol>'
    )
    # An undo takes line 3 back: the page must lose it, so the whole log goes.
    third = board(4, {"hand": "A"}, log=[(1, "one"), (2, "two")])
    message, _ = board_message(third, sent)
    assert third.regions["log"] in message
    assert "afterbegin" not in message


def test_a_log_whose_oldest_lines_scrolled_away_still_only_appends():
    first = board(1, {}, log=[(n, f"line {n}") for n in range(1, 31)])
    _, sent = board_full(first)
    second = board(2, {}, log=[(n, f"line {n}") for n in range(2, 32)])
    message, _ = board_message(second, sent)
    assert message.endswith('hx-swap-oob="afterbegin"><li value="31">line 31</li></ol>')


def test_a_resync_answer_says_so_for_the_page():
    first = board(1, {"hand": "A"})
    html, _ = board_full(first, resync=True)
    assert 'class="board-wrap" data-resync="1"' in html


def test_regions_render_inline_without_a_collector_and_apart_with_one():
    template = Template('{% load regions %}<b>{% region "hand" %}{{ x }}{% endregion %}</b>')
    assert template.render(Context({"x": "A", "board_id": BID})) == (
        f'<b><div id="{BID}-hand" class="region">A</div></b>'
    )
    collector: dict[str, str] = {}
    skeleton = template.render(Context({"x": "A", "board_id": BID, "_regions": collector}))
    assert skeleton == "<b>\x00region:hand\x00</b>"
    assert collector == {"hand": f'<div id="{BID}-hand" class="region">A</div>'}


def test_a_region_inside_a_region_is_refused():
    template = Template(
        '{% load regions %}{% region "a" %}{% region "b" %}x{% endregion %}{% endregion %}'
    )
    with pytest.raises(TemplateSyntaxError, match="inside another region"):
        template.render(Context({"board_id": BID}))


def test_a_moves_answer_names_its_ref_on_the_meta_or_on_the_whole_board():
    first = board(1, {"hand": "A"})
    _, sent = board_full(first)
    second = board(2, {"hand": "B"})
    message, _ = board_message(second, sent, "m-7")
    assert message.startswith(
        f'<div id="{BID}-meta" hidden data-version="2" data-base="1" data-status="active"'
        ' data-ref="m-7"></div>'
    )
    whole, _ = board_message(board(2, {"hand": "B"}, skeleton="other"), sent, "m-7")
    assert whole.startswith(f'<div id="{BID}" class="board-wrap" data-ref="m-7" data-version="2">')
    # Without a ref (every push), nothing is named.
    assert "data-ref" not in board_message(second, sent)[0]
