"""The consumers' verdicts on one values case: Helm's render, the master's start-up, the API server.

A ``Verdict`` is what ``record.py`` stores and ``test_consumers.py`` replays: whether real
``helm template`` renders the case, whether the Determined master starts on the ``master.yaml``
it wrote (``tests/oracles/master``), and which objects the Kubernetes API server refuses
(``tests/oracles/kube``), the task pods the master builds from the values' pod specs included;
whether the bundled PostgreSQL starts with the environment Helm gave it (``postgres.py``), and
what the master's database driver makes of its ``db`` settings (``tests/oracles/masterdb``).
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tests.differential.strategy import Case as HelmCase
from tests.oracles.postgres import Postgres

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / ".tools" / "oracles"


@dataclass(frozen=True)
class Case(HelmCase):
    """A Helm-edges case (``tests/differential``) with the names Helm renders it under, and where
    it comes from: ``corpus:<release>/<name>``, ``golden:<name>`` or ``generated``."""

    release_name: str = "determined"
    namespace: str = "default"
    source: str = "generated"


@dataclass
class Verdict:
    """What the consumers made of a case. ``master`` is None when Helm refused (nothing to start)."""

    helm_refused: bool
    helm_error: str = ""
    master: dict[str, Any] | None = None
    kube: list[dict[str, Any]] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)
    checked: int = 0
    #: The bundled database's first start (``postgres.py``), with the ``PGPORT`` it was given;
    #: None without one (``db.hostAddress``) or where nothing rendered.
    postgres: dict[str, Any] | None = None
    #: The master's database connection (``masterdb``): the ``given`` settings as the master
    #: holds them, and the driver's ``connect``, ``lookup`` and ``migrate`` answers; None where
    #: the master does not start.
    database: dict[str, Any] | None = None

    @property
    def master_refuses(self) -> bool:
        return self.master is not None and not self.master["ok"]

    @property
    def refused_by(self) -> list[str]:
        """Who refuses what Helm wrote, one entry per consumer and object."""
        found = [f"helm: {self.helm_error}"] if self.helm_refused else []
        if self.master_refuses:
            assert self.master is not None
            found.append(f"master ({self.master['stage']}): {self.master['error'][:300]}")
        found += [f"api server, {k['object']}: {_errors(k['errors'])}" for k in self.kube]
        found += [f"api server, {t['pod']}: {_errors(t['errors'])}" for t in self.tasks]
        found += _postgres_refuses(self.postgres, self.database)
        found += _database_refuses(self.database)
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "helm": {"refused": self.helm_refused, "error": self.helm_error},
            "master": self.master,
            "kube": self.kube,
            "tasks": self.tasks,
            "checked": self.checked,
            "postgres": self.postgres,
            "database": self.database,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        helm = data["helm"]
        return cls(
            helm["refused"],
            helm["error"],
            data["master"],
            data["kube"],
            data["tasks"],
            data["checked"],
            data.get("postgres"),  # recordings made before these consumers were replayed lack them
            data.get("database"),
        )


def _postgres_refuses(postgres: dict[str, Any] | None, database: dict[str, Any] | None) -> list[str]:
    """The bundled database refuses to start, or listens elsewhere than the master connects
    (the master's port and its Service's are the same bare text, read by go-yaml alike)."""
    if postgres is None:
        return []
    if not postgres["ok"]:
        return [f"postgres ({postgres['stage']}): PGPORT {postgres['pgport']!r}: {postgres['error'][:300]}"]
    connect = (database or {}).get("connect") or {}
    if connect.get("ok") and connect["port"] != postgres["port"]:
        return [
            f"postgres: listens on port {postgres['port']} (PGPORT {postgres['pgport']!r}), the master "
            f"connects to {connect['port']}"
        ]
    return []


def _database_refuses(database: dict[str, Any] | None) -> list[str]:
    """The master's driver refuses the URL it builds, Go's resolver the host name, or the driver
    reads another user, password, database, host or port than the settings hold."""
    if database is None:
        return []
    given, connect, lookup, migrate = (database[k] for k in ("given", "connect", "lookup", "migrate"))
    found = []
    if not connect["ok"] and connect["root_cert"] != "unread":
        found.append(
            f"master (database): the driver refuses the URL the master builds: {connect['error'][:300]}"
        )
    if connect["ok"]:
        read = {"user": connect["user"], "password": connect["password"], "database": connect["database"]}
        meant = {"user": given["user"], "password": given["password"], "database": given["name"]}
        found += [
            f"master (database): the driver reads the URL's {name} as another than db.{name}"
            for name in read
            if read[name] != meant[name]
        ]
        if connect["host"] != given["host"] or (given["port"] and str(connect["port"]) != given["port"]):
            found.append(
                f"master (database): the driver connects to {connect['host']!r} port {connect['port']}, not "
                f"{given['host']!r} port {given['port']!r}"
            )
    if lookup["refused"]:
        found.append(
            f"master (database): Go's resolver gives {lookup['refused']} no address without asking DNS"
        )
    if not migrate["ok"]:
        found.append(f"master (database migrations): go-pg refuses the URL: {migrate['error'][:300]}")
    elif migrate["dial_port"] <= 0:
        found.append(
            f"master (database migrations): go-pg dials {migrate['addr']!r}, port {migrate['dial_port']}"
        )
    return found


def _errors(errors: list[dict[str, Any]]) -> str:
    return "; ".join(f"{e['field']}: {e['detail']}" for e in errors)[:300]


def answers(binary: str, requests: Sequence[Any], *, timeout: float = 600) -> list[dict[str, Any]]:
    """A line oracle's answer to each JSON request, in one run over all of them (a recording).

    Answers are split at newlines only: Go's JSON writes characters such as U+0085 unescaped,
    which ``str.splitlines`` would also split at."""
    done = subprocess.run(
        [binary],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    )
    found = [json.loads(line) for line in done.stdout.split("\n") if line]
    said = [r.get("id") if isinstance(r, dict) else None for r in requests]
    assert [a.get("id") for a in found] == said, f"the oracle answered out of turn: {done.stderr[-2000:]}"
    return found


class LineProcess:
    """A long-running oracle that answers one JSON line per JSON line."""

    def __init__(self, binary: Path, env: dict[str, str] | None = None) -> None:
        if not binary.exists():
            raise FileNotFoundError(f"{binary} is not built: run `make oracles`")
        self.process = subprocess.Popen(
            [str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def helm_template(case: Case, helm: str, chart: str) -> tuple[str | None, str]:
    """The manifest stream real ``helm template`` writes, or None and its error."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [helm, "template", case.release_name, chart, "--namespace", case.namespace]
        for index, text in enumerate(case.files):
            path = Path(tmp) / f"values-{index}.yaml"
            path.write_text(text)
            argv += ["-f", str(path)]
        done = subprocess.run(argv + case.flags(), capture_output=True, text=True, timeout=60, check=False)
    if done.returncode:
        # The values files' directory is named anew each run: the record names it alike.
        lines = done.stderr.replace(tmp, "VALUES").strip().splitlines()
        return None, lines[-1] if lines else "refused"
    return done.stdout, ""


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader that reads a local tag (``!tag``, which Helm passes through from the
    values) as the untagged node, as the API server's reader does."""


