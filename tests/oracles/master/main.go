// Command masterdecode replays how the Determined master (0.35.0–0.38.1) reads
// and checks master.yaml at start-up. It reads JSON requests, one per line, on
// stdin and writes one JSON verdict per line on stdout, in order:
//
//	in:  {"id": "...", "release": "0.38.1", "master_yaml": "...", "edition": "oss"|"ee"}
//	out: {"id": "...", "ok": bool, "stage": "yaml"|"decode"|"validate"|"panic"|"request"|"",
//	      "error": "...", "config": {...} | null}
//
// "edition" is optional: "oss" (default) is the open-source master image, in
// which 0.35.0–0.37.0 panic on features that need a license; "ee" skips that.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"masterdecode/internal/license"
	"masterdecode/internal/provconfig"
)

type request struct {
	ID         string `json:"id"`
	Release    string `json:"release"`
	MasterYAML string `json:"master_yaml"`
	Edition    string `json:"edition"`
}

type response struct {
	ID     string          `json:"id"`
	OK     bool            `json:"ok"`
	Stage  string          `json:"stage"`
	Error  string          `json:"error"`
	Config json.RawMessage `json:"config"`
}

var null = json.RawMessage("null")

func refuse(id, stage string, err string) response {
	return response{ID: id, OK: false, Stage: stage, Error: err, Config: null}
}

// handle answers one request line; it never panics.
func handle(line []byte) (resp response) {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return refuse("", "request", "invalid request: "+err.Error())
	}
	name := strings.TrimPrefix(req.Release, "v")
	rel, ok := releases[name]
	if !ok {
		return refuse(req.ID, "request", fmt.Sprintf("unknown release %q", req.Release))
	}
	switch req.Edition {
	case "", "oss":
		license.Enforced = rel.licenseEnforced
	case "ee":
		license.Enforced = false
	default:
		return refuse(req.ID, "request", fmt.Sprintf("unknown edition %q (oss or ee)", req.Edition))
	}
	provconfig.Version = name
	defer func() {
		if r := recover(); r != nil {
			resp = refuse(req.ID, "panic", fmt.Sprint(r))
		}
	}()
	conf, err := startup(rel, []byte(req.MasterYAML))
	if err != nil {
		stage := "decode"
		if se, ok := err.(*stageError); ok {
			stage = se.stage
		}
		return refuse(req.ID, stage, go122Text(err.Error()))
	}
	out, err := json.Marshal(conf)
	if err != nil {
		// The master marshals the config for its start-up log line and stops on failure.
		return refuse(req.ID, "validate", "unable to convert config to JSON: "+err.Error())
	}
	return response{ID: req.ID, OK: true, Stage: "", Error: "", Config: out}
}

// go122Text undoes the one encoding/json message change between Go 1.22 (the
// master's compiler) and Go 1.24+: the field path of a type error now names
// embedded structs; Config embeds ResourceConfig.
func go122Text(msg string) string {
	return strings.ReplaceAll(msg, "Go struct field Config.ResourceConfig.", "Go struct field Config.")
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			_ = enc.Encode(handle(line))
			if in.Buffered() == 0 {
				_ = out.Flush()
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "masterdecode: reading stdin:", err)
			return
		}
	}
}
