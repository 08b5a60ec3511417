package games

// Oracle values from the research brief (../shared/research/
// chipfiring_games.md, part B), which took them from OEIS and re-derived
// them by brute force. None of them comes from this package.

// kayles100 is A002186, Kayles (0.77), n = 0..99.
var kayles100 = []int{
	0, 1, 2, 3, 1, 4, 3, 2, 1, 4,
	2, 6, 4, 1, 2, 7, 1, 4, 3, 2,
	1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
	7, 2, 1, 8, 6, 7, 4, 1, 2, 3,
	1, 4, 7, 2, 1, 8, 2, 7, 4, 1,
	2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
	4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
	6, 7, 4, 1, 2, 8, 1, 4, 7, 2,
	1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
	7, 2, 1, 8, 2, 7, 4, 1, 2, 8,
}

// kaylesCycle gives Kayles for n ≥ 71: G(n) = kaylesCycle[n mod 12].
var kaylesCycle = []int{4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}

// dawson100 is A002187, Dawson's chess (0.137, node-Kayles on paths),
// n = 0..99.
var dawson100 = []int{
	0, 1, 1, 2, 0, 3, 1, 1, 0, 3,
	3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
	0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
	5, 2, 7, 4, 0, 1, 1, 2, 0, 3,
	1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
	5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
	1, 1, 0, 4, 5, 3, 7, 4, 8, 1,
	1, 2, 0, 3, 1, 1, 0, 3, 3, 2,
	2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
	1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
}

// dawsonCycle gives 0.137 for n ≥ 52: G(n) = dawsonCycle[n mod 34].
var dawsonCycle = []int{8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4}

// kaylesOEIS returns A002186(n) for any n.
func kaylesOEIS(n int) int {
	if n < len(kayles100) {
		return kayles100[n]
	}
	return kaylesCycle[n%12]
}

// dawsonOEIS returns A002187(n) for any n.
func dawsonOEIS(n int) int {
	if n < len(dawson100) {
		return dawson100[n]
	}
	return dawsonCycle[n%34]
}
