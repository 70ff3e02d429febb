package main

import (
	r035 "masterdecode/internal/rel/r035/config"
	r036 "masterdecode/internal/rel/r036/config"
	r037 "masterdecode/internal/rel/r037/config"
	r038 "masterdecode/internal/rel/r038/config"
)

// release is one Determined release's start-up behaviour.
type release struct {
	// licenseEnforced: RequireLicense panics in the OSS master (0.35.0–0.37.0).
	licenseEnforced bool
	// newConfig returns the release's DefaultConfig() (a *Config).
	newConfig func() interface{}
	// resolve calls the release's Config.Resolve.
	resolve func(interface{}) error
	// shimPreemptionTimeout: 0.37.0+ moves __internal.preemption_timeout.
	shimPreemptionTimeout bool
	// shimMasterIP: 0.38.0+ renames determined_master_ip to determined_master_host.
	shimMasterIP bool
}

var (
	rel035 = &release{
		licenseEnforced: true,
		newConfig:       func() interface{} { return r035.DefaultConfig() },
		resolve:         func(c interface{}) error { return c.(*r035.Config).Resolve() },
	}
	rel036 = &release{
		licenseEnforced: true,
		newConfig:       func() interface{} { return r036.DefaultConfig() },
		resolve:         func(c interface{}) error { return c.(*r036.Config).Resolve() },
	}
	rel037 = &release{
		licenseEnforced:       true,
		newConfig:             func() interface{} { return r037.DefaultConfig() },
		resolve:               func(c interface{}) error { return c.(*r037.Config).Resolve() },
		shimPreemptionTimeout: true,
	}
	rel038 = &release{
		newConfig:             func() interface{} { return r038.DefaultConfig() },
		resolve:               func(c interface{}) error { return c.(*r038.Config).Resolve() },
		shimPreemptionTimeout: true,
		shimMasterIP:          true,
	}
)

// releases maps a release name (with or without a leading v) to its behaviour.
var releases = map[string]*release{
	"0.35.0": rel035, "0.35.1": rel035,
	"0.36.0": rel036,
	"0.37.0": rel037,
	"0.38.0": rel038, "0.38.1": rel038,
}
