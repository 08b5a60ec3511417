package restart

// Luby returns the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
func Luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return Luby(i - (1<<(k-1) - 1))
		}
	}
}
