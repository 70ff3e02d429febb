// Command kubevalidate runs the Kubernetes API server's own Go validation
// (k8s.io/kubernetes v1.28.3) over rendered objects.
//
// It reads JSON lines on stdin:
//
//	{"id": "...", "objects": [<object>...], "old": [<object>...]}
//
// or, for a manifest stream as Helm sends it (split at "---" lines, each document turned into
// JSON by sigs.k8s.io/yaml, as Helm's client does), {"id", "manifests": "...", "old_manifests": "..."}.
//
// and writes one JSON line per request, in order:
//
//	{"id": "...", "results": [{"apiVersion", "kind", "namespace", "name",
//	  "checked", "errors": [...], "update_errors": [...], "warnings": [...]}]}
//
// See FACTS.md beside this file for what it runs and what it does not.
// This is test tooling only: chartgen itself stays pure Python.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"sigs.k8s.io/yaml"
)

type request struct {
	ID           string            `json:"id"`
	Objects      []json.RawMessage `json:"objects"`
	Old          []json.RawMessage `json:"old,omitempty"`
	Manifests    string            `json:"manifests,omitempty"`
	OldManifests string            `json:"old_manifests,omitempty"`
}

// separator is where Helm's releaseutil.SplitManifests cuts a rendered stream.
var separator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

// fromManifests turns a stream into JSON objects; empty documents are skipped, as Helm skips them.
func fromManifests(stream string) ([]json.RawMessage, error) {
	var objects []json.RawMessage
	for _, doc := range separator.Split(stream, -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		data, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			return nil, err
		}
		if string(data) == "null" {
			continue
		}
		objects = append(objects, data)
	}
	return objects, nil
}

type response struct {
	ID      string    `json:"id"`
	Results []*Result `json:"results"`
	Error   string    `json:"error,omitempty"`
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 && !isBlank(line) {
			resp := handleLine(line)
			if encErr := enc.Encode(resp); encErr != nil {
				fmt.Fprintf(os.Stderr, "kubevalidate: cannot encode response: %v\n", encErr)
			}
			// One response per request line: flush so a caller driving the
			// process line by line sees each answer at once.
			out.Flush()
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "kubevalidate: reading stdin: %v\n", err)
			return
		}
	}
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

func handleLine(line []byte) (resp response) {
	resp.Results = []*Result{}
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		// Try to keep the id so the caller can match the answer.
		var idOnly struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(line, &idOnly)
		resp.ID = idOnly.ID
		resp.Error = "cannot parse request: " + err.Error()
		return resp
	}
	resp.ID = req.ID
	objects, old := req.Objects, req.Old
	if req.Manifests != "" || req.OldManifests != "" {
		var err error
		if objects, err = fromManifests(req.Manifests); err == nil {
			old, err = fromManifests(req.OldManifests)
		}
		if err != nil {
			resp.Error = "cannot read the manifests: " + err.Error()
			return resp
		}
	}
	resp.Results = ValidateRequest(objects, old)
	return resp
}
