// Package logger mirrors master/pkg/logger.Config.
package logger

import "github.com/sirupsen/logrus"

// Config is the `log` section.
type Config struct {
	Level string `json:"level"`
	Color bool   `json:"color"`
}

// DefaultConfig is the master's default.
func DefaultConfig() *Config { return &Config{Level: "info", Color: true} }

// Validate refuses a level logrus cannot parse.
func (c Config) Validate() []error {
	if _, err := logrus.ParseLevel(c.Level); err != nil {
		return []error{err}
	}
	return nil
}
