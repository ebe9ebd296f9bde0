"""The house tile set of rules/mondo.md Appendix A, loaded verbatim as data.

The whole set is a house rule (rules §4.4: the real tiles' contents are not public).
One line per tile: id, front edges N E S W at rotation 0 (w water, f forest, s steppe,
d desert), the animal on the front, the volcano on the front, the landscape of the back.
Areas follow rules §4.1: on one face, all edges of the same landscape form one area.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import gettext_noop

__all__ = [
    "ANIMALS",
    "ANIMAL_LABELS",
    "ANIMAL_LANDSCAPE",
    "BACK",
    "FRONT",
    "LANDSCAPES",
    "LANDSCAPE_LABELS",
    "TILE_COUNT",
    "TILE_FACES",
    "TILE_IDS",
    "TILE_TABLE",
    "Face",
    "face_from_edges",
]

# rules §1: the four landscapes, in the order the tile set is built.
LANDSCAPES = ("w", "f", "s", "d")
LANDSCAPE_LABELS = {
    "w": gettext_noop("water"),
    "f": gettext_noop("forest"),
    "s": gettext_noop("steppe"),
    "d": gettext_noop("desert"),
}

# rules §2.1: four species per landscape; the water names are a house rule.
ANIMAL_LANDSCAPE = {
    "elephant": "s", "zebra": "s", "antelope": "s", "buffalo": "s",
    "panda": "f", "parrot": "f", "tiger": "f", "gorilla": "f",
    "scorpion": "d", "gecko": "d", "snake": "d", "ostrich": "d",
    "turtle": "w", "penguin": "w", "dolphin": "w", "whale": "w",
}  # fmt: skip
ANIMALS = tuple(ANIMAL_LANDSCAPE)
ANIMAL_LABELS = {
    "elephant": gettext_noop("elephant"),
    "zebra": gettext_noop("zebra"),
    "antelope": gettext_noop("antelope"),
    "buffalo": gettext_noop("buffalo"),
    "panda": gettext_noop("panda"),
    "parrot": gettext_noop("parrot"),
    "tiger": gettext_noop("tiger"),
    "gorilla": gettext_noop("gorilla"),
    "scorpion": gettext_noop("scorpion"),
    "gecko": gettext_noop("gecko"),
    "snake": gettext_noop("snake"),
    "ostrich": gettext_noop("ostrich"),
    "turtle": gettext_noop("turtle"),
    "penguin": gettext_noop("penguin"),
    "dolphin": gettext_noop("dolphin"),
    "whale": gettext_noop("whale"),
}
FRONT, BACK = 0, 1

# rules Appendix A, verbatim.
TILE_TABLE = """\
id  NESW animal    volcano  back
001 wwww turtle    -        w
002 wwww -         -        f
003 wwww -         active   s
004 wwww -         -        d
005 ffff panda     -        w
006 ffff -         inactive f
007 ffff -         -        s
008 ffff -         -        d
009 ssss buffalo   active   w
010 ssss -         -        f
011 ssss -         -        s
012 ssss -         -        d
013 dddd snake     -        w
014 dddd -         active   f
015 dddd -         -        s
016 dddd -         -        d
017 wwwf parrot    -        w
018 wwwf penguin   -        f
019 wwwf -         -        s
020 wwwf -         active   d
021 wwws -         -        w
022 wwws elephant  -        f
023 wwws -         inactive s
024 wwws dolphin   -        d
025 wwwd scorpion  -        w
026 wwwd -         active   f
027 wwwd -         -        s
028 wwwd -         -        d
029 fffw -         inactive w
030 fffw tiger     -        f
031 fffw whale     active   s
032 fffw -         -        d
033 fffs -         -        w
034 fffs -         -        f
035 fffs zebra     -        s
036 fffs gorilla   -        d
037 fffd -         active   w
038 fffd gecko     -        f
039 fffd -         -        s
040 fffd -         inactive d
041 sssw -         -        w
042 sssw -         -        f
043 sssw -         active   s
044 sssw turtle    -        d
045 sssf antelope  -        w
046 sssf panda     -        f
047 sssf -         -        s
048 sssf -         active   d
049 sssd -         -        w
050 sssd buffalo   -        f
051 sssd ostrich   -        s
052 sssd -         -        d
053 dddw -         -        w
054 dddw -         active   f
055 dddw -         -        s
056 dddw snake     -        d
057 dddf -         inactive w
058 dddf -         -        f
059 dddf parrot    -        s
060 dddf -         active   d
061 ddds scorpion  -        w
062 ddds -         -        f
063 ddds -         inactive s
064 ddds elephant  -        d
065 wwff -         active   w
066 wwff penguin   -        f
067 wwff -         -        s
068 wwff tiger     -        d
069 wwss -         -        w
070 wwss -         -        f
071 wwss -         active   s
072 wwss dolphin   -        d
073 wwdd -         -        w
074 wwdd -         inactive f
075 wwdd gecko     -        s
076 wwdd -         -        d
077 ffss zebra     active   w
078 ffss -         -        f
079 ffss -         -        s
080 ffss -         -        d
081 ffdd -         -        w
082 ffdd gorilla   active   f
083 ffdd -         -        s
084 ffdd ostrich   -        d
085 ssdd -         -        w
086 ssdd -         -        f
087 ssdd antelope  -        s
088 ssdd -         active   d
089 wwfs whale     -        w
090 wwfd -         -        f
091 wwsf panda     inactive s
092 wwsd snake     -        d
093 wwdf -         -        w
094 wwds buffalo   active   f
095 ffws -         -        s
096 ffwd -         -        d
097 ffsw turtle    inactive w
098 ffsd parrot    -        f
099 ffdw -         active   s
100 ffds scorpion  -        d
101 sswf elephant  -        w
102 sswd -         -        f
103 ssfw -         -        s
104 ssfd -         -        d
105 ssdw -         active   w
106 ssdf tiger     -        f
107 ddwf penguin   -        s
108 ddws zebra     inactive d
109 ddfw gecko     -        w
110 ddfs -         -        f
111 ddsw -         active   s
112 ddsf -         -        d
113 wfws gorilla   -        w
114 wfws antelope  -        f
115 wfwd ostrich   -        s
116 wfwd -         active   d
117 wswd -         -        w
118 wswd -         -        f
119 fwfs dolphin   -        s
120 fwfs -         -        d
121 fwfd panda     -        w
122 fwfd -         active   f
123 fsfd snake     -        s
124 fsfd buffalo   -        d
125 swsf -         inactive w
126 swsf -         -        f
127 swsd whale     -        s
128 swsd -         active   d
129 sfsd elephant  -        w
130 sfsd parrot    -        f
131 dwdf -         inactive s
132 dwdf scorpion  -        d
133 dwds -         active   w
134 dwds -         -        f
135 dfds -         -        s
136 dfds -         -        d
"""


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a tile at rotation 0 (rules §4.2).

    `edge_area[i]` is the area that owns edge i (N=0, E=1, S=2, W=3); `animal_area` is
    the area the animal stands in (-1 without an animal); `volcano` is "", "active" or
    "inactive".
    """

    edges: tuple[str, str, str, str]
    edge_area: tuple[int, int, int, int]
    area_land: tuple[str, ...]
    animal: str
    animal_area: int
    volcano: str


