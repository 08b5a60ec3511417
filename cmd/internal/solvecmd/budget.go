package solvecmd

// The most literals solve reads (issue 18 item 15: a 1.5 MB gzip that
// expands to 10⁹ bytes of clauses crashed the process out of memory).
// Unless --max-literals says otherwise, the budget is the memory solve may
// use — the address-space limit when there is one, else the memory the
// system has available — over bytesPerLiteral, what holding a literal
// costs from the reader to the default portfolio's two engines (measured
// at about 65 bytes per literal of a random 3-CNF,
// benchmarks/results/memory.md). A file beyond it is refused at the
// clause that crosses it, with the budget in the message.

// bytesPerLiteral is the memory one literal of the file costs.
const bytesPerLiteral = 64

// runtimeReserve is the memory left for the program itself beyond the
// formula.
const runtimeReserve = 128 << 20

// literalBudget returns the most literals solve may read: flag when
// positive, else the budget from the memory solve may use (0: unknown, no
// limit). solve asks for it only once the file has given
// satfile.BudgetFrom literals (satfile.Options.Budget).
func literalBudget(flag int) int {
	if flag > 0 {
		return flag
	}
	mem := memoryAvailable()
	if mem <= runtimeReserve {
		return 0
	}
	return int((mem - runtimeReserve) / bytesPerLiteral)
}
