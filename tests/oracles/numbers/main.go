// Command numbers prints how Go writes a float64 where Helm writes a number: a template's %v,
// toJson (encoding/json) and go-yaml v2's Marshal, which toYaml ends in.
//
// Input: one float64 per line, as Python's repr writes it. Output: one JSON line per input:
// {"value": "<input>", "v": "<%v>", "json": "<json.Marshal>", "yaml": "<yaml.v2 Marshal>"}.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"gopkg.in/yaml.v2"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		text := strings.TrimSpace(in.Text())
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "not a float: %q\n", text)
			os.Exit(2)
		}
		asJSON, err := json.Marshal(f)
		if err != nil {
			asJSON = []byte("")
		}
		asYAML, _ := yaml.Marshal(f)
		line, _ := json.Marshal(map[string]string{
			"value": text,
			"v":     fmt.Sprintf("%v", f),
			"json":  string(asJSON),
			"yaml":  strings.TrimSuffix(string(asYAML), "\n"),
		})
		out.Write(line)
		out.WriteByte('\n')
	}
}
