"""``go_string`` prints what Helm holds as Go's ``fmt.Sprint`` does, mappings and lists included.

The expected text is Go's own: ``fmt.Sprint`` of ``json.Unmarshal`` of the same document (how Helm
holds ``--set-json`` values), printed by go1.26.8 on this project's machine.
"""

from __future__ import annotations

import json

from chartgen.yamlio.resolve import go_string

DOCUMENT = '{"b":[1,"x",null],"a":1.0,"c":{"z":true},"A":2.5,"é":1e21}'
GO_PRINTS = "map[A:2.5 a:1 b:[1 x <nil>] c:map[z:true] é:1e+21]"


def test_a_mapping_prints_as_go_prints_it_keys_in_order() -> None:
    assert go_string(json.loads(DOCUMENT)) == GO_PRINTS


def test_a_list_prints_its_items_between_brackets() -> None:
    assert go_string([1.0, "a b", None, [True]]) == "[1 a b <nil> [true]]"
