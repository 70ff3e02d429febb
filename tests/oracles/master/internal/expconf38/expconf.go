// Package expconf mirrors the 0.38 log-policy types of master/pkg/schemas/expconf.
package expconf

import (
	"encoding/json"
	"fmt"

	"github.com/pkg/errors"
)

// LogPoliciesConfigV0 is task_container_defaults.log_policies (0.38.x).
type LogPoliciesConfigV0 []LogPolicyV0

// LogPoliciesConfig is the latest version.
type LogPoliciesConfig = LogPoliciesConfigV0

// UnmarshalJSON refuses two policies with the same name.
func (b *LogPoliciesConfigV0) UnmarshalJSON(data []byte) error {
	type noMethods LogPoliciesConfigV0
	var items noMethods
	if err := json.Unmarshal(data, &items); err != nil {
		return errors.Wrapf(err, "failed to parse runtime items")
	}
	seen := map[string]bool{}
	for _, it := range items {
		if it.RawName == nil {
			continue
		}
		if seen[*it.RawName] {
			return fmt.Errorf("log_policies have duplicated names %q", *it.RawName)
		}
		seen[*it.RawName] = true
	}
	*b = LogPoliciesConfig(items)
	return nil
}

// LogPolicyV0 is one policy (0.38.x): optional name, pattern and action.
type LogPolicyV0 struct {
	RawName    *string      `json:"name,omitempty"`
	RawPattern *string      `json:"pattern,omitempty"`
	RawAction  *LogActionV0 `json:"action,omitempty"`
}

// LogActionType is cancel_retries or exclude_node.
type LogActionType string

// The two actions.
const (
	LogActionTypeCancelRetries LogActionType = "cancel_retries"
	LogActionTypeExcludeNode   LogActionType = "exclude_node"
)

// LogActionV0 is a bare action string or the legacy {type: ...} object.
type LogActionV0 struct {
	Type LogActionType
}

// UnmarshalJSON accepts {type: x} or "x".
func (s *LogActionV0) UnmarshalJSON(data []byte) error {
	var legacy struct {
		Type LogActionType `json:"type"`
	}
	err := json.Unmarshal(data, &legacy)
	if err == nil {
		switch legacy.Type {
		case LogActionTypeCancelRetries, LogActionTypeExcludeNode:
			*s = LogActionV0{Type: legacy.Type}
		default:
			return fmt.Errorf("unrecognized legacy action type: %s, data: %q", legacy.Type, string(data))
		}
		return nil
	}
	var lat LogActionType
	if err := json.Unmarshal(data, &lat); err == nil {
		switch lat {
		case LogActionTypeCancelRetries, LogActionTypeExcludeNode:
			*s = LogActionV0{Type: lat}
			return nil
		default:
			return fmt.Errorf("unrecognized action type: %s, data: %q", lat, string(data))
		}
	}
	return fmt.Errorf("failed to unmarshal log action: %w, data: %q", err, string(data))
}

// MarshalJSON writes the bare action string.
func (s LogActionV0) MarshalJSON() ([]byte, error) {
	if s.Type == LogActionTypeCancelRetries || s.Type == LogActionTypeExcludeNode {
		return json.Marshal(s.Type)
	}
	return nil, fmt.Errorf("failed to marshal LogActionV0: %+v", s)
}