def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(node)  # type: ignore[arg-type]


_Loader.add_multi_constructor("!", _untagged)


def _documents(stream: str) -> list[Any]:
    """Each document PyYAML reads, one at a time: Helm writes what go-yaml takes and PyYAML
    refuses (a tab inside a plain scalar, ``port: a\tb``); such an object is left to the
    API server's oracle, which reads the stream itself."""
    found = []
    for text in re.split(r"^---[ \t]*$", stream, flags=re.MULTILINE):
        try:
            found += [doc for doc in yaml.load_all(text, Loader=_Loader) if doc is not None]
        except yaml.YAMLError:
            continue
    return found


def master_yaml(stream: str) -> tuple[str, str]:
    """``master.yaml`` from the master's config Secret, and the master's edition (from its image)."""
    text, edition = "", "oss"
    for doc in _documents(stream):
        if not isinstance(doc, dict):
            continue
        name = str((doc.get("metadata") or {}).get("name", ""))
        if doc.get("kind") == "Secret" and name.startswith("determined-master-config"):
            text = str((doc.get("stringData") or {}).get("master.yaml", ""))
        if doc.get("kind") == "Deployment" and name.startswith("determined-master-deployment"):
            containers = ((doc.get("spec") or {}).get("template") or {}).get("spec", {}).get(
                "containers"
            ) or []
            if any("hpe-mlde-master" in str(c.get("image", "")) for c in containers):
                edition = "ee"
    return text, edition


