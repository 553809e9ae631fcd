module github.com/iriscan/iriscan/bench

go 1.26.0

toolchain go1.26.8

require (
	github.com/iriscan/iriscan v0.0.0
	golang.org/x/net v0.62.0
)

require (
	golang.org/x/text v0.43.0
	mvdan.cc/xurls/v2 v2.6.0
)

replace github.com/iriscan/iriscan => ../
