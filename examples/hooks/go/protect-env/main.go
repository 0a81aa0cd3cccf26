// PreToolUse (Read, Edit, Write, and MultiEdit of older Claude Code versions): keep the agent out of
// .env files (.env, .env.local, .env.production, ...; .env.example stays readable), whatever the
// path looks like: any case (`.ENV`: macOS and Windows file names ignore case), Windows paths
// (`C:\p\.env`), `.` and `..` segments (`/p/x/../.env`), a trailing dot or space and an NTFS
// stream (`.env::$DATA`), which Windows drops, a drive-relative path (`C:.env`). Look-alikes
// (`．env`, a zero-width space) name other files: no file system folds them to `.env`. Not seen:
// a symlink to a .env file, an 8.3 short name (`ENV~1`). Other ways to read a file (Bash `cat .env`, Grep)
// are other tools: add them with their own rules. Linear in the path's length. Fails closed: a
// panic denies the call.
package main

import (
	"encoding/json"
	"strings"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

// fileNameOf is the file name path ends at, as the file system reads it: `.`/`..` resolved, lower
// case, no NTFS stream, no trailing dots or spaces.
func fileNameOf(path string) string {
	segments := []string{}
	for _, segment := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' }) {
		if segment == ".." {
			if len(segments) > 0 {
				segments = segments[:len(segments)-1]
			}
		} else if segment != "." {
			segments = append(segments, segment)
		}
	}
	name := ""
	if len(segments) > 0 {
		name = strings.ToLower(segments[len(segments)-1])
	}
	// a drive letter (`C:.env`, drive-relative), then an NTFS stream after the name (`.env::$DATA`)
	if len(name) >= 2 && name[0] >= 'a' && name[0] <= 'z' && name[1] == ':' {
		name = name[2:]
	}
	name, _, _ = strings.Cut(name, ":")
	return strings.TrimRight(name, ". ")
}

func isSecretEnvFile(path string) bool {
	name := fileNameOf(path)
	return name == ".env" || (strings.HasPrefix(name, ".env.") && name != ".env.example")
}

// filePathOf is the file the call names, its input narrowed by the tool's name: Read, Edit and Write
// to their types (ToolInputOf checks the input against the tool's schema), MultiEdit (older Claude
// Code versions: no 2.1.332 schema) to its JSON, whose file_path is checked here.
func filePathOf(toolName string, input json.RawMessage) (string, bool) {
	typed, err := protocol.ToolInputOf(toolName, input)
	if err != nil {
		return "", false
	}
	switch in := typed.(type) {
	case *protocol.ReadToolInput:
		return in.FilePath, true
	case *protocol.EditToolInput:
		return in.FilePath, true
	case *protocol.WriteToolInput:
		return in.FilePath, true
	case *protocol.OtherToolInput:
		var file struct {
			FilePath *string `json:"file_path"`
		}
		if json.Unmarshal(in.Input, &file) != nil || file.FilePath == nil {
			return "", false
		}
		return *file.FilePath, true
	}
	return "", false
}

func main() {
	protocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
		path, ok := filePathOf(call.ToolName, call.ToolInput)
		if !ok {
			return answer.Deny(call.ToolName + " without a file_path: blocked (this hook cannot tell whether it touches a .env file)")
		}
		if isSecretEnvFile(path) {
			return answer.Deny(path + " holds secrets; " + call.ToolName + " on .env files is blocked (use .env.example)")
		}
		return nil
	}, protocol.HookOptions{Tools: []string{"Read", "Edit", "Write", "MultiEdit"}, FailClosed: true, Timeout: 5 * time.Second}))
}
