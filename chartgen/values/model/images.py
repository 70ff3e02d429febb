"""``defaultImages``: the images the chart runs besides the master's own."""

from __future__ import annotations

from chartgen.releases import SUPPORTED, task_image
from chartgen.values.model.base import PerRelease, Section, config, field

_TASK_IMAGES = PerRelease({release: task_image(release) for release in SUPPORTED})


class DefaultImages(Section):
    model_config = config("chart", where="defaultImages")

    postgreSQL: str | None = field(
        "Image of the PostgreSQL database the chart deploys when db.hostAddress is unset.",
        "postgres:10.14",
        values_yaml=True,
    )
    kubeScheduler: str | None = field(
        "Image of the coscheduler (gang-scheduling kube-scheduler) deployed for defaultScheduler: coscheduler.",
        "k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.18.9",
        values_yaml=True,
    )
    kubeSchedulerPreemption: str | None = field(
        "Image of the priority-preemption kube-scheduler deployed for defaultScheduler: preemption.",
        "determinedai/kube-scheduler:0.17.0",
        values_yaml=True,
        change="preemption-scheduler",
    )
    cpuImage: str | None = field(
        "Default task image for CPU tasks, unless taskContainerDefaults.cpuImage is set.",
        _TASK_IMAGES,
        values_yaml=True,
    )
    gpuImage: str | None = field(
        "Default task image for CUDA GPU tasks, unless taskContainerDefaults.gpuImage is set.",
        _TASK_IMAGES,
        values_yaml=True,
    )
    rocmImage: str | None = field(
        "Default task image for ROCm GPU tasks, unless taskContainerDefaults.rocmImage is set.",
        "determinedai/environments:rocm-5.6-pytorch-1.3-tf-2.10-rocm-mpich-0736b6d",
        values_yaml=True,
        change="rocm-image",
    )
