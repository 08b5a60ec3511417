// Package satfile reads and writes the text formats of SAT and its
// neighbours: DIMACS CNF, OPB (pseudo-Boolean, PB06/PB07) and WCNF
// (weighted MaxSAT, pre-2022 and 2022 dialects), into and from a
// *sat.Formula, and iCNF (a formula with cubes, for cube-and-conquer).
// The package was called dimacs until it read more than DIMACS; its name
// says what it holds: the files of SAT solving.
//
// Read takes any io.Reader and returns a Problem: the formula, the format,
// the input's own header and the warnings. ReadFile opens a path ("-" is
// standard input). WriteCNF and WriteOPB write a formula back; reading
// their output gives the same formula.
//
// # Invariants
//
//   - The library never prints, exits or panics on input data. A defect
//     is returned as a *ParseError "FILE:LINE:COL: message" whose Err
//     unwraps to a sentinel (ErrSyntax, ErrCount, …) for errors.Is.
//     Warnings are ParseErrors too, returned in Problem.Warnings.
//   - Input is read as a stream in 64 KiB chunks; nothing is sized from a
//     header's numbers beyond a small cap, so "p cnf 3 9000000000" costs
//     nothing. Variable counts and literals above sat.MaxVar are refused,
//     and so are coefficient and weight sums beyond sat.MaxCoefSum.
//   - Every literal of the formula lies in 1..Formula.NumVars, and
//     NumVars is at least the header's variable count unless that exceeds
//     the input's literal occurrences plus DenseSlack (2^20): such a
//     header is not believed, and NumVars is the largest variable used. A literal beyond it (p cnf 1 1 /
//     2147483647 0) makes the reader renumber the variables that occur
//     densely, in increasing order; Problem.Names maps them back. So no
//     backend is ever sized by a number the input merely states (dense.go).
//   - Compression is recognised by magic bytes, never by file name: gzip
//     (1f 8b), bzip2 ("BZh") and xz (fd 37 7a 58 5a 00). Zstandard is
//     recognised and refused. The one allocation an input can size is the
//     xz dictionary, which each xz block declares (8 MiB by default, 64 MiB
//     for "xz -9", up to 4 GiB by the xz format) and the decoder allocates
//     whole: a guard follows the xz structure and refuses any block that
//     declares more than Options.XZDictCap (DefaultXZDictCap, 64 MiB,
//     unless raised) with ErrXZDict before the decoder sees it.
//   - A defect that the tolerant mode accepts is a warning of the same
//     class as the error the strict mode returns for it.
//
// # Recognising the format
//
// With Options.Format Auto, the first line that is neither blank nor a 'c'
// comment decides: '*', "min:" or a line with ';' or '=' is OPB; "p wcnf"
// or a line starting with 'h' is WCNF; a "p" line or anything but an
// integer is CNF. A first line of bare integers is WCNF if a line starting
// with 'h' follows within the first 64 KiB, and CNF if a line there rules
// out the 2022 WCNF dialect (it starts with '-', '+' or a lone 0, which no
// weight can be, or a clause does not end on its line, or a header
// follows). When every line could be a soft clause "weight literals 0" as
// well as a headerless CNF clause, the content cannot tell, and the file's
// name decides (FormatOfName: Options.File ending in .cnf, .wcnf or .opb,
// in any case, after a compression suffix such as .xz); without such a
// name (standard input, x.txt) Read refuses to guess (ErrNoHeader at the
// first such line): name the format. The name never overrules the
// content.
//
// Lines end with LF, CR LF, or CR alone (a first chunk with carriage
// returns and no line feed is read with every CR as a line end).
//
// # CNF: tolerant and strict
//
// The tolerant mode (the default) follows the original 1993 DIMACS
// grammar, in which line breaks are ordinary whitespace, and accepts the
// quirks of the public benchmark libraries. The strict mode accepts the
// SAT-competition dialect: optional comment lines, then "p cnf V C", then
// exactly C clauses, each made of literals in ±1..V and ending with 0 on
// the line where it starts (several clauses may share a line).
//
//	input                                   tolerant                   strict
//	'c' comment lines, indented too         yes                        yes
//	'c' after tokens on a line (1 2 0 c x)  comment to end of line,    ErrSyntax
//	                                        warning ErrSyntax
//	blank lines, tabs, CR/LF, CR alone      yes                        yes
//	UTF-8 byte-order mark                   skipped, warning ErrSyntax ErrSyntax
//	'+' sign on a literal (+1)              yes, warning ErrSyntax     ErrSyntax
//	uppercase "P CNF"                       yes, warning ErrHeader     ErrHeader
//	extra blanks in the header              yes                        yes
//	no header                               warning ErrNoHeader        ErrNoHeader
//	header after clauses                    warning ErrNoHeader        ErrNoHeader
//	literal above the header's V            warning ErrVarRange,       ErrVarRange
//	                                        NumVars grows
//	clause count ≠ header's C               warning ErrCount           ErrCount
//	clause spanning lines (SATLIB ii, par)  yes, warning               ErrUnterminated
//	                                        ErrUnterminated
//	last clause without 0 at the end        closed, warning            ErrUnterminated
//	                                        ErrUnterminated
//	'%' starting a line (SATLIB uf/uuf)     ends the input, warning    ErrEndMarker
//	                                        ErrEndMarker
//	lone 0                                  the empty clause           the empty clause
//	lone 0 last, count = C+1 (SATLIB pret)  empty clause, warning      ErrCount
//	                                        ErrTrailingZero
//	dubois100 line defect (see below)       repaired, warning          ErrUnterminated
//	                                        ErrUnterminated
//	duplicate or complementary literals     kept as written            kept as written
//
// Every quirk the tolerant mode accepts is reported. Those that can recur
// on every line (a '+' sign, a comment after tokens, a clause spanning
// lines) give one warning per kind, at the first occurrence, whose message
// ends with the number of occurrences.
//
// Both modes reject: a second 'p' line (ErrHeaderTwice); a malformed or
// negative header (ErrHeader); a header for another format, such as
// "p wcnf" or "p inccnf" (ErrWrongFormat, naming the format); XOR lines
// 'x' and QDIMACS quantifier lines 'a'/'e' (ErrUnsupported); any
// non-integer token, "-0" and stray characters (ErrSyntax); and
// variable counts or literals above sat.MaxVar = 2^31-1 (ErrTooLarge).
//
// The dubois repair. SATLIB's dubois100.cnf has 202 of its 800 lines
// without their terminating 0; read by the grammar, neighbouring lines merge
// into tautologies and the unsatisfiable formula becomes satisfiable. The
// tolerant reader therefore repairs exactly this pattern: when the clause
// count disagrees with the header, and splitting at every line that ended
// inside a clause would give exactly the header's count, each such line is
// read as a terminated clause (with a warning). Files whose clauses legally
// span lines (SATLIB ii*, par*, hole9) match their header as read, and are
// never split.
//
// # WCNF
//
// The pre-2022 dialect has a "p wcnf V C [TOP]" header, and every clause
// starts with its weight; weights of at least TOP mark hard clauses, and
// without TOP every clause is soft. The 2022 dialect has no header: hard
// clauses start with 'h', soft clauses with their weight. Weights are
// integers of at least 1 (ErrWeight otherwise), and the soft weights must
// sum to at most sat.MaxCoefSum (sat.ErrCoefRange). Comments, '%', the
// tolerant/strict rules for clause layout and the header checks are those
// of CNF.
//
// The problem becomes a sat.Formula to minimise: hard clauses are clauses;
// a soft unit clause (l) of weight w becomes the objective term w·¬l; any
// other soft clause C becomes the clause C ∨ r with a fresh relaxation
// variable r and the term w·r. Relaxation variables are numbered after
// the file's own variables, in order, so Problem.OrigVars tells which
// variables a model should print. The objective is non-nil, possibly
// empty.
//
// # OPB
//
// Read accepts the linear PB06/PB07 format: the header comment
// "* #variable= N #constraint= M" (first line; the tolerant mode also takes
// it from any comment line before the first constraint), '*' comments, an
// optional objective "min: <terms> ;" and constraints
// "<terms> (>= | <= | =) <integer> ;", where a term is "<integer> x<i>" or
// "<integer> ~x<i>" and tokens are separated by any whitespace, so
// constraints may span lines and lines have no length limit. The "<="
// comparison and the empty sum (which WriteOPB emits for the empty clause)
// go beyond PB07. The tolerant mode warns about a header on a later comment
// line (ErrNoHeader) and an objective after constraints (ErrSyntax). Products of literals (non-linear terms) and "max:" are
// refused with ErrUnsupported; every constraint and the objective must
// satisfy sat.PB.Validate (sat.ErrCoefRange otherwise). The header checks
// (ErrNoHeader, ErrCount, ErrVarRange) are warnings in tolerant mode and
// errors in strict mode, where the objective must also come first.
package satfile
