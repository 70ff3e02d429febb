"""What lint does not read, and says so: files outside the repository or the directory it walks,
files that do not exist, and values that exist only once a tool runs (templates, secrets).

These findings come from ``chartgen.gitops`` (``repo.Repo.open``, the tools' readers) and from
``chartgen.checking.discover``; they are registered here so they are listed, explained and
configured like every other rule.
"""

from chartgen.validation.registry import explain

explain(
    "values-file-outside-repository",
    """Warning: a values file a GitOps object names (an Argo CD value file, a helmfile
    ``values:`` entry) that is outside the repository: a path that climbs out with ``..``, an
    absolute path, a symbolic link whose target is outside, or a URL. It is never opened, so
    its values are not checked.

    These files arrive in pull requests, and CI lints them on a runner with its own files and
    credentials: reading ``../../home/runner/.ssh/config`` and quoting its keys in findings
    would leak them. Argo CD refuses such value files too ("resolved to outside repository
    root"); helmfile reads them, from wherever the machine running it has them.

    pass: ``values: [envs/prod/determined.yaml]``
    fail: ``values: [../../secrets/determined.yaml]``

    fix: keep the file in the repository and name it by a relative path inside it.
    """,
)

explain(
    "link-outside-directory",
    """Warning: a file under a directory given to ``chartgen lint DIR`` that is a symbolic link
    to (or through) somewhere outside that directory. It is not read.

    ``lint DIR`` checks what is in the tree it walks; a link out of it would have chartgen
    read, and quote the keys of, a file nobody asked it to look at (in CI, a file of the
    runner's). A file named on the command line is the user's choice and is read as given.

    fail: ``deploy/values.yaml -> ../../outside.yaml`` under ``chartgen lint deploy``

    fix: copy the file into the tree, or name it on the command line to lint it.
    """,
)

explain(
    "unchecked-values",
    """Warning: values a tool only knows as it runs, so chartgen cannot check them: a template
    it renders first (a helmfile ``*.gotmpl`` file or values file, ``valuesTemplate``), values
    it decrypts (helmfile ``secrets:``) or reads from the environment. Said once, at the file
    or entry; the rest of the install is checked.

    pass: ``values: [determined.yaml]``
    fail: ``values: [determined.yaml.gotmpl]``

    fix: lint the values the tool renders (``helmfile write-values``), or keep the Determined
    values in a plain file.
    """,
)

explain(
    "values-file-missing",
    """A values file a GitOps object names that does not exist (or a glob matching several):
    the tool stops there (helmfile's default ``missingFileHandler: Error``; Argo CD without
    ``ignoreMissingValueFiles``), so nothing is installed.

    pass: ``values: [envs/prod/determined.yaml]`` with that file in the repository
    fail: ``values: [envs/prd/determined.yaml]`` (a typo)

    fix: name the file as it is in the repository, or let the tool skip it
    (``missingFileHandler: Warn``; ``ignoreMissingValueFiles: true``).
    """,
)
