// Package container mirrors the one Docker API type the master config uses.
package container

// NetworkMode is github.com/docker/docker/api/types/container.NetworkMode.
type NetworkMode string
