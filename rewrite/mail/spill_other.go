//go:build !linux

package mail

import (
	"errors"
	"os"
)

func openUnnamed(dir string) (*os.File, error) { return nil, errors.ErrUnsupported }
