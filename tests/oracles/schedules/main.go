// Command schedules answers how the Determined master reads `retention_policy.schedule`:
// `time.ParseDuration`, then `cron.ParseStandard` (github.com/robfig/cron/v3 v3.0.1), as
// `LogRetentionPolicy.Validate` does (master/pkg/model/logging_config.go, 0.35.0–0.38.1).
//
// Input: one JSON string per line. Output: one JSON line per input:
//
//	{"spec": s, "duration": {"ok": bool, "ns": int64, "error": string},
//	 "cron": {"ok": bool, "panic": bool, "bits": [6 uint64 as strings] | null,
//	          "every": int64 | null, "location": string, "error": string},
//	 "zone": {"name": string, "ok": bool} | null}
//
// "bits" are a SpecSchedule's Second, Minute, Hour, Dom, Month and Dow; "every" a
// ConstantDelaySchedule's delay in nanoseconds. "zone" is the name a TZ=/CRON_TZ= prefix names
// (when one is followed by a space) and whether time.LoadLocation finds it on this machine: the
// master finds zones in its own image, so the replay takes this answer as given.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron/v3"
)

type durationVerdict struct {
	OK    bool   `json:"ok"`
	Ns    int64  `json:"ns"`
	Error string `json:"error"`
}

type cronVerdict struct {
	OK       bool     `json:"ok"`
	Panic    bool     `json:"panic"`
	Bits     []string `json:"bits"`
	Every    *int64   `json:"every"`
	Location string   `json:"location"`
	Error    string   `json:"error"`
}

type zoneVerdict struct {
	Name string `json:"name"`
	OK   bool   `json:"ok"`
}

type answer struct {
	Spec     string          `json:"spec"`
	Duration durationVerdict `json:"duration"`
	Cron     cronVerdict     `json:"cron"`
	Zone     *zoneVerdict    `json:"zone"`
}

func parseCron(spec string) (v cronVerdict) {
	defer func() {
		if r := recover(); r != nil {
			v = cronVerdict{Panic: true, Error: fmt.Sprint(r)}
		}
	}()
	schedule, err := cron.ParseStandard(spec)
	if err != nil {
		return cronVerdict{Error: err.Error()}
	}
	switch s := schedule.(type) {
	case *cron.SpecSchedule:
		bits := []string{}
		for _, b := range []uint64{s.Second, s.Minute, s.Hour, s.Dom, s.Month, s.Dow} {
			bits = append(bits, strconv.FormatUint(b, 10))
		}
		return cronVerdict{OK: true, Bits: bits, Location: s.Location.String()}
	case cron.ConstantDelaySchedule:
		delay := int64(s.Delay)
		return cronVerdict{OK: true, Every: &delay}
	default:
		panic(fmt.Sprintf("unexpected schedule %T", schedule))
	}
}

// zone repeats the prefix handling of robfig's Parser.Parse, only to ask this machine about the name.
func zone(spec string) *zoneVerdict {
	if !strings.HasPrefix(spec, "TZ=") && !strings.HasPrefix(spec, "CRON_TZ=") {
		return nil
	}
	i := strings.Index(spec, " ")
	if i < 0 {
		return nil
	}
	name := spec[strings.Index(spec, "=")+1 : i]
	_, err := time.LoadLocation(name)
	return &zoneVerdict{Name: name, OK: err == nil}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var spec string
		if err := json.Unmarshal(in.Bytes(), &spec); err != nil {
			fmt.Fprintf(os.Stderr, "not a JSON string: %s\n", in.Text())
			os.Exit(2)
		}
		a := answer{Spec: spec, Zone: zone(spec)}
		if d, err := time.ParseDuration(spec); err != nil {
			a.Duration.Error = err.Error()
		} else {
			a.Duration = durationVerdict{OK: true, Ns: int64(d)}
		}
		a.Cron = parseCron(spec)
		line, err := json.Marshal(a)
		if err != nil {
			panic(err)
		}
		out.Write(line)
		out.WriteByte('\n')
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
