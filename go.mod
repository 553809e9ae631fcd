module github.com/iriscan/iriscan

go 1.26.0

toolchain go1.26.8

require (
	github.com/emersion/go-message v0.18.2
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)
