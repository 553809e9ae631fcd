package refang

import (
	"io"
	"unicode/utf8"
)

// A Reader refangs the text of an io.Reader as it reads it. Its Map takes
// offsets in what it returns back to offsets in what it read; a caller
// that no longer needs the offsets before some point calls Map().Forget,
// so that memory stays bounded. What it returns does not depend on how the
// underlying reader splits its input.
type Reader struct {
	r    io.Reader
	buf  []byte // buf[:ctx] already refanged (context), buf[ctx:n] not yet
	ctx  int
	n    int
	out  []byte // refanged, not yet returned: out[done:]
	done int
	eof  bool
	err  error
	src  int64 // source offset of buf[ctx]
	dst  int64 // refanged offset of the next byte appended to out
	m    Map
	f    finder
}

// NewReader returns a Reader refanging the text of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, buf: make([]byte, 32<<10)}
}

// Reset makes z read r from the start, keeping its buffers.
func (z *Reader) Reset(r io.Reader) {
	z.r, z.ctx, z.n, z.out, z.done = r, 0, 0, z.out[:0], 0
	z.eof, z.err, z.src, z.dst = false, nil, 0, 0
	z.m.Reset()
}

// Map returns the map of the replacements made so far.
func (z *Reader) Map() *Map { return &z.m }

// Read reads refanged text.
func (z *Reader) Read(p []byte) (int, error) {
	for z.done == len(z.out) {
		z.out, z.done = z.out[:0], 0
		if z.ctx == z.n && z.eof {
			if z.err != nil {
				return 0, z.err
			}
			return 0, io.EOF
		}
		if z.n-z.ctx <= lookahead+maxOld && !z.eof {
			z.fill()
			continue
		}
		z.refang()
	}
	n := copy(p, z.out[z.done:])
	z.done += n
	return n, nil
}

// refang refangs what can be decided of buf[ctx:n] into out. A scheme
// marker is found at the colon after it, so the last maxOld bytes before
// the bytes it looked at are held back for the next round, unless a marker
// took them.
func (z *Reader) refang() {
	lim := z.n
	if !z.eof {
		lim = z.n - lookahead
	}
	b := z.buf[:z.n]
	done := z.ctx
	z.f.reset(b, lim)
	for {
		i, n, out := z.f.find(done, done)
		if i < 0 {
			break
		}
		z.out = append(z.out, b[done:i]...)
		z.dst += int64(i - done)
		z.m.add(z.src+int64(i-z.ctx), z.dst, b[i:i+n], len(out))
		z.out = append(z.out, out...)
		z.dst += int64(len(out))
		z.src += int64(i + n - z.ctx)
		z.ctx = i + n
		done = z.ctx
	}
	end := lim
	if !z.eof {
		end = max(done, lim-maxOld)
	}
	z.out = append(z.out, b[done:end]...)
	z.dst += int64(end - done)
	z.src += int64(end - z.ctx)
	z.ctx = end
}

// fill reads more source, keeping the last character before ctx as the
// context of the next marker.
func (z *Reader) fill() {
	k := min(z.ctx, utf8.UTFMax)
	if d := z.ctx - k; d > 0 {
		copy(z.buf, z.buf[d:z.n])
		z.n -= d
		z.ctx = k
	}
	if z.n == len(z.buf) {
		z.buf = append(z.buf, make([]byte, len(z.buf))...)
	}
	m, err := z.r.Read(z.buf[z.n:])
	z.n += m
	if err != nil {
		z.eof = true
		if err != io.EOF {
			z.err = err
		}
	}
}
