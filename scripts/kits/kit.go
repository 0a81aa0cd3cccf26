package claudehookprotocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"
)

// The hook kit: define a hook for an event with On<Event>(handler, options),
// get the typed input, answer with the helpers of <Event>Answers (only what
// the event takes), and Run it. A panic, an overrun of Timeout, bad stdin or
// an answer the agent cannot take becomes a message on stderr and exit 1, or
// for a FailClosed hook a deny (or block) carrying the message. Answers and
// agents come from generated/kit/answers.json (the TypeScript kit's writers).

const kitPrefix = "claude-hook-protocol/kit"
const defaultFailClosedBudget = 50 * time.Second

// Reply is one answer, built by an <Event>Answers helper.
type Reply struct {
	kind   string
	reason string
	text   string
	input  any
}

// HookOptions: Tools limits a tool event to those tool names (others pass
// untouched); FailClosed denies (or blocks) on any failure; Timeout is the
// handler's budget (50 s for a FailClosed hook without one).
type HookOptions struct {
	Tools      []string
	FailClosed bool
	Timeout    time.Duration
}

// Hook is a hook definition, made by On<Event>.
type Hook struct {
	event   string
	options HookOptions
	call    func(raw []byte) (*Reply, error)
}

type answers struct{}

func (answers) nothing() *Reply { return nil }
func (answers) stop(reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "stop-silent"}
	}
	return &Reply{kind: "stop", reason: reason}
}
func (answers) message(text string) *Reply    { return &Reply{kind: "message", text: text} }
func (answers) addContext(text string) *Reply { return &Reply{kind: "context", text: text} }
func (answers) block(reason string) *Reply    { return &Reply{kind: "block", reason: reason} }
func (answers) deny(reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "deny-silent"}
	}
	return &Reply{kind: "deny", reason: reason}
}
func (answers) ask(reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "ask-silent"}
	}
	return &Reply{kind: "ask", reason: reason}
}
func (answers) allow(reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "allow"}
	}
	return &Reply{kind: "allow-reason", reason: reason}
}
func (answers) rewrite(input any, reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "rewrite", input: input}
	}
	return &Reply{kind: "rewrite-reason", input: input, reason: reason}
}

type kitCondition struct {
	has, key, eventOf, eventNotOf string
	oneOf                         []string
	matches                       *regexp.Regexp
}

type kitRule struct {
	agent, because string
	when           []kitCondition
}

