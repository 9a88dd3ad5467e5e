// Package refusaltest checks a package's refusals from its tests: one
// sentence per code, every code in the web app's catalogue, and samples of
// the sentences with their params for the web app's tests.
package refusaltest

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// codePattern is what a refusal code looks like.
var codePattern = regexp.MustCompile(`^folio_[a-z0-9_]+$`)

// notCodes are names shaped like a code that are something else: the
// preference cookies the server reads (src/lib/preferences.ts).
var notCodes = map[string]bool{"folio_lang": true, "folio_theme": true, "folio_font": true, "folio_dir": true}

// messagePattern names the constants that hold refusal sentences.
var messagePattern = regexp.MustCompile(`^(msg|fmt|Message)[A-Z0-9]\w*$`)

// root is the repository's root (this file is server/internal/refusal/refusaltest/).
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..")
}

// CheckSources reads the package's own source (the tests run in its
// directory) and checks that table, the map from each code to the
// constant of its sentence, is the whole truth: every code written in the
// package is in table, every code in table is used, and wherever a
// refusal is built its code goes with its own constant (so a code never
// stands for two sentences).
func CheckSources(t *testing.T, table string) {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}

	// The table: code → name of its constant.
	want := map[string]string{}
	var tableLit *ast.CompositeLit
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || spec.Names[0].Name != table || len(spec.Values) != 1 {
				return true
			}
			lit, ok := spec.Values[0].(*ast.CompositeLit)
			if !ok {
				t.Fatalf("%s is not a map literal", table)
			}
			tableLit = lit
			for _, el := range lit.Elts {
				kv := el.(*ast.KeyValueExpr)
				code, ok := codeOf(kv.Key)
				if !ok {
					t.Errorf("%s: key %s is not a code", fset.Position(kv.Pos()), render(kv.Key))
					continue
				}
				if _, dup := want[code]; dup {
					t.Errorf("%s: %s is twice in %s", fset.Position(kv.Pos()), code, table)
				}
				want[code] = nameOf(kv.Value)
			}
			return false
		})
	}
	if tableLit == nil {
		t.Fatalf("no table %s in the package", table)
	}

	used := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if n == tableLit {
				return false
			}
			var args []ast.Expr
			switch n := n.(type) {
			case *ast.BasicLit:
				if code, ok := codeOf(n); ok {
					used[code] = true
					if _, ok := want[code]; !ok {
						t.Errorf("%s: code %s is not in %s", fset.Position(n.Pos()), code, table)
					}
				}
				return true
			case *ast.CallExpr:
				args = n.Args
			case *ast.CompositeLit:
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						args = append(args, kv.Value)
					} else {
						args = append(args, el)
					}
				}
			default:
				return true
			}
			var codes []string
			names := map[string]bool{}
			for _, a := range args {
				if code, ok := codeOf(a); ok {
					codes = append(codes, code)
					continue
				}
				ast.Inspect(a, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && messagePattern.MatchString(id.Name) {
						names[id.Name] = true
					}
					return true
				})
			}
			if len(codes) == 0 {
				return true
			}
			pos := fset.Position(n.Pos())
			if len(codes) > 1 {
				t.Errorf("%s: several codes in one refusal: %v", pos, codes)
				return true
			}
			code := codes[0]
			if _, ok := want[code]; !ok {
				return true // reported with the literal
			}
			if len(names) != 1 || !names[want[code]] {
				t.Errorf("%s: %s is built with %v; %s says %s", pos, code, keys(names), table, want[code])
			}
			return true
		})
	}
	for code := range want {
		if !used[code] {
			t.Errorf("%s: %s is never used", table, code)
		}
	}
}

func codeOf(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || !codePattern.MatchString(s) || notCodes[s] {
		return "", false
	}
	return s, true
}

func nameOf(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return render(e)
}

