//go:build !linux

package memlimit

import "errors"

const supported = false

func setLimit(int64) error { return errors.New("address-space limits need Linux") }
