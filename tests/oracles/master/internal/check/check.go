// Package check mirrors the Determined master's validation helpers
// (master/pkg/check): a reflective walk that calls Validate() []error on every
// value of the configuration tree, and the message formats of its helpers.
package check

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/pkg/errors"
)

// Validatable is what the walk looks for on each value (value or pointer receiver).
type Validatable interface {
	Validate() []error
}

type failed struct{ errs []error }

func (f failed) Error() string {
	msgs := make([]string, len(f.errs))
	for i, e := range f.errs {
		msgs[i] = e.Error()
	}
	sort.Strings(msgs)
	return fmt.Sprintf("Check Failed! %d errors found:\n\t%s", len(f.errs), strings.Join(msgs, "\n\t"))
}

// Validate walks v and joins every non-nil error into one, or returns nil.
func Validate(v interface{}) error {
	errs := walk(reflect.ValueOf(v), "root")
	if len(errs) == 0 {
		return nil
	}
	return failed{errs: errs}
}

func walk(v reflect.Value, path string) []error {
	var out []error
	switch v.Kind() {
	case reflect.Ptr:
		if v.IsNil() {
			return nil
		}
		out = append(out, walk(v.Elem(), path)...)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			out = append(out, walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			out = append(out, walk(v.MapIndex(k), fmt.Sprintf("%s[%s]", path, k.Interface()))...)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Field(i).CanInterface() {
				continue
			}
			out = append(out, walk(v.Field(i), fmt.Sprintf("%s.%s", path, v.Type().Field(i).Name))...)
		}
	}
	if v.Kind() != reflect.Ptr && v.IsValid() {
		p := reflect.New(v.Type())
		p.Elem().Set(v)
		if val, ok := p.Interface().(Validatable); ok {
			for _, e := range val.Validate() {
				if e != nil {
					out = append(out, errors.Wrapf(e, "error found at %s", path))
				}
			}
		}
	}
	return out
}

// --- message helpers (same texts as the master's) ---

func fail(ok bool, user []interface{}, internal ...interface{}) error {
	if ok {
		return nil
	}
	parts := []string{}
	if m := message(false, user...); m != "" {
		parts = append(parts, m)
	}
	if m := message(true, internal...); m != "" {
		parts = append(parts, m)
	}
	return errors.New(strings.Join(parts, ": "))
}

func message(fmtPointers bool, args ...interface{}) string {
	switch {
	case len(args) == 1:
		if s, ok := args[0].(string); ok {
			return s
		}
		return fmt.Sprintf("%+v", show(args[0]))
	case len(args) > 1:
		rest := make([]interface{}, 0, len(args)-1)
		for _, a := range args[1:] {
			if fmtPointers {
				rest = append(rest, show(a))
			} else {
				rest = append(rest, a)
			}
		}
		return fmt.Sprintf(args[0].(string), rest...)
	}
	return ""
}

func isNil(x interface{}) bool {
	return x == nil || (reflect.ValueOf(x).Kind() == reflect.Ptr && reflect.ValueOf(x).IsNil())
}

func showInner(orig, ind interface{}) string {
	if reflect.ValueOf(ind).Kind() == reflect.Ptr && !isNil(ind) {
		return showInner(orig, reflect.Indirect(reflect.ValueOf(ind)).Interface())
	}
	if reflect.TypeOf(orig) == reflect.TypeOf(ind) {
		return fmt.Sprintf("%+v", orig)
	}
	return fmt.Sprintf("%T(%+v)", orig, ind)
}

func show(x interface{}) string { return showInner(x, x) }

// True fails when cond is false.
func True(cond bool, msg ...interface{}) error { return fail(cond, msg, "expected true, got false") }

// False fails when cond is true.
func False(cond bool, msg ...interface{}) error { return fail(!cond, msg, "expected false, got true") }

// Equal fails unless reflect.DeepEqual(actual, expected).
func Equal(actual, expected interface{}, msg ...interface{}) error {
	return fail(reflect.DeepEqual(actual, expected), msg, "%s does not equal %s", show(actual), show(expected))
}

// NotEmpty fails on "".
func NotEmpty(s string, msg ...interface{}) error {
	return fail(len(s) > 0, msg, "%s must be non-empty", s)
}