def _context(case: Case) -> Any:
    """chartgen's reading of the case (a validation ``Context``), or None where it cannot read it."""
    from chartgen.api import ChartgenError, UsageError, ValuesText, load_values
    from chartgen.validation.registry import Context
    from chartgen.values.load import SetFlags

    flags = SetFlags(set=list(case.set), set_string=list(case.set_string), set_json=list(case.set_json))
    sources = [ValuesText(text, f"values-{index}.yaml") for index, text in enumerate(case.files)]
    try:
        loaded = load_values(sources, app_version=case.release, flags=flags)
    except (ChartgenError, UsageError):
        return None
    return Context(loaded, case.release_name, case.namespace)


def task_pods(ctx: Any) -> list[tuple[str, dict[str, Any]]]:
    """The pods the master builds for each pool's tasks, as chartgen models the master's merge,
    in the namespace the master creates them in: ``resource_manager.default_namespace`` as the
    chart writes it (``coalesce`` of ``resourceManager.defaultNamespace`` and the release
    namespace; kubernetesrm creates a task's pod there when its workspace names none). Where the
    values set that namespace but no pod spec, the plainest task pod carries it."""
    from chartgen.validation.rules.apiserver import task_pods as build
    from chartgen.yamlio.resolve import go_string

    manager = ctx.values.get("resourceManager")
    chosen = manager.get("defaultNamespace") if isinstance(manager, dict) else None
    namespace = go_string(chosen) if chosen not in (None, "", 0, False, [], {}) else ctx.namespace
    try:
        pods = [(title, obj) for title, obj, _ in build(ctx)]
    except Exception:
        pods = []
    if not pods and namespace != ctx.namespace:
        container = {"name": "determined-container", "image": "determined-task-image"}
        spec = {"containers": [container], "restartPolicy": "Never"}
        pods = [
            (
                "a task pod",
                {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "determined-task"}, "spec": spec},
            )
        ]
    for _, pod in pods:
        pod["metadata"]["namespace"] = namespace
    return pods


def own_objects(ctx: Any, stream: str) -> list[dict[str, Any]] | str:
    """What chartgen renders beyond the upstream chart (the Ingress it offers), for the API server;
    or why chartgen's templates refuse the values where Helm's render them (its own additions
    have requirements of their own: an Ingress's TLS Secret)."""
    from chartgen.rendering.chart import render
    from chartgen.rendering.engine import ReleaseInfo

    def key(doc: Any) -> tuple[str, str]:
        return str(doc.get("kind")), str((doc.get("metadata") or {}).get("name"))

    upstream = {key(doc) for doc in _documents(stream) if isinstance(doc, dict)}
    try:
        manifests = render(ctx.values, ReleaseInfo(ctx.release_name, ctx.namespace, ctx.release))
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    found = []
    for manifest in manifests:
        (doc,) = _documents(manifest.text) or [None]
        if isinstance(doc, dict) and key(doc) not in upstream:
            found.append(doc)
    return found


