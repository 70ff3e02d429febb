// Command parsequantity answers what k8s.io/apimachinery v0.28.3's resource.Quantity reads from
// a text as the API server receives it: the text JSON-encoded by Go's encoding/json (as Helm's
// client sends an object) and decoded by Quantity.UnmarshalJSON (which trims it and calls
// ParseQuantity).
//
// It reads JSON lines {"text": "..."} on stdin and writes one line per request, in order:
//
//	{"ok": true|false, "error": "...", "value": "<exact decimal; beyond a scale of ±400, its
//	unscaled digits and exponent: 1e2147483647>", "float": <AsApproximateFloat64, or null when
//	infinite>}
//
// Test tooling only (tests/oracles/quantities.py records its answers); chartgen stays Python.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"

	"k8s.io/apimachinery/pkg/api/resource"
)

type request struct {
	Text string `json:"text"`
}

type response struct {
	OK    bool     `json:"ok"`
	Error string   `json:"error"`
	Value string   `json:"value"`
	Float *float64 `json:"float"`
}

func answer(text string) response {
	raw, err := json.Marshal(text)
	if err != nil {
		return response{Error: "cannot encode: " + err.Error()}
	}
	var q resource.Quantity
	if err := q.UnmarshalJSON(raw); err != nil {
		return response{Error: err.Error()}
	}
	resp := response{OK: true}
	if f := q.AsApproximateFloat64(); !math.IsInf(f, 0) && !math.IsNaN(f) {
		resp.Float = &f
	}
	dec := q.AsDec()
	if scale := int64(dec.Scale()); scale >= -400 && scale <= 400 {
		resp.Value = dec.String()
	} else {
		resp.Value = dec.UnscaledBig().String() + "e" + strconv.FormatInt(-scale, 10)
	}
	return resp
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
			fmt.Fprintf(os.Stderr, "parsequantity: %v\n", err)
			os.Exit(2)
		}
		if err := enc.Encode(answer(req.Text)); err != nil {
			fmt.Fprintf(os.Stderr, "parsequantity: %v\n", err)
			os.Exit(2)
		}
		out.Flush()
	}
}