// Match fails unless the longest match of re in s is s itself.
func Match(s, re string, msg ...interface{}) error {
	c := regexp.MustCompile(re)
	c.Longest()
	return fail(c.FindString(s) == s, msg, "%s doesn't match regex %s", s, re)
}

// In fails unless s is one of set.
func In(s string, set []string, msg ...interface{}) error {
	for _, e := range set {
		if s == e {
			return nil
		}
	}
	return fail(false, msg, "%s is not in {%v}", s, strings.Join(set, ", "))
}

// Contains fails unless actual == one of set.
func Contains(actual interface{}, set []interface{}, msg ...interface{}) error {
	for _, e := range set {
		if e == actual {
			return nil
		}
	}
	return fail(false, msg, "%s not in %s", actual, set)
}

func deref(x interface{}) (interface{}, bool) {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Ptr {
		if v.IsNil() {
			return nil, true
		}
		return v.Elem().Interface(), false
	}
	return x, false
}

func cmp(a, b interface{}) (int, bool) {
	sign := func(lt, gt bool) int {
		switch {
		case gt:
			return 1
		case lt:
			return -1
		}
		return 0
	}
	switch x := a.(type) {
	case int:
		y, ok := b.(int)
		return sign(x < y, x > y), ok
	case int8:
		y, ok := b.(int8)
		return sign(x < y, x > y), ok
	case int16:
		y, ok := b.(int16)
		return sign(x < y, x > y), ok
	case int32:
		y, ok := b.(int32)
		return sign(x < y, x > y), ok
	case int64:
		y, ok := b.(int64)
		return sign(x < y, x > y), ok
	case uint:
		y, ok := b.(uint)
		return sign(x < y, x > y), ok
	case uint8:
		y, ok := b.(uint8)
		return sign(x < y, x > y), ok
	case uint16:
		y, ok := b.(uint16)
		return sign(x < y, x > y), ok
	case uint32:
		y, ok := b.(uint32)
		return sign(x < y, x > y), ok
	case uint64:
		y, ok := b.(uint64)
		return sign(x < y, x > y), ok
	case float32:
		y, ok := b.(float32)
		return sign(x < y, x > y), ok
	case float64:
		y, ok := b.(float64)
		return sign(x < y, x > y), ok
	}
	return 0, false
}

func compareWith(actual, expected interface{}, good func(int) bool, msg []interface{}, internal ...interface{}) error {
	a, aNil := deref(actual)
	e, eNil := deref(expected)
	c, ok := cmp(a, e)
	switch {
	case aNil || eNil:
		return nil
	case !ok:
		return fail(false, msg, "incomparable types %s(%v) and %s(%v)",
			reflect.TypeOf(actual).Kind(), actual, reflect.TypeOf(expected).Kind(), expected)
	case !good(c):
		return fail(false, msg, internal...)
	}
	return nil
}

// GreaterThan fails unless actual > expected.
func GreaterThan(actual, expected interface{}, msg ...interface{}) error {
	return compareWith(actual, expected, func(c int) bool { return c > 0 }, msg,
		"%v is not greater than %v", actual, expected)
}

// GreaterThanOrEqualTo fails unless actual >= expected.
func GreaterThanOrEqualTo(actual, expected interface{}, msg ...interface{}) error {
	return compareWith(actual, expected, func(c int) bool { return c >= 0 }, msg,
		"%v is not greater than or equal to %v", actual, expected)
}

// LessThanOrEqualTo fails unless actual <= expected.
func LessThanOrEqualTo(actual, expected interface{}, msg ...interface{}) error {
	return compareWith(actual, expected, func(c int) bool { return c <= 0 }, msg,
		"%v is not less than or equal to %v", actual, expected)
}

// BetweenInclusive fails unless lower <= actual <= upper.
func BetweenInclusive(actual, lower, upper interface{}, msg ...interface{}) error {
	if err := GreaterThanOrEqualTo(actual, lower, msg...); err != nil {
		return err
	}
	return LessThanOrEqualTo(actual, upper, msg...)
}

// IsValidK8sLabel checks a Kubernetes label value.
func IsValidK8sLabel(s string, msg ...interface{}) error {
	if err := NotEmpty(s, msg...); err != nil {
		return err
	}
	if err := BetweenInclusive(len(s), 1, 63, msg...); err != nil {
		return err
	}
	return Match(s, `^[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$`, msg...)
}
