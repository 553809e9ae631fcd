package cpuid

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// On Linux, AVX2 agrees with the flags the kernel lists in /proc/cpuinfo
// (where it lists avx2 only if the processor has it and the kernel saves
// the YMM state).
func TestAVX2MatchesCPUInfo(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("/proc/cpuinfo flags: linux/amd64 only")
	}
	if !detects {
		t.Skip("built without CPU detection (purego): AVX2 is off whatever the CPU has")
	}
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	want := false
	for _, line := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(line, "flags") {
			want = strings.Contains(" "+line+" ", " avx2 ")
			break
		}
	}
	if got := avx2(); got != want {
		t.Errorf("avx2() = %v, /proc/cpuinfo lists avx2: %v", got, want)
	}
}
