// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `sudo rm`, `/bin/rm`,
// `\rm`, `r"m"`, inside `$(...)`, backticks, `bash -c "..."`, after `;`, `&&`, `|` or a newline.
// It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
// `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
// costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen.
// Linear in the command's length (no backtracking pattern), so a long crafted command cannot
// run it past its budget. Fails closed: if this hook panics or overruns its budget, the call
// is denied.
package main

import (
	"strings"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

// isSeparator tells where one simple command ends and another starts: ; & | newline ( ) ` { }
func isSeparator(r rune) bool { return strings.ContainsRune(";&|\n\r()`{}", r) }

func withoutQuotes(r rune) rune {
	if r == '"' || r == '\'' || r == '\\' {
		return -1
	}
	return r
}

// flagsOf tells whether word (an option to rm) is recursive or force: -r, -R, -f in any cluster
// and case; --recursive, --force and their prefixes.
func flagsOf(word string) (recursive, force bool) {
	if strings.HasPrefix(word, "--") {
		return len(word) > 2 && strings.HasPrefix("--recursive", word), len(word) > 2 && strings.HasPrefix("--force", word)
	}
	letters := strings.ToLower(word[1:])
	return strings.Contains(letters, "r"), strings.Contains(letters, "f")
}

func isRecursiveForcedRm(command string) bool {
	for _, part := range strings.FieldsFunc(command, isSeparator) {
		words := strings.Fields(strings.Map(withoutQuotes, part))
		at := -1
		for i, word := range words {
			if strings.ToLower(word[strings.LastIndex(word, "/")+1:]) == "rm" {
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
