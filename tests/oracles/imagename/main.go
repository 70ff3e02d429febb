// Command imagename answers whether the kubelet of Kubernetes v1.28.3 takes a container's image:
// k8s.io/kubernetes pkg/util/parsers.ParseImageName, which the kubelet's
// imageManager.EnsureImageExists (pkg/kubelet/images/image_manager.go, through
// applyDefaultImageTag) calls before it pulls anything, ending the container in
// InvalidImageName where it fails. It parses with github.com/docker/distribution/reference
// (v2.8.2, ParseNormalizedNamed) and github.com/opencontainers/go-digest (v1.0.0), the versions
// k8s.io/kubernetes v1.28.3 pins.
//
// It reads JSON lines {"id": "...", "image": "..."} on stdin and writes one line per request, in
// order:
//
//	{"id": "...", "ok": true|false, "name": "<repository to pull>", "tag": "...", "digest": "...",
//	 "error": "<why, after ParseImageName's `couldn't parse image name %q: `>"}
//
// Test tooling only (tests/oracles/imagenames.py records its answers); chartgen stays Python.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"k8s.io/kubernetes/pkg/util/parsers"
)

type request struct {
	ID    string `json:"id"`
	Image string `json:"image"`
}

type response struct {
	ID     string `json:"id"`
	OK     bool   `json:"ok"`
	Name   string `json:"name"`
	Tag    string `json:"tag"`
	Digest string `json:"digest"`
	Error  string `json:"error"`
}

func answer(req request) response {
	name, tag, digest, err := parsers.ParseImageName(req.Image)
	if err != nil {
		prefix := fmt.Sprintf("couldn't parse image name %q: ", req.Image)
		return response{ID: req.ID, Error: strings.TrimPrefix(err.Error(), prefix)}
	}
	return response{ID: req.ID, OK: true, Name: name, Tag: tag, Digest: digest}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintf(os.Stderr, "imagename: %v\n", err)
			os.Exit(2)
		}
		if err := enc.Encode(answer(req)); err != nil {
			fmt.Fprintf(os.Stderr, "imagename: %v\n", err)
			os.Exit(2)
		}
		out.Flush()
	}
}
