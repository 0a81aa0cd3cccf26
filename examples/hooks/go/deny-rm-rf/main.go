// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
// (force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\rm`, `r"m"`, `r\<newline>m`, the shell's
// ANSI-C and locale quoting (`$'rm'`, `r$'m'`, `$'\x72m'`, `$'\162m'`, `$'\u0072m'`, `$"rm"`),
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

// ANSI-C quoting's one-letter escapes (`$'\t'`), as bash reads them.
var ansiCEscapes = map[rune]string{'a': "\x07", 'b': "\b", 'e': "\x1b", 'E': "\x1b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v", '\\': "\\", '\'': "'", '"': "\"", '?': "?"}

func digitValue(r rune, base int) int {
	switch {
	case r >= '0' && r <= '7', base == 16 && r >= '8' && r <= '9':
		return int(r - '0')
	case base == 16 && r >= 'a' && r <= 'f':
		return int(r-'a') + 10
	case base == 16 && r >= 'A' && r <= 'F':
		return int(r-'A') + 10
	}
	return -1
}

// shellQuotingRead is the command with the shell's own quoting read as bash reads it: `$'...'` with its escapes
// (`$'\x72m'`, `$'\162m'`, `$'\u0072m'`, `$'\cM'`; a NUL escape ends the quoted text) and `$"..."` as `"..."`. Read
// anywhere, even inside other quotes (`bash -c "\$'rm' -rf /"` runs it), so it is judged beside the command as written.
func shellQuotingRead(command string) string {
	text := []rune(command)
	var out strings.Builder
	i := 0
	for i < len(text) {
		if text[i] != '$' {
			out.WriteRune(text[i])
			i++
			continue
		}
		if i+1 >= len(text) || text[i+1] != '\'' {
			// `$"..."` is `"..."` (a translation of it, where there is one)
			if i+1 >= len(text) || text[i+1] != '"' {
				out.WriteRune('$')
			}
			i++
			continue
		}
		j := i + 2
		ended := false
		add := func(s string) {
			if !ended {
				out.WriteString(s)
			}
		}
		digits := func(base, most int) int {
			value := -1
			for count := 0; count < most && j < len(text) && digitValue(text[j], base) >= 0; count++ {
				if value == -1 {
					value = 0
				}
				value = value*base + digitValue(text[j], base)
				j++
			}
			return value
		}
		character := func(code int) {
			if code == 0 {
				ended = true
			} else if code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) {
				add("\ufffd")
			} else {
				add(string(rune(code)))
			}
		}
		for j < len(text) && text[j] != '\'' {
			if text[j] != '\\' || j+1 >= len(text) {
				add(string(text[j]))
				j++
				continue
			}
			escape := text[j+1]
			j += 2
			switch {
			case ansiCEscapes[escape] != "":
				add(ansiCEscapes[escape])
			case escape >= '0' && escape <= '7':
				j--
				character(digits(8, 3) & 0xff)
			case escape == 'x' && j < len(text) && text[j] == '{':
				// `\x{172}`: any number of digits, the last byte of their value
				value := 0
				for j++; j < len(text) && digitValue(text[j], 16) >= 0; j++ {
					value = (value*16 + digitValue(text[j], 16)) & 0xff
				}
				if j < len(text) && text[j] == '}' {
					j++
				}
				character(value)
			case escape == 'x' || escape == 'u' || escape == 'U':
				most := map[rune]int{'x': 2, 'u': 4, 'U': 8}[escape]
				if value := digits(16, most); value == -1 {
					add("\\" + string(escape))
				} else {
					character(value)
				}
			case escape == 'c' && j < len(text):
				// a control character: `\cM` is a carriage return; `\c\\` takes both backslashes
				code := int(text[j])
				if j+1 < len(text) && text[j] == '\\' && text[j+1] == '\\' {
					j++
				}
				j++
				character(code & 0x1f)
			default:
				add("\\" + string(escape))
			}
		}
		i = j + 1
	}
	return out.String()
}

// isRecursiveForcedRm: whether the command runs rm with a recursive and a force flag, as written and as the shell reads its own quoting.
func isRecursiveForcedRm(command string) bool {
	read := shellQuotingRead(command)
	return judgedRm(command) || (read != command && judgedRm(read))
}

func judgedRm(command string) bool {
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
