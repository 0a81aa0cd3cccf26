package claudehookprotocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"sort"
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
	// problem: the helper was given a value the agent would refuse; the hook fails with it (closed, if FailClosed)
	problem string
}

// HookOptions: Tools limits a tool event to those tool names (others pass
// untouched); FailClosed denies (or blocks) on any failure; Timeout is the
// handler's budget (50 s for a FailClosed hook without one); Unsupported says
// what becomes of an answer the agent does not honour on its event.
type HookOptions struct {
	Tools       []string
	FailClosed  bool
	Timeout     time.Duration
	Unsupported Unsupported
}

// Unsupported: what becomes of an answer the agent that runs the hook does not
// honour on its event (the TypeScript kit's `unsupported`).
type Unsupported string

const (
	// Degrade: an ask becomes a deny, an allow, context, stop or message is
	// left out with a note on stderr; a deny, block or rewrite fails the hook.
	Degrade Unsupported = ""
	// Strict: any answer the agent does not honour fails the hook (any value
	// other than Degrade is read as Strict).
	Strict Unsupported = "strict"
)

// AgentEnv names the agent that runs the hook, as `install` writes it (so does
// an argument --agent=<name>, which wins): read before stdin's fields.
const AgentEnv = "CLAUDE_HOOK_PROTOCOL_AGENT"

const agentArg = "--agent="

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
func (answers) block(reason string) *Reply {
	return &Reply{kind: "block", reason: reason, problem: blankReason("Block", reason)}
}
func (answers) deny(reason string) *Reply {
	if reason == "" {
		return &Reply{kind: "deny-silent"}
	}
	return &Reply{kind: "deny", reason: reason, problem: blankReason("Deny", reason)}
}

// blankReason: a reason of only white space tells the model or the user nothing (the TypeScript kit refuses it too).
func blankReason(helper string, reason string) string {
	if strings.TrimSpace(reason) != "" {
		return ""
	}
	quoted, _ := jsonText(reason)
	return "answer." + helper + "(reason): the reason must be a non-empty string, got " + quoted
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
	reply := &Reply{kind: "rewrite", input: input}
	if reason != "" {
		reply = &Reply{kind: "rewrite-reason", input: input, reason: reason}
	}
	// checked now, as the TypeScript kit checks it: the tool input must be a JSON object (no NaN, no channel, no cycle)
	text, err := jsonText(input)
	switch {
	case err != nil:
		reply.problem = "answer.Rewrite: the tool input must be a JSON object, but it cannot be written as JSON (" + err.Error() + ")"
	case !strings.HasPrefix(text, "{"):
		reply.problem = "answer.Rewrite: the tool input must be a JSON object, got " + text
	}
	return reply
}

