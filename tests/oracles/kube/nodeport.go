package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/util/validation/field"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/registry/core/service/portallocator"
)

// defaultNodePortRange is kube-apiserver's default --service-node-port-range.
const defaultNodePortRange = "30000-32767"

// nodePortEmulator emulates the part of the Service registry's allocator
// (pkg/registry/core/service/storage/alloc.go, initNodePorts) that refuses a
// requested nodePort outside the node port range or already taken. One
// emulator is shared by the objects of one request (one release), so two
// Services of a release asking for the same nodePort are refused as the
// second create would be. Ports the allocator would pick itself (nodePort
// unset) are not allocated, to keep verdicts deterministic.
type nodePortEmulator struct {
	pa *portallocator.PortAllocator
}

func newNodePortEmulator() *nodePortEmulator {
	pr, err := utilnet.ParsePortRange(defaultNodePortRange)
	if err != nil {
		panic(err)
	}
	pa, err := portallocator.NewInMemory(*pr)
	if err != nil {
		panic(err)
	}
	return &nodePortEmulator{pa: pa}
}

func (n *nodePortEmulator) allocate(obj runtime.Object) (errs field.ErrorList) {
	svc, ok := obj.(*api.Service)
	if !ok {
		return nil
	}
	if svc.Spec.Type != api.ServiceTypeNodePort && svc.Spec.Type != api.ServiceTypeLoadBalancer {
		return nil
	}
	op := portallocator.StartOperation(n.pa, false)
	defer func() {
		if len(errs) == 0 {
			op.Commit()
		}
		op.Finish()
	}()
	// as initNodePorts: the first port with a given service port number
	// allocates the nodePort requested for that number; other ports with the
	// same number and the same nodePort share it.
	svcPortToNodePort := map[int]int{}
	for i := range svc.Spec.Ports {
		sp := &svc.Spec.Ports[i]
		allocated := svcPortToNodePort[int(sp.Port)]
		if allocated == 0 {
			np := findRequestedNodePort(int(sp.Port), svc.Spec.Ports)
			if np == 0 {
				continue // the allocator would pick one
			}
			if err := op.Allocate(np); err != nil {
				return field.ErrorList{field.Invalid(field.NewPath("spec", "ports").Index(i).Child("nodePort"), np, err.Error())}
			}
			svcPortToNodePort[int(sp.Port)] = np
		} else if int(sp.NodePort) != allocated && sp.NodePort != 0 {
			if err := op.Allocate(int(sp.NodePort)); err != nil {
				return field.ErrorList{field.Invalid(field.NewPath("spec", "ports").Index(i).Child("nodePort"), sp.NodePort, err.Error())}
			}
		}
	}
	return nil
}

func findRequestedNodePort(port int, ports []api.ServicePort) int {
	for _, sp := range ports {
		if port == int(sp.Port) && sp.NodePort != 0 {
			return int(sp.NodePort)
		}
	}
	return 0
}
