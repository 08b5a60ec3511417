package english

import (
	"strconv"
	"strings"
)

// irregular are the plurals the rules of Plural do not give.
var irregular = map[string]string{
	"vertex":     "vertices",
	"matrix":     "matrices",
	"index":      "indices",
	"child":      "children",
	"analysis":   "analyses",
	"hypothesis": "hypotheses",
	"is":         "are",
	"was":        "were",
	"has":        "have",
	"does":       "do",
}

// Plural returns the plural of an English noun: irregular ones from a
// table (vertex, vertices), "y" after a consonant to "ies" (family),
// "es" after s, x, z, ch and sh (box, match), else "s". A noun of several
// words ("winning move") takes the plural on its last.
func Plural(noun string) string {
	head, last := "", noun
	if i := strings.LastIndexByte(noun, ' '); i >= 0 {
		head, last = noun[:i+1], noun[i+1:]
	}
	if p, ok := irregular[last]; ok {
		return head + p
	}
	switch {
	case len(last) >= 2 && last[len(last)-1] == 'y' && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		return head + last[:len(last)-1] + "ies"
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"),
		strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		return head + last + "es"
	}
	return head + last + "s"
}

// Noun returns noun for n = 1 (and -1), its plural for every other n.
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	return Plural(noun)
}

// Count returns n and the noun, singular or plural as n needs: "1 move",
// "0 moves", "12 vertices".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}