func render(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok {
		return lit.Value
	}
	return "an expression"
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// catalogues are the web app's English files of server messages: the
// signed-in app's, and the few the signed-out screens load (sign-in, 2FA).
var catalogues = []string{"src/locales/en/server.json", "src/locales/en/serverauth.json"}

// CheckCatalogue fails for a code the web app can't translate: each needs
// a key of its own in one of the catalogues (and so, by the catalogue's own
// test, in every language).
func CheckCatalogue(t *testing.T, codes map[string]string) {
	t.Helper()
	messages := map[string]string{}
	for _, file := range catalogues {
		b, err := os.ReadFile(filepath.Join(root(), file))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &messages); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	for code := range codes {
		if _, ok := messages[code]; !ok {
			t.Errorf("%v have no message for %s", catalogues, code)
		}
	}
}

// Sample is one refusal as a client receives it.
type Sample struct {
	Code    string         `json:"code"`
	Params  map[string]any `json:"params,omitempty"`
	Message string         `json:"message"`
}

// UpdateEnv rewrites the samples' files when set to 1.
const UpdateEnv = "FOLIO_UPDATE_REFUSALS"

// CheckSamples compares a package's samples with
// tests/vectors/refusals/<name>.json, where the web app's tests read them
// (every code has a message; English rebuilt from the code and params is
// the server's sentence). samples are refusals the package really made,
// at least one for each code whose sentence is filled in (a format, with
// %); every other code is added with its sentence as it is. With
// FOLIO_UPDATE_REFUSALS=1 it writes the file.
func CheckSamples(t *testing.T, name string, codes map[string]string, samples []Sample) {
	t.Helper()
	seen := map[string]bool{}
	for _, s := range samples {
		if _, ok := codes[s.Code]; !ok {
			t.Errorf("sample of unknown code %s", s.Code)
		}
		seen[s.Code] = true
	}
	for code, message := range codes {
		switch {
		case seen[code]:
		case strings.Contains(message, "%"):
			t.Errorf("no sample of %s, whose sentence is filled in", code)
		default:
			samples = append(samples, Sample{Code: code, Message: message})
		}
	}
	sort.SliceStable(samples, func(i, j int) bool {
		if samples[i].Code != samples[j].Code {
			return samples[i].Code < samples[j].Code
		}
		return samples[i].Message < samples[j].Message
	})
	got, err := json.MarshalIndent(samples, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(inlineLists(got), '\n')
	path := filepath.Join(root(), "tests", "vectors", "refusals", name+".json")
	if os.Getenv(UpdateEnv) == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	stored, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(stored, got) {
		t.Errorf("%s is not what the server says (%v); rewrite it with %s=1 go test ./...", path, err, UpdateEnv)
	}
}

// shortList is an indented JSON list of strings and numbers.
var shortList = regexp.MustCompile(`\[\n\s+((?:"(?:[^"\\]|\\.)*"|-?[0-9.]+)(?:,\n\s+(?:"(?:[^"\\]|\\.)*"|-?[0-9.]+))*)\n\s*\]`)

// itemBreak is the break between two items of a list.
var itemBreak = regexp.MustCompile(`,\n\s+`)

// inlineLists writes each list of strings and numbers on one line, as the
// repository's formatter (prettier, 100 columns) does for short ones (the
// samples' lists are short).
func inlineLists(b []byte) []byte {
	return shortList.ReplaceAllFunc(b, func(m []byte) []byte {
		return []byte("[" + itemBreak.ReplaceAllString(string(shortList.FindSubmatch(m)[1]), ", ") + "]")
	})
}

// Of is the sample of a refusal as PocketBase writes it ({code, message,
// params} of a field or of Key), read back from an answer's JSON.
func Of(t *testing.T, view any) Sample {
	t.Helper()
	b, err := json.Marshal(view)
	if err != nil {
		t.Fatal(err)
	}
	var s Sample
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// Check is what every package's TestRefusalCodes asks: its sources name
// each code with its own sentence (CheckSources, table being the name of
// the map codes is), the web app has a message for each (CheckCatalogue),
// and the samples the web app's tests read are current (CheckSamples,
// under name, with samples for the codes whose sentence has parameters).
func Check(t *testing.T, table, name string, codes map[string]string, samples []Sample) {
	t.Helper()
	CheckSources(t, table)
	CheckCatalogue(t, codes)
	CheckSamples(t, name, codes, samples)
}
