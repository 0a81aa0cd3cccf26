// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
// (force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\rm`, `r"m"`, `r\<newline>m`,
// `rm${IFS}-rf`, `{rm,-rf,/}`, `rm>x -rf`, inside `$(...)`, backticks, `bash -c "..."`, after
// `;`, `&&`, `|` or a newline. A flag spelled with an expansion (`rm -r$F`) counts as both.
// It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
// `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
// costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen. Look-alikes
// (`ｒｍ`, `rm —rf`) are not rm or not flags to the shell, so they delete nothing and pass. Scope:
// recursive AND forced; without a terminal (Claude's Bash tool) `rm -r` alone does not ask either,
// so add `recursive` alone to the rule if that matters to you. `rm -r -- -f` removes a file named
// `-f` (after `--` nothing is a flag): not forced.
// Linear in the command's length (no backtracking pattern), so a long crafted command cannot
// run it past its budget. Fails closed: if this hook panics or overruns its budget, the call
// is denied.
package main

import (
	"regexp"
	"strings"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

// isSeparator tells where one simple command ends and another starts: ; & | newline ( ) ` { }
func isSeparator(r rune) bool { return strings.ContainsRune(";&|\n\r()`{}", r) }

// isWordBreak tells what lies between words: blanks (JavaScript's \s, as the TypeScript example
// reads them), redirections (`rm>x -rf`) and brace-expansion commas (`{rm,-rf,/}`).
func isWordBreak(r rune) bool {
	return strings.ContainsRune("\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff<>,", r) || (r >= '\u2000' && r <= '\u200a')
}

// ifs is the shell's word separator spelled out (`rm${IFS}-rf`), read as a blank.
var ifs = regexp.MustCompile(`\$\{?IFS\}?`)

// continuation is a backslash before a newline, which joins the two lines (`r\<newline>m`).
var continuation = regexp.MustCompile(`\\\r?\n`)

func withoutQuotes(r rune) rune {
	if r == '"' || r == '\'' || r == '\\' {
		return -1
	}
	return r
}

func neverAsk(value string) bool { return value == "never" || value == "no" || value == "none" }

// flagsOf tells whether word (an option to rm) is recursive or force: -r, -R, -f in any cluster
// and case; --recursive, --force, --interactive=never and their prefixes.
func flagsOf(word string) (recursive, force bool) {
	if strings.HasPrefix(word, "--") {
		name, value, _ := strings.Cut(word, "=")
		long := func(option string) bool { return len(name) > 2 && strings.HasPrefix(option, name) }
		return long("--recursive"), long("--force") || (long("--interactive") && neverAsk(strings.ToLower(value)))
	}
	// an expansion in a cluster (`-r$F`) could be any letter
	if strings.Contains(word, "$") {
		return true, true
	}
	letters := strings.ToLower(word[1:])
	return strings.Contains(letters, "r"), strings.Contains(letters, "f")
}

// isRm tells whether word names rm: any directory, any case (macOS and Windows file systems), `rm.exe`.
func isRm(word string) bool {
	name := strings.ToLower(word[strings.LastIndex(word, "/")+1:])
	return name == "rm" || name == "rm.exe"
}

func isRecursiveForcedRm(command string) bool {
	for _, part := range strings.FieldsFunc(ifs.ReplaceAllString(continuation.ReplaceAllString(command, ""), " "), isSeparator) {
		words := strings.FieldsFunc(strings.Map(withoutQuotes, part), isWordBreak)
		at := -1
		for i, word := range words {
			if isRm(word) {
				at = i
				break
			}
		}
		if at == -1 {
			continue
		}
		recursive, force := false, false
		for _, word := range words[at+1:] {
			if word == "--" {
				break
			}
			if !strings.HasPrefix(word, "-") || word == "-" {
				continue
			}
			wordRecursive, wordForce := flagsOf(word)
			recursive = recursive || wordRecursive
			force = force || wordForce
		}
		if recursive && force {
			return true
		}
	}
	return false
}

func main() {
	protocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
		bash, err := protocol.UnmarshalBashToolInput(call.ToolInput)
		if err != nil {
			panic(err) // fails closed
		}
		if isRecursiveForcedRm(bash.Command) {
			return answer.Deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
		}
		return nil
	}, protocol.HookOptions{Tools: []string{"Bash"}, FailClosed: true, Timeout: 5 * time.Second}))
}
