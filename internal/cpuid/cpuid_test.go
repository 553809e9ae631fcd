package cpuid

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// cpuinfoFlags returns the flags the kernel lists for the first processor
// in /proc/cpuinfo, or skips the test where there are none to compare with.
func cpuinfoFlags(t *testing.T) map[string]bool {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("/proc/cpuinfo flags: linux/amd64 only")
	}
	if !detects {
		t.Skip("built without CPU detection (purego): the flags are off whatever the CPU has")
	}
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(line, "flags") {
			flags := map[string]bool{}
			for _, f := range strings.Fields(line[strings.IndexByte(line, ':')+1:]) {
				flags[f] = true
			}
			return flags
		}
	}
	t.Skip("no flags line in /proc/cpuinfo")
	return nil
}

// On Linux, AVX2 agrees with the flags the kernel lists in /proc/cpuinfo
// (where it lists avx2 only if the processor has it and the kernel saves
// the YMM state).
func TestAVX2MatchesCPUInfo(t *testing.T) {
	flags := cpuinfoFlags(t)
	if got, want := avx2(), flags["avx2"]; got != want {
		t.Errorf("avx2() = %v, /proc/cpuinfo lists avx2: %v", got, want)
	}
}

// On Linux, AVX512BW agrees with the avx512f and avx512bw flags of
// /proc/cpuinfo: the kernel clears every AVX-512 flag when it does not
// save the opmask and ZMM state (XCR0), and the function asks XCR0 itself.
func TestAVX512BWMatchesCPUInfo(t *testing.T) {
	flags := cpuinfoFlags(t)
	want := flags["avx512f"] && flags["avx512bw"]
	if got := avx512bw(); got != want {
		t.Errorf("avx512bw() = %v, /proc/cpuinfo lists avx512f and avx512bw: %v", got, want)
	}
}