class Oracles:
    """Both consumers, started once for a whole recording."""

    def __init__(self, helm: str, charts: str) -> None:
        self.helm, self.charts = helm, charts
        self.master = LineProcess(TOOLS / "masterdecode")
        self.kube = LineProcess(TOOLS / "kubevalidate")
        self.images = LineProcess(TOOLS / "imagename")
        # The master's container: no PG* variables, nothing in the home directory (masterdb).
        self.home = tempfile.TemporaryDirectory()
        self.database = LineProcess(TOOLS / "masterdb", env={"HOME": self.home.name, "PATH": "/usr/bin:/bin"})
        self.postgres = Postgres()

    def judge(self, case: Case) -> Verdict:
        stream, error = helm_template(case, self.helm, self.charts.format(release=case.release))
        if stream is None:
            return Verdict(True, error)
        text, edition = master_yaml(stream)
        master = self.master.ask({"id": "", "release": case.release, "master_yaml": text, "edition": edition})
        config = master["config"]
        master = {"ok": master["ok"], "stage": master["stage"], "error": master["error"], "edition": edition}
        answer = self.kube.ask({"id": "", "manifests": stream})
        if answer.get("error"):
            return Verdict(False, "", master, [{"object": "<stream>", "errors": [_field(answer["error"])]}])
        kube = [
            {
                "object": f"{r['kind']} {r['namespace']}/{r['name']}",
                "errors": [_short(e) for e in r["errors"]],
            }
            for r in answer["results"]
            if r["errors"]
        ]
        checked = sum(1 for r in answer["results"] if r["checked"])
        kube += self.kubelet(_documents(stream))
        tasks = []
        ctx = _context(case)
        if ctx is not None:
            own = own_objects(ctx, stream)
            if isinstance(own, str):
                kube.append({"object": "<chartgen's own templates>", "errors": [_field(own)]})
            for result in (
                [] if isinstance(own, str) else self.kube.ask({"id": "", "objects": own})["results"]
            ):
                checked += result["checked"]
                if result["errors"]:
                    name = f"{result['kind']} {result['namespace']}/{result['name']} (chartgen's own)"
                    kube.append({"object": name, "errors": [_short(e) for e in result["errors"]]})
            for title, pod in task_pods(ctx):
                (result,) = self.kube.ask({"id": "", "objects": [pod]})["results"]
                checked += 1
                if result["errors"]:
                    tasks.append({"pod": title, "errors": [_short(e) for e in result["errors"]]})
                tasks += [{"pod": f"{title} (kubelet)", "errors": [_field(d)]} for d in self.unparsable(pod)]
        tasks += self.task_images(config)
        database = None
        if master["ok"] and isinstance(config, dict):
            settings = config["db"]
            given = {
                k: str(settings.get(k) or "")
                for k in ("host", "port", "user", "password", "name", "ssl_mode", "ssl_root_cert")
            }
            answer = self.database.ask({"id": "", "db": given})
            database = {  # what the judge reads of it (``_database_refuses``)
                "given": {k: given[k] for k in ("host", "port", "user", "password", "name")},
                "connect": {**answer["connect"], "error": answer["connect"]["error"][:300]},
                "lookup": {"refused": answer["lookup"]["refused"]},
                "migrate": {k: answer["migrate"][k] for k in ("ok", "error", "addr", "dial_port")},
            }
        postgres = None
        env = bundled_database_env(stream)
        if env is not None:
            postgres = {**self.postgres.first_start(env), "pgport": env.get("PGPORT", "")}
        return Verdict(False, "", master, kube, tasks, checked, postgres, database)

    def kubelet(self, objects: list[Any]) -> list[dict[str, Any]]:
        """What the kubelet refuses of pods the API server stored: a Secret or ConfigMap volume
        that is not optional and names an object no one can create (the API server refuses its
        name) never mounts, so the pod never starts (``pkg/volume/secret/secret.go`` and
        ``configmap.go`` ``SetUpAt``, Kubernetes v1.28.3); a claim no one can create leaves the pod
        unschedulable (the scheduler's ``volumebinding`` PreFilter: ``persistentvolumeclaim "x" not
        found``). An image pull secret that cannot exist is passed over (``kubelet_pods.go``
        ``getPullSecretsForPod``): no refusal. An image it cannot parse: ``unparsable``."""
        found = []
        for obj in objects:
            title = (
                f"{obj.get('kind')} {(obj.get('metadata') or {}).get('name')}"
                if isinstance(obj, dict)
                else ""
            )
            found += [{"object": f"{title} (kubelet)", "errors": [_field(d)]} for d in self.unparsable(obj)]
            for where, kind, name in _volume_references(obj):
                probe = {"apiVersion": "v1", "kind": kind, "metadata": {"name": name, "namespace": "default"}}
                (result,) = self.kube.ask({"id": "", "objects": [probe]})["results"]
                if any(e["field"].startswith("metadata.name") for e in result["errors"]):
                    detail = f"no {kind} can be named {name!r}, so the volume never mounts and the pod never starts"
                    who = "scheduler" if kind == "PersistentVolumeClaim" else "kubelet"
                    found.append({"object": f"{where} ({who})", "errors": [_field(detail)]})
        return found

    def unparsable(self, obj: Any) -> list[str]:
        """Each image of a pod or pod template that ``parsers.ParseImageName`` refuses (the
        ``imagename`` oracle): the kubelet leaves the container waiting with ``InvalidImageName``
        (``imageManager.EnsureImageExists``, ``pkg/kubelet/images/image_manager.go``). A task
        pod's ``determined-container`` gets the task image from the master (``task_images``)."""
        found = []
        pod = _pod_spec(obj)
        for container in [*(pod.get("initContainers") or []), *(pod.get("containers") or [])]:
            if not isinstance(container, dict) or container.get("name") == "determined-container":
                continue
            image = container.get("image")
            answer = self.images.ask({"id": "", "image": image}) if isinstance(image, str) else {"ok": True}
            if not answer["ok"]:
                found.append(
                    f"image {image!r}: {answer['error']} (InvalidImageName), so the container never starts"
                )
        return found

    def task_images(self, config: dict[str, Any] | None) -> list[dict[str, Any]]:
        """The kubelet's refusal of the images tasks start in, from the master's decode: a task
        runs on its manager's ``slot_type`` or, without slots, on ``cpu`` (``createSpec``,
        ``kubernetesrm/spec.go``), in its pool's image of that device, else the top-level one
        (``TaskContainerDefaultsConfig.Merge``, which skips empty fields), in all releases."""
        if not config:
            return []
        top = (config.get("task_container_defaults") or {}).get("image") or {}
        managers = [(config.get("resource_manager") or {}, config.get("resource_pools"))]
        managers += [
            (extra.get("resource_manager") or {}, extra.get("resource_pools"))
            for extra in config.get("additional_resource_managers") or []
        ]
        found, seen = [], set()
        for manager, pools in managers:
            if manager.get("type") != "kubernetes":
                continue
            for pool in pools or [{}]:
                own = (pool.get("task_container_defaults") or {}).get("image") or {}
                for device in dict.fromkeys(("cpu", manager.get("slot_type"))):
                    image = own.get(device) or top.get(device)
                    if image and image not in seen:
                        seen.add(image)
                        answer = self.images.ask({"id": "", "image": image})
                        if not answer["ok"]:
                            what = f"the {device} task image of pool {pool.get('pool_name')} (kubelet)"
                            detail = f"image {image!r}: {answer['error']} (InvalidImageName), so its tasks never start"
                            found.append({"pod": what, "errors": [_field(detail)]})
        return found

    def close(self) -> None:
        self.master.close()
        self.kube.close()
        self.images.close()
        self.database.close()
        self.home.cleanup()


