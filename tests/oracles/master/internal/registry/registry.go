// Package registry mirrors github.com/docker/docker/api/types/registry.AuthConfig
// (docker v25.0.6, the version Determined pins).
package registry

// AuthConfig holds registry credentials.
type AuthConfig struct {
	Username      string `json:"username,omitempty"`
	Password      string `json:"password,omitempty"`
	Auth          string `json:"auth,omitempty"`
	Email         string `json:"email,omitempty"`
	ServerAddress string `json:"serveraddress,omitempty"`
	IdentityToken string `json:"identitytoken,omitempty"`
	RegistryToken string `json:"registrytoken,omitempty"`
}
