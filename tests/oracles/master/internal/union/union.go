// Package union mirrors master/pkg/union: a struct whose pointer fields carry
// `union:"key,value"` tags is decoded by the value of key; the keys of the
// object must all be known (the key, the chosen member's fields and the
// struct's own fields), otherwise `json: unknown field "x"`.
package union

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/pkg/errors"
)

type member struct {
	index int
	field reflect.StructField
}

func members(t reflect.Type) (map[string]map[string]member, error) {
	out := map[string]map[string]member{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("union")
		if !ok {
			continue
		}
		parts := strings.Split(tag, ",")
		if len(parts) != 2 {
			return nil, errors.Errorf("invalid union tag: %s", tag)
		}
		if out[parts[0]] == nil {
			out[parts[0]] = map[string]member{}
		}
		if f.Type.Kind() != reflect.Ptr {
			return nil, errors.Errorf("%s expected to a pointer type: found %s", f.Name, f.Type.Kind())
		}
		out[parts[0]][parts[1]] = member{index: i, field: f}
	}
	return out, nil
}

func jsonNames(t reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		switch {
		case tag == "-":
			continue
		case !ok:
			tag = f.Name
		}
		out[strings.Split(tag, ",")[0]] = true
	}
	return out
}

func typeValue(data []byte, key string) (string, bool, error) {
	m := map[string]interface{}{}
	if err := json.Unmarshal(data, &m); err != nil {
		return "", false, err
	}
	raw, ok := m[key]
	if !ok {
		return "", false, nil
	}
	s, ok := raw.(string)
	if !ok {
		// The master formats the zero string here, so the message always says "got string".
		return "", false, errors.Errorf("%s must be a string: got %T", key, s)
	}
	return s, true, nil
}

// Unmarshal decodes data into the union struct pointed to by v.
func Unmarshal(data []byte, v interface{}) error {
	rv := reflect.ValueOf(v)
	known := map[string]bool{}
	ms, err := members(rv.Type().Elem())
	if err != nil {
		return err
	}
	for key, choices := range ms {
		known[key] = true
		val, present, err := typeValue(data, key)
		if err != nil {
			return err
		} else if !present {
			continue
		}
		chosen, ok := choices[val]
		if !ok {
			return errors.Errorf("unexpected %s: %s", key, val)
		}
		fv := rv.Elem().Field(chosen.index)
		if !fv.IsNil() {
			if err := json.Unmarshal(data, fv.Interface()); err != nil {
				return err
			}
		} else {
			n := reflect.New(chosen.field.Type.Elem())
			if err := json.Unmarshal(data, n.Interface()); err != nil {
				return err
			}
			fv.Set(n)
		}
		for _, other := range choices {
			if other.index != chosen.index {
				rv.Elem().Field(other.index).Set(reflect.Zero(other.field.Type))
			}
		}
		for k := range jsonNames(chosen.field.Type.Elem()) {
			known[k] = true
		}
	}
	for k := range jsonNames(rv.Type().Elem()) {
		known[k] = true
	}
	obj := map[string]interface{}{}
	if err := json.Unmarshal(data, &obj); err != nil {
		return err
	}
	for k := range obj {
		if !known[k] {
			return errors.Errorf("json: unknown field \"%s\"", k)
		}
	}
	return nil
}

func toMap(v interface{}) (map[string]interface{}, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	m := map[string]interface{}{}
	err = json.Unmarshal(b, &m)
	return m, err
}

// MarshalEx encodes a union struct as one flat object with its key.
func MarshalEx(v interface{}, allowEmpty bool) ([]byte, error) {
	out := map[string]interface{}{}
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	ms, err := members(rt)
	if err != nil {
		return nil, err
	}
	for key, choices := range ms {
		set := false
		for name, m := range choices {
			if rv.Field(m.index).IsNil() {
				continue
			}
			if set {
				return nil, errors.Errorf("%s defines a union field when one is already defined", key)
			}
			inner, err := toMap(rv.Field(m.index).Interface())
			if err != nil {
				return nil, err
			}
			for k, x := range inner {
				out[k] = x
			}
			out[key] = name
			set = true
		}
		if !set && !allowEmpty {
			return nil, errors.Errorf("no union field defined: %s", key)
		}
	}
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		tag, ok := f.Tag.Lookup("json")
		switch {
		case tag == "-":
			continue
		case !ok:
			tag = f.Name
		}
		if strings.Contains(tag, ",") {
			return nil, errors.New("advanced json tag features not support in union type marshaling")
		}
		out[tag] = rv.Field(i).Interface()
	}
	return json.Marshal(out)
}

// Marshal is MarshalEx without allowing an empty union.
func Marshal(v interface{}) ([]byte, error) { return MarshalEx(v, false) }

// Boundary is applied to an error a custom UnmarshalJSON returns as is.
// The master is built with Go 1.22, whose decoder replaces the field path of
// such a type error with its own; Go 1.24+ appends the inner path instead.
// Clearing the inner path makes a newer compiler print what Go 1.22 prints.
func Boundary(err error) error {
	if te, ok := err.(*json.UnmarshalTypeError); ok {
		te.Field = ""
	}
	return err
}