#: The environment of the bundled database that its image reads (``docker-entrypoint.sh``).
_DATABASE_ENV = ("PGPORT", "POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB")


def bundled_database_env(stream: str) -> dict[str, str] | None:
    """The environment the kubelet gives the bundled database's container (``PGPORT``,
    ``POSTGRES_*``; a null value is the empty string), or None where the chart runs none."""
    for doc in _documents(stream):
        if not isinstance(doc, dict) or doc.get("kind") != "Deployment":
            continue
        if not str((doc.get("metadata") or {}).get("name", "")).startswith("determined-db-deployment"):
            continue
        for container in _pod_spec(doc).get("containers") or []:
            env = {e.get("name"): e.get("value") for e in container.get("env") or [] if isinstance(e, dict)}
            return {
                name: "" if env[name] is None else str(env[name]) for name in _DATABASE_ENV if name in env
            }
    return None


def _volume_references(obj: Any) -> list[tuple[str, str, str]]:
    """(object, kind, name) of each Secret, ConfigMap and claim a pod or pod template mounts,
    unless optional."""
    pod = _pod_spec(obj)
    if not pod:
        return []
    where = f"{obj.get('kind')} {(obj.get('metadata') or {}).get('name')}"
    found = []
    for volume in pod.get("volumes") or []:
        if not isinstance(volume, dict):
            continue
        for key, kind, field_name in (
            ("secret", "Secret", "secretName"),
            ("configMap", "ConfigMap", "name"),
            ("persistentVolumeClaim", "PersistentVolumeClaim", "claimName"),
        ):
            source = volume.get(key)
            if isinstance(source, dict) and not source.get("optional") and source.get(field_name):
                found.append((where, kind, str(source[field_name])))
    return found


def _pod_spec(obj: Any) -> dict[str, Any]:
    """The pod spec of a Pod, or of another kind's pod template; empty for anything else."""
    if not isinstance(obj, dict):
        return {}
    spec = obj.get("spec") or {}
    pod = spec if obj.get("kind") == "Pod" else ((spec.get("template") or {}).get("spec") or {})
    return pod if isinstance(pod, dict) else {}


def _field(detail: str) -> dict[str, str]:
    return {"type": "Stream", "field": "", "detail": detail}


def _short(error: dict[str, Any]) -> dict[str, str]:
    return {"type": error["type"], "field": error["field"], "detail": error["detail"][:300]}
