module chartgen.test/oracles/parsequantity

go 1.22

require k8s.io/apimachinery v0.28.3

require (
	github.com/gogo/protobuf v1.3.2 // indirect
	gopkg.in/inf.v0 v0.9.1 // indirect
)