func stringField(input map[string]json.RawMessage, key string) (string, bool) {
	raw, ok := input[key]
	if !ok {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func (c kitCondition) holds(input map[string]json.RawMessage) bool {
	if c.has != "" {
		_, ok := input[c.has]
		return ok
	}
	event, isString := stringField(input, "hook_event_name")
	if c.eventOf != "" {
		return isString && kitOwnEvents[c.eventOf][event]
	}
	if c.eventNotOf != "" {
		return !(isString && kitOwnEvents[c.eventNotOf][event])
	}
	value, ok := stringField(input, c.key)
	if !ok {
		return false
	}
	if c.matches != nil {
		return c.matches.MatchString(value)
	}
	for _, v := range c.oneOf {
		if v == value {
			return true
		}
	}
	return false
}

// DetectAgent says which agent sent a hook input, and what told it: the
// TypeScript kit's rules (src/hooks/detection.ts), from generated/kit/answers.json.
func DetectAgent(input map[string]json.RawMessage) (agent string, because string) {
	for _, rule := range kitDetectionRules {
		all := true
		for _, condition := range rule.when {
			all = all && condition.holds(input)
		}
		if all {
			return rule.agent, rule.because
		}
	}
	return kitDetectionDefault, "no other agent's fields"
}

type kitFailure struct{ message string }

func (f kitFailure) Error() string { return f.message }

func jsonText(value any) (string, error) {
	var buf bytes.Buffer
	encoder := json.NewEncoder(&buf)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(value); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

func escaped(text string) string {
	quoted, _ := jsonText(text)
	return quoted[1 : len(quoted)-1]
}

func writeAnswer(agent string, event string, reply *Reply) (int, string, string, error) {
	template, ok := kitAnswers()[agent][event][reply.kind]
	if !ok {
		return 0, "", "", kitFailure{"the answer cannot be written: " + event + " does not take " + reply.kind}
	}
	if template.unsupported != "" {
		return 0, "", "", kitFailure{"the answer cannot be written: " + template.unsupported}
	}
	input := "null"
	if reply.input != nil {
		text, err := jsonText(reply.input)
		if err != nil {
			return 0, "", "", kitFailure{"the rewritten input is not JSON: " + err.Error()}
		}
		input = text
	}
	fill := strings.NewReplacer("{{reason}}", escaped(reply.reason), "{{text}}", escaped(reply.text), `{"{{input}}":true}`, input)
	return template.exit, fill.Replace(template.stdout), fill.Replace(template.stderr), nil
}

func refuse(hook Hook, agent string, problem string) (int, string, string) {
	stderr := kitPrefix + ": " + hook.event + " hook: " + problem + "\n"
	if !hook.options.FailClosed {
		return 1, "", stderr + "(non-blocking: the agent goes on as if the hook had not answered; set FailClosed to deny instead)\n"
	}
	oneLine := strings.Join(strings.Fields(problem), " ")
	if runes := []rune(oneLine); len(runes) > 500 {
		oneLine = string(runes[:500]) + "…"
	}
	if !kitAnswered[agent] {
		agent = "claude-code"
	}
	if kind := kitEvents[hook.event].failClosed; kind != "" {
		if exit, stdout, _, err := writeAnswer(agent, hook.event, &Reply{kind: kind, reason: "Hook failed closed: " + oneLine}); err == nil {
			return exit, stdout, stderr
		}
	}
	return 2, "", stderr
}

// Handle answers one hook input: stdin -> exit code, stdout, stderr, with no process I/O and no timer.
func Handle(hook Hook, stdin []byte) (exit int, stdout string, stderr string) {
	return handle(hook, stdin, func(string) {})
}

func handle(hook Hook, stdin []byte, handling func(agent string)) (exit int, stdout string, stderr string) {
	agent := ""
	defer func() {
		if recovered := recover(); recovered != nil {
			exit, stdout, stderr = refuse(hook, agent, fmt.Sprintf("the handler panicked: %v", recovered))
		}
	}()
	var input map[string]json.RawMessage
	if err := json.Unmarshal(stdin, &input); err != nil || input == nil {
		return refuse(hook, agent, "stdin is not one JSON object")
	}
	agent, because := DetectAgent(input)
	handling(agent)
	if !kitAnswered[agent] {
		name := kitDisplayNames[agent]
		return refuse(hook, agent, "this input comes from "+name+" ("+because+"); answering "+name+" is not supported yet")
	}
	if event, _ := stringField(input, "hook_event_name"); event != hook.event {
		return refuse(hook, agent, fmt.Sprintf("the hook is defined for %s but got %s", hook.event, string(input["hook_event_name"])))
	}
	if kitEvents[hook.event].tool {
		toolName, ok := stringField(input, "tool_name")
		if raw := bytes.TrimSpace(input["tool_input"]); !ok || len(raw) == 0 || raw[0] != '{' {
			return refuse(hook, agent, "a "+hook.event+" input needs a string tool_name and an object tool_input")
		}
		if hook.options.Tools != nil {
			matched := false
			for _, tool := range hook.options.Tools {
				matched = matched || tool == toolName
			}
			if !matched {
				return 0, "", ""
			}
		}
	}
	raw := stdin
	if fills := kitAbsentKeys[agent][hook.event]; len(fills) > 0 {
		// keys Claude Code's input requires and this agent leaves out (generated/kit/answers.json)
		filled := false
		for key, value := range fills {
			if _, ok := input[key]; !ok {
				input[key] = json.RawMessage(value)
				filled = true
			}
		}
		if filled {
			raw, _ = json.Marshal(input)
		}
	}
	reply, err := hook.call(raw)
	if err != nil {
		return refuse(hook, agent, "the input is not a "+hook.event+" input: "+err.Error())
	}
	if reply == nil {
		return 0, "", ""
	}
	exit, stdout, stderr, err = writeAnswer(agent, hook.event, reply)
	if err != nil {
		return refuse(hook, agent, err.Error())
	}
	return exit, stdout, stderr
}

// Run reads stdin, answers and exits, within the hook's budget or with its failure answer.
func Run(hook Hook) {
	var once sync.Once
	var mu sync.Mutex
	agent := ""
	emit := func(exit int, stdout string, stderr string) {
		once.Do(func() {
			io.WriteString(os.Stdout, stdout)
			io.WriteString(os.Stderr, stderr)
			os.Exit(exit)
		})
		select {} // another goroutine is exiting
	}
	budget := hook.options.Timeout
	if budget == 0 && hook.options.FailClosed {
		budget = defaultFailClosedBudget
	}
	if budget > 0 {
		time.AfterFunc(budget, func() {
			mu.Lock()
			detected := agent
			mu.Unlock()
			emit(refuse(hook, detected, fmt.Sprintf("the handler did not answer within its %v budget", budget)))
		})
	}
	stdin, err := io.ReadAll(os.Stdin)
	if err != nil {
		emit(refuse(hook, "", "stdin could not be read: "+err.Error()))
	}
	emit(handle(hook, stdin, func(detected string) {
		mu.Lock()
		agent = detected
		mu.Unlock()
	}))
}
