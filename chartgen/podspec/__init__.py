"""Pod specs: the Kubernetes strategic merge patch as kubectl and the Determined master apply it
(``smp``), the Pod's fields and patch keys (``patchkeys``), the checks of a spec (``podschema``)
and the pod a task gets (``preview``, ``task``). Nothing is imported here: lint's checks need
no merge engine."""