def face_from_edges(edges: str, animal: str = "", volcano: str = "") -> Face:
    """Return a face whose areas group equal landscapes (rules §4.1 house rule)."""
    assert len(edges) == 4 and set(edges) <= set(LANDSCAPES), edges
    lands: list[str] = []
    for land in edges:
        if land not in lands:
            lands.append(land)
    edge_area = tuple(lands.index(land) for land in edges)
    animal_area = -1
    if animal:
        # rules §2.1: an animal always stands in an area of its own landscape.
        animal_area = lands.index(ANIMAL_LANDSCAPE[animal])
    assert volcano in ("", "active", "inactive"), volcano
    return Face(
        edges=(edges[0], edges[1], edges[2], edges[3]),
        edge_area=(edge_area[0], edge_area[1], edge_area[2], edge_area[3]),
        area_land=tuple(lands),
        animal=animal,
        animal_area=animal_area,
        volcano=volcano,
    )


def _parse() -> tuple[tuple[str, ...], tuple[tuple[Face, Face], ...]]:
    ids: list[str] = []
    faces: list[tuple[Face, Face]] = []
    for line in TILE_TABLE.splitlines()[1:]:
        number, edges, animal, volcano, back = line.split()
        assert int(number) == len(ids) + 1, line
        front = face_from_edges(
            edges, "" if animal == "-" else animal, "" if volcano == "-" else volcano
        )
        ids.append(f"MO-{number}")
        faces.append((front, face_from_edges(back * 4)))
    return tuple(ids), tuple(faces)


TILE_IDS, TILE_FACES = _parse()
"""Distinctive tile ids ("MO-017") and the (front, back) faces, indexed 0..135."""
TILE_COUNT = len(TILE_IDS)
