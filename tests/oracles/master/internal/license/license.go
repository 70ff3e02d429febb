// Package license mirrors master/internal/license.RequireLicense as built in
// the open-source master image (no license key linked in).
package license

import "fmt"

// Enforced is true for releases whose OSS master panics in RequireLicense
// (0.35.x–0.37.0); from 0.38.0 RequireLicense does nothing. Set per request.
var Enforced bool

// RequireLicense panics like the unlicensed master does.
func RequireLicense(resource string) {
	if Enforced {
		panic(fmt.Sprintf("%s: %s", "An enterprise license is required to use this feature", resource))
	}
}
