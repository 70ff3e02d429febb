"""What reading a values source finds before any rule runs: the file's bytes, its YAML, ``--set``.

These findings come from ``chartgen.yamlio`` and ``chartgen.values`` as the
sources are read; they are registered here so they are listed, explained and
configured like every other rule.
"""

from chartgen.validation.registry import explain

explain(
    "input-too-large",
    """A source larger than chartgen reads (256 KiB): chartgen stops rather than parse it.

    A values file is a few kilobytes; a file this large is most likely not a values
    file (a log, a dump, a binary) and parsing it would only waste time and memory.

    fail: ``chartgen lint backup.sql``

    fix: pass the values file meant; split generated data out of the values.
    """,
)

explain(
    "not-utf8",
    """A byte that is not text in the file's encoding, at its line and column.

    Helm reads values files as UTF-8, or UTF-16/32 when the file starts with a
    byte-order mark; any other encoding (Latin-1, Windows-1252) fails there too.

    fail: a file saved as Latin-1 holding ``é`` (byte 0xe9)

    fix: save the file as UTF-8.
    """,
)

explain(
    "yaml-syntax",
    """A YAML syntax error, or a character YAML does not allow, where the parser stopped.

    Helm cannot read the file either: ``helm install`` fails with a parse error.

    pass: ``master: {port: 8080}``
    fail: ``master: {port: 8080`` (the flow mapping is never closed)

    fix: correct the YAML at the position given; the hint says what the parser expected.
    """,
)

explain(
    "yaml-duplicate-key",
    """A key written twice in the same mapping.

    Helm (3.17 and 4) accepts the file and keeps the last value, so the earlier one
    is silently ignored: usually an edit that went to the wrong copy.

    pass: ``maxSlotsPerPod: 8``
    fail: ``maxSlotsPerPod: 8`` and, further down, ``maxSlotsPerPod: 4``

    fix: keep one (``chartgen fix --unsafe-fixes`` removes the earlier ones).
    """,
)

explain(
    "yaml-complex-key",
    """A mapping key that is itself a list or a mapping.

    Values keys are strings; Helm cannot turn such a key into one.

    pass: ``nodeSelector: {pool: gpu}``
    fail: ``? [a, b]`` as a key (a complex key)

    fix: write the key as a plain string.
    """,
)

explain(
    "yaml-merge",
    """A merge key (``<<``) whose value is not a mapping (or a list of mappings).

    Only mappings can be merged; Helm refuses the file.

    pass: ``<<: *defaults`` where ``&defaults`` anchors a mapping
    fail: ``<<: 5``

    fix: point the merge key at an anchored mapping.
    """,
)

explain(
    "yaml-alias-cycle",
    """An alias that refers to the anchor it is inside, so the value would be infinite.

    Helm refuses the file.

    fail: ``a: &x {b: *x}``

    fix: anchor a mapping that does not contain its own alias.
    """,
)

explain(
    "yaml-too-deep",
    """Values nested more levels deep than chartgen reads (200).

    A values file nests a dozen levels at most; hundreds mean a generated or
    hostile file, and reading it would exhaust the stack.

    fix: check that the file is the values file meant.
    """,
)

explain(
    "yaml-too-many-values",
    """A file that holds, or expands through aliases into, more values than chartgen reads (10,000).

    A values file holds a few hundred values; millions come from an alias "bomb" or
    a file that is not a values file, and Helm refuses excessive aliasing too.

    fail: nine anchors each aliasing the previous one nine times

    fix: write the values out, or check the file is the one meant.
    """,
)

explain(
    "yaml-invalid-character",
    """A ``\\uD800``-``\\uDFFF`` escape in a double-quoted string: half of a surrogate pair, not a character.

    No YAML or JSON reader can pass such a string on, so the master would never get it.

    fail: ``token: "\\ud83d"``

    fix: write the whole character (``"\\U0001F600"``) or the character itself.
    """,
)

explain(
    "yaml-not-a-number",
    """A bare ``.nan``, ``.inf`` or ``-.inf``: YAML's not-a-number and infinities.

    Helm turns every values file into JSON before it merges anything, and JSON has no such
    numbers: ``helm template`` refuses the file ("json: unsupported value: NaN"), even when
    the key is unknown to the chart or set again by a later file or ``--set``.

    fail: ``masterCpuRequest: .inf``

    fix: write a number, or quote the text (``".inf"``) if text is meant.
    """,
)