type kitCondition struct {
	has, key, eventOf, eventNotOf, isNull string
	oneOf                                 []string
	matches                               *regexp.Regexp
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
	if c.isNull != "" {
		raw, ok := input[c.isNull]
		return ok && strings.TrimSpace(string(raw)) == "null"
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
// TypeScript kit's rules (src/<agent>/detection.ts), from generated/kit/answers.json.
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

// An agent the call is read as, and what told it.
type kitReading struct{ agent, because string }

// declaredAgent: the agent the hook's command names (--agent=<name> first, then AgentEnv), a wrong
// name as invalid, or neither when it names none (src/hooks/agents.ts declaredAgent).
func declaredAgent(env string, args []string) (declared kitReading, invalid string) {
	named, because := "", ""
	for _, arg := range args {
		if strings.HasPrefix(arg, agentArg) {
			named, because = arg[len(agentArg):], arg
			break
		}
	}
	if because == "" && env != "" {
		named, because = env, AgentEnv
	}
	if because == "" {
		return kitReading{}, ""
	}
	if _, known := kitDisplayNames[named]; !known {
		quoted, _ := jsonText(named)
		return kitReading{}, because + " names " + quoted + ", not an agent (" + strings.Join(kitAgentList, ", ") + ")"
	}
	return kitReading{named, because}, ""
}

// maySend: whether the agent can send this stdin: it has every key the agent's schemas make its inputs have
// (src/hooks/agents.ts maySend).
func maySend(agent string, input map[string]json.RawMessage) bool {
	requires := kitNames[agent].requires
	keys := requires["*"]
	if event, ok := stringField(input, "hook_event_name"); ok {
		keys = append(append([]string{}, keys...), requires[event]...)
	}
	for _, key := range keys {
		if _, ok := input[key]; !ok {
			return false
		}
	}
	return true
}

// agentReadings: the agents that may have sent the stdin, whose reading the kit tries in order, as the TypeScript
// kit (src/hooks/agents.ts possibleAgents): the stdin's when a detection rule holds (a rule proves its agent, whatever
// the command names); else the agent the command names, when it can send such an input, then Claude Code, and the
// answer must mean the same to both. A name that is no agent is set aside with a note: the stdin tells the agent.
func agentReadings(input map[string]json.RawMessage, env string, args []string) ([]kitReading, string) {
	declared, invalid := declaredAgent(env, args)
	agent, because := DetectAgent(input)
	fromStdin := kitReading{agent, because}
	if invalid != "" {
		return []kitReading{fromStdin}, invalid + "; told from stdin instead: " + agent + " (" + because + ")"
	}
	if declared.agent == "" {
		return []kitReading{fromStdin}, ""
	}
	if declared.agent == agent {
		return []kitReading{declared}, ""
	}
	if agent != kitDetectionDefault || !maySend(declared.agent, input) {
		return []kitReading{fromStdin}, ""
	}
	return []kitReading{declared, fromStdin}, ""
}

// The other agents that may run the hook and read the call as its own, with their own event: the answer must
// mean the same to each (set once a call is the hook's, before its handler runs).
var kitAlso []kitReading

// writeAnswer: the answer for the agent and for every other agent that may run the hook (kitAlso), as the
// TypeScript kit's writeForAll: the same answer, or for a deny or a block that they would read differently,
// exit 2 with the reason on stderr where each reads that as one, else the first agent's.
func writeAnswer(agent string, event string, reply *Reply) (int, string, string, error) {
	exit, stdout, stderr, err := writeOneAnswer(agent, event, reply)
	same, holds := true, kitNames[agent].exit2Blocks[event]
	for _, other := range kitAlso {
		e, o, r, failed := writeOneAnswer(other.agent, other.because, reply)
		same = same && err == nil && failed == nil && e == exit && o == stdout && r == stderr
		holds = holds && kitNames[other.agent].exit2Blocks[other.because]
	}
	if same {
		return exit, stdout, stderr, err
	}
	if kind := answerKind(reply); (kind == "deny" || kind == "block") && holds {
		return 2, "", reply.reason, nil
	}
	return exit, stdout, stderr, err
}

// The answer kind of the agents' capabilities (src/core/capabilities.ts) a reply says.
func answerKind(reply *Reply) string {
	return strings.TrimSuffix(strings.TrimSuffix(reply.kind, "-silent"), "-reason")
}

// unverifiedNote: the note for an answer written (or left out) on a claim no recorded vector shows, nil when the
// claim is recorded or absent (src/hooks/fit-to-agent.ts).
func unverifiedNote(agent string, ownEvent string, kind string) []string {
	claim := kitUnverified(agent, ownEvent, kind)
	if claim == "" {
		return nil
	}
	basis, level, _ := strings.Cut(claim, ":")
	support, as, _ := strings.Cut(level, ">")
	if as != "" {
		support += " as " + as
	}
	source := basis
	switch basis {
	case "docs":
		source = "its documents"
	case "binary":
		source = "its shipped code"
	}
	return []string{kind + " on " + ownEvent + " is unverified: no recording shows what " + kitDisplayNames[agent] + " does with it (the claim \"" + support + "\" rests on " + source + " only; claude-hook-protocol capabilities --agent " + agent + ")"}
}

// fitToAgent: the reply as the agent can honour it on ownEvent (src/hooks/fit-to-agent.ts): an answer it does not
// enforce (generated/kit/agents.json) is degraded by the degrade policy with a note for stderr (nil: no answer),
// or refused (the policy says refuse, or the hook is Strict); then a note for each claim the answer rests on that
// no recording shows.
func fitToAgent(hook Hook, agent string, ownEvent string, reply *Reply) (fitted *Reply, notes []string, refused string) {
	kind := answerKind(reply)
	level := kitNotEnforced(agent, ownEvent, kind)
	if level == "" || level == "enforced" {
		return reply, unverifiedNote(agent, ownEvent, kind), ""
	}
	support, as, _ := strings.Cut(level, ">")
	if as != "" {
		support += " as " + as
	}
	says := kitDisplayNames[agent] + " does not honour " + kind + " on " + ownEvent + " (" + support + "; claude-hook-protocol capabilities --agent " + agent + ")"
	policy := kitDegradePolicy(kind)
	switch {
	case hook.options.Unsupported != Degrade:
		return nil, nil, says + "; the hook is strict"
	case policy == "refuse" || policy == "":
		return nil, nil, says + "; a " + kind + " is never dropped"
	case policy == "nothing":
		return nil, append([]string{says + ": left out of the answer"}, unverifiedNote(agent, ownEvent, kind)...), ""
	}
	if instead := kitNotEnforced(agent, ownEvent, policy); instead != "" && instead != "enforced" {
		return nil, nil, says + ", nor " + policy
	}
	reason := reply.reason
	if reason == "" {
		// a deny needs a reason under some agents (Codex refuses one without)
		reason = kind + " is not supported by " + kitDisplayNames[agent] + ": denied"
	}
	notes = append([]string{says + ": answered " + policy + " instead"}, unverifiedNote(agent, ownEvent, kind)...)
	return &Reply{kind: policy, reason: reason}, append(notes, unverifiedNote(agent, ownEvent, policy)...), ""
}

type kitFailure struct{ message string }

func (f kitFailure) Error() string { return f.message }

// A tool as an agent names it: its Claude Code name and fields (Claude Code's field -> the agent's).
type kitTool struct {
	name, canonical string
	fields          map[string]string
}

type kitNativeEvent struct {
	event string
	keys  []string
}

// An agent's camelCase form (Copilot CLI): its keys -> Claude Code's, and its events told from their keys.
type kitNative struct {
	keys   map[string]string
	events []kitNativeEvent
}

type kitAgentNames struct {
	events      map[string]string
	tools       []kitTool
	native      *kitNative
	requires    map[string][]string
	exit2Blocks map[string]bool
}

// One call in the agent's words (ownEvent, tool) and in Claude Code's (event, input).
type kitCall struct {
	ownEvent, event string
	input           map[string]json.RawMessage
	tool            *kitTool
	ambiguous       []string
	otherTools      []string
}

func sameJSON(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

func quotedJSON(text string) json.RawMessage {
	raw, _ := json.Marshal(text)
	return raw
}

// renamedKeys: input with keys renamed; a key given twice keeps the agent's own spelling when preferSource,
// else the target's, and a different second value is recorded in twice (src/hooks/agent-names.ts).
func renamedKeys(input map[string]json.RawMessage, renames map[string]string, preferSource bool, twice map[string][]json.RawMessage, prefix string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(input))
	var sources []string
	for key, value := range input {
		if _, renamed := renames[key]; renamed {
			sources = append(sources, key)
		} else {
			out[key] = value
		}
	}
	sort.Strings(sources)
	fromSource := map[string]bool{}
	for _, key := range sources {
		target, value := renames[key], input[key]
		existing, given := out[target]
		switch {
		case !given:
			out[target], fromSource[target] = value, true
		case preferSource && !fromSource[target]:
			out[target], fromSource[target] = value, true
			if !sameJSON(existing, value) {
				twice[prefix+target] = append(twice[prefix+target], existing)
			}
		case !sameJSON(existing, value):
			twice[prefix+target] = append(twice[prefix+target], value)
		}
	}
	return out
}

// parsedArgs: Copilot CLI's documented form sends tool arguments as JSON text; text that is no JSON object stays.
func parsedArgs(value json.RawMessage) json.RawMessage {
	var text string
	if json.Unmarshal(value, &text) != nil {
		return value
	}
	var object map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &object) != nil || object == nil {
		return value
	}
	return json.RawMessage(text)
}

func isObject(raw json.RawMessage) bool {
	trimmed := bytes.TrimSpace(raw)
	return len(trimmed) > 0 && trimmed[0] == '{'
}

func (names kitAgentNames) toolOf(name string) *kitTool {
	for i := range names.tools {
		if names.tools[i].name == name {
			return &names.tools[i]
		}
	}
	for i := range names.tools {
		if names.tools[i].canonical == name {
			return &names.tools[i]
		}
	}
	return nil
}

// toClaudeShape reads the call in Claude Code's names (events, tools, tool input fields, Copilot CLI's
// camelCase keys) as the TypeScript kit does (src/hooks/agent-names.ts), from generated/kit/agents.json.
func toClaudeShape(agent string, raw map[string]json.RawMessage) kitCall {
	names := kitNames[agent]
	ownEvent, isString := stringField(raw, "hook_event_name")
	twice := map[string][]json.RawMessage{}
	nativeForm := !isString && names.native != nil
	if nativeForm {
		// no hook_event_name: the event whose keys are all present, the most of them
		most := -1
		for _, candidate := range names.native.events {
			all := true
			for _, key := range candidate.keys {
				_, present := raw[key]
				all = all && present
			}
			if all && len(candidate.keys) > most {
				ownEvent, most = candidate.event, len(candidate.keys)
			}
		}
	}
	input := raw
	if names.native != nil {
		input = renamedKeys(raw, names.native.keys, nativeForm, twice, "")
	}
	if !isString && !nativeForm {
		return kitCall{input: input}
	}
	return toClaudeShapeOf(names, ownEvent, input, twice)
}

func toClaudeShapeOf(names kitAgentNames, ownEvent string, input map[string]json.RawMessage, twice map[string][]json.RawMessage) kitCall {
	call := kitCall{ownEvent: ownEvent, event: names.events[ownEvent], input: input}
	if names.events == nil {
		call.event = ownEvent
	}
	if call.event != "" {
		input["hook_event_name"] = quotedJSON(call.event)
	}
	toolInput, hasToolInput := input["tool_input"]
	if hasToolInput {
		toolInput = parsedArgs(toolInput)
		input["tool_input"] = toolInput
	}
	fields := make([]string, 0, len(twice))
	for field := range twice {
		fields = append(fields, field)
	}
	sort.Strings(fields)
	for _, field := range fields {
		differs := field == "tool_name"
		for _, value := range twice[field] {
			differs = differs || (field == "tool_input" && !sameJSON(parsedArgs(value), toolInput))
		}
		if differs {
			call.ambiguous = append(call.ambiguous, field)
		}
	}
	for _, value := range twice["tool_name"] {
		var name string
		if json.Unmarshal(value, &name) == nil {
			if other := names.toolOf(name); other != nil {
				name = other.canonical
			}
			call.otherTools = append(call.otherTools, name)
		}
	}
	toolName, ok := stringField(input, "tool_name")
	if !ok {
		return call
	}
	call.tool = names.toolOf(toolName)
	if call.tool == nil {
		return call
	}
	input["tool_name"] = quotedJSON(call.tool.canonical)
	if len(call.tool.fields) > 0 && isObject(toolInput) {
		var object map[string]json.RawMessage
		if json.Unmarshal(toolInput, &object) == nil {
			// the agent's own field names are what its tool reads: they win over Claude Code's spelling
			reversed := map[string]string{}
			for claude, own := range call.tool.fields {
				reversed[own] = claude
			}
			fieldsTwice := map[string][]json.RawMessage{}
			input["tool_input"], _ = json.Marshal(renamedKeys(object, reversed, true, fieldsTwice, "tool_input."))
			for field := range fieldsTwice {
				call.ambiguous = append(call.ambiguous, field)
			}
		}
	}
	return call
}

// One step of making another agent's input fit Claude Code's typed input (generated/kit/answers.json inputFits):
// at path ("*": every element), fill (JSON) when the key is absent, a string outside values becomes instead, and with
// text a value sent as structured text (content parts, an error object) becomes its text.
type kitFit struct {
	path    []string
	fill    string
	values  []string
	instead string
	text    bool
}

// fittedInput: another agent's input (in Claude Code's names) with what Claude Code's typed input requires and the
// agent leaves out filled in, and values its enums do not name replaced, so that the typed decoding reads every call
// the agent makes (Copilot CLI's PostToolUse has no tool_response); wrong types stay, for the decoding to refuse.
func fittedInput(raw []byte, fits []kitFit) []byte {
	if len(fits) == 0 {
		return raw
	}
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	var tree map[string]any
	if decoder.Decode(&tree) != nil {
		return raw
	}
	for _, fit := range fits {
		applyFit(tree, fit.path, fit)
	}
	out, err := json.Marshal(tree)
	if err != nil {
		return raw
	}
	return out
}

func applyFit(node any, path []string, fit kitFit) {
	key, rest := path[0], path[1:]
	if key == "*" {
		switch children := node.(type) {
		case []any:
			for i := range children {
				if len(rest) == 0 {
					children[i] = fittedValue(children[i], fit)
				} else {
					applyFit(children[i], rest, fit)
				}
			}
		case map[string]any:
			for k, child := range children {
				if len(rest) == 0 {
					children[k] = fittedValue(child, fit)
				} else {
					applyFit(child, rest, fit)
				}
			}
		}
		return
	}
	object, isObject := node.(map[string]any)
	if !isObject {
		return
	}
	value, present := object[key]
	switch {
	case len(rest) > 0:
		if present {
			applyFit(value, rest, fit)
		}
	case present && value == nil && fit.fill != "" && fit.fill != "null":
		// a null where Claude Code's type takes none (Codex's agent_transcript_path): the type's empty value
		var filled any
		if json.Unmarshal([]byte(fit.fill), &filled) == nil {
			object[key] = filled
		}
	case present:
		object[key] = fittedValue(value, fit)
	case fit.fill != "":
		var filled any
		if json.Unmarshal([]byte(fit.fill), &filled) == nil {
			object[key] = filled
		}
	}
}

func fittedValue(value any, fit kitFit) any {
	if fit.text {
		if text, isText := structuredText(value); isText {
			return text
		}
	}
	text, isString := value.(string)
	if !isString || fit.values == nil {
		return value
	}
	for _, known := range fit.values {
		if known == text {
			return value
		}
	}
	return fit.instead
}

// structuredText: content parts (an array) as their "type": "text" parts' texts joined by a space, an object's string
// message; false for anything else (Kimi Code CLI's prompt and PostToolUseFailure error; generated/kit/answers.json inputFits).
func structuredText(value any) (string, bool) {
	switch v := value.(type) {
	case []any:
		texts := []string{}
		for _, part := range v {
			if object, isObject := part.(map[string]any); isObject && object["type"] == "text" {
				if text, isString := object["text"].(string); isString {
					texts = append(texts, text)
				}
			}
		}
		return strings.Join(texts, " "), true
	case map[string]any:
		message, isString := v["message"].(string)
		return message, isString
	}
	return "", false
}

// nonStringField: a field of the tool's input that Claude Code's tool schema makes a string and that is present as another type (null included).
func nonStringField(toolName string, toolInput json.RawMessage) string {
	fields := kitToolStringFields(toolName)
	if len(fields) == 0 {
		return ""
	}
	var object map[string]json.RawMessage
	if json.Unmarshal(toolInput, &object) != nil {
		return ""
	}
	for _, field := range fields {
		if value, present := object[field]; present {
			if trimmed := bytes.TrimSpace(value); len(trimmed) == 0 || trimmed[0] != '"' {
				return field
			}
		}
	}
	return ""
}

// handles: the hook's call is its event and, for a tool event, one of its tools (an unreadable tool is its call: it fails on it).
func handles(hook Hook, call kitCall) bool {
	if call.event != hook.event {
		return false
	}
	if !kitEvents[hook.event].tool || hook.options.Tools == nil {
		return true
	}
	toolName, ok := stringField(call.input, "tool_name")
	if !ok {
		return true
	}
	for _, name := range append([]string{toolName}, call.otherTools...) {
		for _, tool := range hook.options.Tools {
			if tool == name {
				return true
			}
		}
	}
	return false
}

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

func writeOneAnswer(agent string, event string, reply *Reply) (int, string, string, error) {
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

func refuse(hook Hook, agent string, ownEvent string, problem string) (int, string, string) {
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
	if ownEvent == "" {
		ownEvent = hook.event
	}
	if kind := kitEvents[hook.event].failClosed; kind != "" {
		if exit, stdout, _, err := writeAnswer(agent, ownEvent, &Reply{kind: kind, reason: "Hook failed closed: " + oneLine}); err == nil {
			return exit, stdout, stderr
		}
	}
	return 2, "", stderr
}

// Handle answers one hook input: stdin -> exit code, stdout, stderr, with no process I/O and no timer.
func Handle(hook Hook, stdin []byte) (exit int, stdout string, stderr string) {
	if problem := definitionProblem(hook); problem != "" {
		hook = brokenHook(hook, problem)
	}
	return handle(hook, stdin, func(string, string) {})
}

func handle(hook Hook, stdin []byte, handling func(agent string, ownEvent string)) (exit int, stdout string, stderr string) {
	agent, ownEvent := "", ""
	finished := false
	defer func() {
		// not recover() != nil: panic(nil) recovers nil before Go 1.21, and it must not end the hook without its answer
		if recovered := recover(); !finished {
			exit, stdout, stderr = refuse(hook, agent, ownEvent, fmt.Sprintf("the handler panicked: %v", recovered))
		}
	}()
	exit, stdout, stderr = handleCall(hook, stdin, func(detected string, event string) {
		agent, ownEvent = detected, event
		handling(detected, event)
	})
	finished = true
	return exit, stdout, stderr
}

func handleCall(hook Hook, stdin []byte, handling func(agent string, ownEvent string)) (exit int, stdout string, stderr string) {
	agent, ownEvent := "", ""
	kitAlso = nil
	var input map[string]json.RawMessage
	if err := json.Unmarshal(stdin, &input); err != nil || input == nil {
		return refuse(hook, agent, ownEvent, "stdin is not one JSON object")
	}
	readings, note := agentReadings(input, os.Getenv(AgentEnv), os.Args[1:])
	// the first reading under which the call is the hook's (its event and one of its tools); none: not its call
	var call kitCall
	chosen := -1
	for i, reading := range readings {
		source := input
		if len(readings) > 1 {
			// each reading maps names in a copy of its own
			source = make(map[string]json.RawMessage, len(input))
			for key, value := range input {
				source[key] = value
			}
		}
		if call = toClaudeShape(reading.agent, source); handles(hook, call) {
			chosen = i
			break
		}
	}
	// a call of another event or tool is not this hook's: no answer under any agent, even fail-closed
	if chosen < 0 {
		return 0, "", ""
	}
	agent = readings[chosen].agent
	because := readings[chosen].because
	ownEvent = call.ownEvent
	for _, other := range readings[chosen+1:] {
		source := make(map[string]json.RawMessage, len(input))
		for key, value := range input {
			source[key] = value
		}
		if otherCall := toClaudeShape(other.agent, source); handles(hook, otherCall) {
			// in kitAlso, because is the agent's own event
			kitAlso = append(kitAlso, kitReading{other.agent, otherCall.ownEvent})
		}
	}
	handling(agent, ownEvent)
	if !kitAnswered[agent] {
		name := kitDisplayNames[agent]
		return refuse(hook, agent, ownEvent, "this input comes from "+name+" ("+because+"); answering "+name+" is not supported yet")
	}
	if len(call.ambiguous) > 0 {
		return refuse(hook, agent, ownEvent, "the input gives "+strings.Join(call.ambiguous, ", ")+" twice, with different values: which one "+kitDisplayNames[agent]+" acts on cannot be told")
	}
	input = call.input
	if kitEvents[hook.event].tool {
		toolName, ok := stringField(input, "tool_name")
		if !ok || !isObject(input["tool_input"]) {
			return refuse(hook, agent, ownEvent, "a "+hook.event+" input needs a string tool_name and an object tool_input")
		}
		// the handler is typed, and written, for the tool's strings: another type there must not slip past its checks
		if field := nonStringField(toolName, input["tool_input"]); field != "" {
			return refuse(hook, agent, ownEvent, "tool_input."+field+" is not a string, as the "+toolName+" tool's input must have it")
		}
	}
	raw, _ := json.Marshal(input)
	if agent != "claude-code" {
		raw = fittedInput(raw, kitInputFitsOf(hook.event))
	}
	reply, err := hook.call(raw)
	if err != nil {
		return refuse(hook, agent, ownEvent, "the input is not a "+hook.event+" input: "+err.Error())
	}
	if reply != nil && reply.problem != "" {
		return refuse(hook, agent, ownEvent, reply.problem)
	}
	notes := ""
	if note != "" {
		notes = kitPrefix + ": " + hook.event + " hook: " + note + "\n"
	}
	if reply != nil {
		fitted, fitNotes, refused := fitToAgent(hook, agent, ownEvent, reply)
		if refused != "" {
			return refuse(hook, agent, ownEvent, refused)
		}
		for _, fitNote := range fitNotes {
			notes += kitPrefix + ": " + hook.event + " hook: " + fitNote + "\n"
		}
		reply = fitted
	}
	if reply == nil {
		return 0, "", notes
	}
	if reply.input != nil && call.tool != nil && len(call.tool.fields) > 0 {
		// the rewritten input in the agent's own field names (Copilot CLI's view reads path, not file_path)
		if text, err := json.Marshal(reply.input); err == nil {
			var object map[string]json.RawMessage
			if json.Unmarshal(text, &object) == nil && object != nil {
				reply = &Reply{kind: reply.kind, reason: reply.reason, text: reply.text, input: renamedKeys(object, call.tool.fields, false, map[string][]json.RawMessage{}, "")}
			}
		}
	}
	exit, stdout, stderr, err = writeAnswer(agent, ownEvent, reply)
	if err != nil {
		return refuse(hook, agent, ownEvent, err.Error())
	}
	// an answer that exits otherwise than 0 is read from its stderr (exit 2's reason): no note is added to it
	if exit != 0 {
		return exit, stdout, stderr
	}
	return exit, stdout, stderr + notes
}

// definitionProblem says what is wrong with the hook's definition ("" if nothing): a negative Timeout is no budget.
func definitionProblem(hook Hook) string {
	if hook.options.Timeout < 0 {
		return fmt.Sprintf("the hook's definition is invalid: Timeout must be above 0 (0: none, 50 s when FailClosed), got %v", hook.options.Timeout)
	}
	return ""
}

// brokenHook is the hook an invalid definition stands for: it answers every call it would take with the problem
// (a deny or a block when FailClosed), so that a mistake in a security hook denies rather than failing open.
func brokenHook(hook Hook, problem string) Hook {
	hook.options.Timeout = 0
	hook.call = func([]byte) (*Reply, error) { return &Reply{kind: "deny", problem: problem}, nil }
	return hook
}

// Run reads stdin, answers and exits, within the hook's budget or with its failure answer.
func Run(hook Hook) {
	var once sync.Once
	var mu sync.Mutex
	agent, ownEvent := "", ""
	// the kit owns stdout: what the handler (and any process it starts) prints goes to stderr, and stdout holds the answer alone
	answerOut := ownStdout()
	os.Stdout = os.Stderr
	if problem := definitionProblem(hook); problem != "" {
		io.WriteString(os.Stderr, kitPrefix+": "+problem+"\n")
		hook = brokenHook(hook, problem)
	}
	emit := func(exit int, stdout string, stderr string) {
		once.Do(func() {
			if _, err := io.WriteString(answerOut, stdout); err != nil && stdout != "" && exit == 0 {
				// the answer cannot reach stdout (the handler closed its descriptor): exit 2 blocks where the event can
				exit, stderr = 2, stderr+kitPrefix+": the answer could not be written to stdout: "+err.Error()+"\n"
			}
			io.WriteString(os.Stderr, stderr)
			os.Exit(exit)
		})
		select {} // another goroutine is exiting
	}
	// a signal that would end the hook without an answer ends it with its failure answer
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, endingSignals...)
	go func() {
		received := <-signals
		mu.Lock()
		detected, event := agent, ownEvent
		mu.Unlock()
		problem := "the hook got " + received.String()
		if detected == "" {
			// before the call is known to be the hook's: no answer for a call it was not written to judge
			emit(1, "", kitPrefix+": "+hook.event+" hook: "+problem+" before it read its call\n")
		}
		emit(refuse(hook, detected, event, problem))
	}()
	budget := hook.options.Timeout
	if budget == 0 && hook.options.FailClosed {
		budget = defaultFailClosedBudget
	}
	if budget > 0 {
		time.AfterFunc(budget, func() {
			mu.Lock()
			detected, event := agent, ownEvent
			mu.Unlock()
			emit(refuse(hook, detected, event, fmt.Sprintf("the handler did not answer within its %v budget", budget)))
		})
	}
	stdin, err := io.ReadAll(os.Stdin)
	if err != nil {
		emit(refuse(hook, "", "", "stdin could not be read: "+err.Error()))
	}
	// on a goroutine of its own: a handler's runtime.Goexit ends that goroutine, whose last deferred call answers
	go func() {
		answered := false
		defer func() {
			if !answered {
				mu.Lock()
				detected, event := agent, ownEvent
				mu.Unlock()
				emit(refuse(hook, detected, event, "the handler ended its goroutine (runtime.Goexit)"))
			}
		}()
		exit, stdout, stderr := handle(hook, stdin, func(detected string, event string) {
			mu.Lock()
			agent, ownEvent = detected, event
			mu.Unlock()
		})
		answered = true
		emit(exit, stdout, stderr)
	}()
	select {}
}
