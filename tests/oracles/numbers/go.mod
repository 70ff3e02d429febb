module chartgen.test/oracles/numbers

go 1.22

require gopkg.in/yaml.v2 v2.4.0
