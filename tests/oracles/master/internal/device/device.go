// Package device mirrors master/pkg/device.Type.
package device

// Type is the slot type of a device.
type Type string

// Known slot types.
const (
	CPU      Type = "cpu"
	CUDA     Type = "cuda"
	ROCM     Type = "rocm"
	ZeroSlot Type = ""
)
