package textdiff

// A change replaces the lines a[a0:a1] of the old text by b[b0:b1] of the
// new one; the lines between two changes are equal.
type change struct{ a0, a1, b0, b1 int }

// changes returns the changes that turn the lines a into b (given by
// their hashes), in order.
func changes(a, b []uint64) []change {
	d := &matcher{a: a, b: b}
	d.match(0, len(a), 0, len(b))
	d.pairs = append(d.pairs, [2]int{len(a), len(b)}) // sentinel
	var cs []change
	i, j := 0, 0
	for _, p := range d.pairs {
		if p[0] > i || p[1] > j {
			cs = append(cs, change{i, p[0], j, p[1]})
		}
		i, j = p[0]+1, p[1]+1
	}
	return cs
}

// A matcher finds a common subsequence of the lines a and b: the patience
// method (lines that occur once in each, matched in order, split the
// problem; equal lines at the ends of each part are matched), with a
// longest common subsequence by dynamic programming for small parts that
// have no such lines, and for large ones the equal lines on two
// diagonals. The result is correct (the pairs are equal lines, in order)
// but not always the shortest diff; it is linear in practice, where the
// new text is the old one with spans replaced.
type matcher struct {
	a, b   []uint64
	pairs  [][2]int   // matched lines, increasing in both
	counts [][3]int32 // anchors: for each distinct line, its count in a and b and its last index in b
}

// match matches the lines a[alo:ahi] with b[blo:bhi].
func (d *matcher) match(alo, ahi, blo, bhi int) {
	for alo < ahi && blo < bhi && d.a[alo] == d.b[blo] {
		d.pairs = append(d.pairs, [2]int{alo, blo})
		alo++
		blo++
	}
	n := 0
	for alo < ahi-n && blo < bhi-n && d.a[ahi-1-n] == d.b[bhi-1-n] {
		n++
	}
	ahi, bhi = ahi-n, bhi-n
	if alo < ahi && blo < bhi {
		if anchors := d.anchors(alo, ahi, blo, bhi); len(anchors) > 0 {
			for _, p := range anchors {
				d.match(alo, p[0], blo, p[1])
				d.pairs = append(d.pairs, p)
				alo, blo = p[0]+1, p[1]+1
			}
			d.match(alo, ahi, blo, bhi)
		} else if (ahi-alo)*(bhi-blo) <= maxLCS {
			d.lcs(alo, ahi, blo, bhi)
		} else {
			d.diagonals(alo, ahi, blo, bhi)
		}
	}
	for k := range n {
		d.pairs = append(d.pairs, [2]int{ahi + k, bhi + k})
	}
}

// anchors returns the longest increasing sequence of the pairs of lines
// that occur exactly once in a[alo:ahi] and once in b[blo:bhi].
func (d *matcher) anchors(alo, ahi, blo, bhi int) [][2]int {
	index := make(map[uint64]int32, ahi-alo) // line → its count in counts
	counts := d.counts[:0]
	for i := alo; i < ahi; i++ {
		k, ok := index[d.a[i]]
		if !ok {
			k = int32(len(counts))
			index[d.a[i]] = k
			counts = append(counts, [3]int32{})
		}
		counts[k][0]++
	}
	for j := blo; j < bhi; j++ {
		if k, ok := index[d.b[j]]; ok {
			counts[k][1]++
			counts[k][2] = int32(j)
		}
	}
	d.counts = counts
	// The unique pairs in the order of a, then the longest subsequence
	// increasing in b by patience sorting.
	var tops []int // index in cand of the top of each pile
	var cand [][2]int
	var prev []int // the top of the pile to the left when a card was placed
	for i := alo; i < ahi; i++ {
		c := counts[index[d.a[i]]]
		if c[0] != 1 || c[1] != 1 {
			continue
		}
		ib := int(c[2])
		k := len(cand)
		cand = append(cand, [2]int{i, ib})
		// The leftmost pile whose top is above c.ib.
		lo, hi := 0, len(tops)
		for lo < hi {
			m := (lo + hi) / 2
			if cand[tops[m]][1] < ib {
				lo = m + 1
			} else {
				hi = m
			}
		}
		p := -1
		if lo > 0 {
			p = tops[lo-1]
		}
		prev = append(prev, p)
		if lo == len(tops) {
			tops = append(tops, k)
		} else {
			tops[lo] = k
		}
	}
	if len(tops) == 0 {
		return nil
	}
	seq := make([][2]int, len(tops))
	for k, i := tops[len(tops)-1], len(seq)-1; i >= 0; k, i = prev[k], i-1 {
		seq[i] = cand[k]
	}
	return seq
}

// diagonals matches a[alo:ahi] and b[blo:bhi], too long for lcs and
// without unique lines, cheaply: the equal lines at the same distance
// from the start up to some line s, and at the same distance from the end
// after it, s chosen to match the most. This finds all the unchanged
// lines of a part where lines were replaced one for one, with at most one
// place where lines were added or removed.
func (d *matcher) diagonals(alo, ahi, blo, bhi int) {
	n := min(ahi-alo, bhi-blo)
	// front[k]: equal lines at distances < k from the start; back[k]:
	// at distances < k from the end.
	front, back := make([]int, n+1), make([]int, n+1)
	for k := range n {
		front[k+1], back[k+1] = front[k], back[k]
		if d.a[alo+k] == d.b[blo+k] {
			front[k+1]++
		}
		if d.a[ahi-1-k] == d.b[bhi-1-k] {
			back[k+1]++
		}
	}
	s := 0
	for k := range n + 1 {
		if front[k]+back[n-k] > front[s]+back[n-s] {
			s = k
		}
	}
	for k := range s {
		if d.a[alo+k] == d.b[blo+k] {
			d.pairs = append(d.pairs, [2]int{alo + k, blo + k})
		}
	}
	for k := n - s - 1; k >= 0; k-- {
		if d.a[ahi-1-k] == d.b[bhi-1-k] {
			d.pairs = append(d.pairs, [2]int{ahi - 1 - k, bhi - 1 - k})
		}
	}
}

// lcs matches a[alo:ahi] and b[blo:bhi] by their longest common
// subsequence.
func (d *matcher) lcs(alo, ahi, blo, bhi int) {
	n, m := ahi-alo, bhi-blo
	// t[i*(m+1)+j] is the length of the LCS of a[alo+i:ahi] and b[blo+j:bhi].
	t := make([]int32, (n+1)*(m+1))
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case d.a[alo+i] == d.b[blo+j]:
				t[i*(m+1)+j] = t[(i+1)*(m+1)+j+1] + 1
			default:
				t[i*(m+1)+j] = max(t[(i+1)*(m+1)+j], t[i*(m+1)+j+1])
			}
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case d.a[alo+i] == d.b[blo+j]:
			d.pairs = append(d.pairs, [2]int{alo + i, blo + j})
			i++
			j++
		case t[(i+1)*(m+1)+j] >= t[i*(m+1)+j+1]:
			i++
		default:
			j++
		}
	}
}