explain(
    "yaml-reused-anchor",
    """Warning: an anchor name defined a second time.

    Aliases after the second definition take its value, those before it the first:
    legal YAML, but the same ``*name`` then means two things in one file.

    pass: ``a: &gpu {...}`` and ``b: &cpu {...}``
    fail: ``a: &pool {...}`` and later ``b: &pool {...}``

    fix: give each anchor its own name.
    """,
)

explain(
    "yaml-warning",
    """Warning: any other warning the YAML parser gives, at its position.

    The parser's own message is not shown because it quotes the source, which may
    hold secrets.

    fix: look at the YAML at that position.
    """,
)

explain(
    "values-not-a-map",
    """A values file whose top level is not a mapping (a list, a string, a number).

    Helm merges values files as mappings of keys and refuses anything else.

    pass: ``master: {port: 8080}``
    fail: ``- master`` (a list)

    fix: make the file's top level a mapping of chart keys.
    """,
)

explain(
    "set-syntax",
    """A ``--set`` (``--set-string``, ``--set-json`` …) expression Helm's grammar refuses,
    located as ``--set:N:COL`` (the N-th flag of its kind, the column in it).

    Helm fails on the same flag, so the command would never run.

    pass: ``--set 'resourcePools[0].pool_name=gpu'``
    fail: ``--set 'resourcePools[0.pool_name=gpu'``

    fix: correct the expression; ``--set-json`` takes a JSON value after ``=``.
    """,
)

explain(
    "values-type-conflict",
    """Warning: a map replaces a scalar or list default of the chart, or the other way round.

    Helm keeps the user's value and drops the default, logging a warning nobody sees;
    a template that expects the default's shape may then render nonsense.

    pass: ``db: {name: determined}``
    fail: ``db: 5`` (also a ``wrong-type`` error)

    fix: write the value in the shape of the chart's default (``docs/values.md``).
    """,
)

explain(
    "unused-suppression",
    """Warning: a ``# chartgen: ignore[rule-id]`` comment that suppresses nothing: no finding
    of that rule on its line (or, for a comment alone on its line, the next one), or a
    name that is no rule.

    A stale suppression would silently hide the next real problem at that place.

    pass: ``password: ${DB_PASSWORD}  # chartgen: ignore[placeholder]``
    fail: ``port: 8080  # chartgen: ignore[placeholder]``

    fix: remove the comment, or name the rule reported there (``chartgen rule --list``).
    """,
)

explain(
    "not-determined-values",
    """Warning: a file named as a values file (``values`` in its name) given to ``chartgen
    lint``, none of whose top-level keys is one of the Determined chart's (every one is
    foreign, or a near-miss): another chart's values, or an umbrella chart's. It is not
    checked further. With the ``subchart`` setting, a file without that section gets this
    warning instead. Any other YAML file with none of the chart's keys (a manifest, a CI
    workflow, a chart's template) is passed by without a finding: the pre-commit hook hands
    chartgen every YAML file and chartgen decides by content which hold Determined values.

    Reporting a chart's required values missing from ingress-nginx's ``values.yaml`` would
    be false errors; saying nothing would let a misnamed Determined file pass unseen.

    pass: ``maxSlotsPerPod: 4``
    fail: ``controller: {replicaCount: 2}`` (ingress-nginx's values)

    fix: scope the hook's ``files:`` to Determined's values, or ``exclude`` the file in
    ``.chartgen.yaml``; for an umbrella chart whose ``determined:`` section holds the
    Determined chart's values, set ``subchart: determined`` in ``.chartgen.yaml`` (or
    ``--subchart determined``): the section is checked, every finding at its line.
    """,
)

explain(
    "model-refused",
    """The typed model (``chartgen.Values``, the library's ``LoadedValues.model``) refuses a value
    lint has no words for: a Python object where a value belongs, in code. Everything else it
    refuses is reported under lint's own rule for the same mistake.

    fix: give a value a values file can hold there (a string, number, boolean, list or mapping).
    """,
)
