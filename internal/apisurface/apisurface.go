// Package apisurface lists a module's exported API, one declaration per
// line, so that a test can hold it to the list a release recorded: a change
// to what users compile against is then a decision written down in
// CHANGELOG.md, not an accident.
package apisurface

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// List returns the exported API of every public package under root (the
// module's directory; module is its path): one line per exported constant,
// variable, function, type, method, struct field and interface method,
// sorted. Packages under internal/, cmd/ and testdata/, and _test.go files,
// are not public.
func List(root, module string) ([]string, error) {
	var lines []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		base := d.Name()
		if rel != "." && (strings.HasPrefix(base, ".") || base == "internal" || base == "cmd" || base == "testdata") {
			return filepath.SkipDir
		}
		pkgLines, err := listDir(path, module+"/"+filepath.ToSlash(rel))
		lines = append(lines, pkgLines...)
		return err
	})
	sort.Strings(lines)
	return lines, err
}

func listDir(dir, importPath string) ([]string, error) {
	importPath = strings.TrimSuffix(importPath, "/.")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == "main" {
			continue
		}
		l := lister{fset: fset, prefix: "pkg " + importPath + ", "}
		for _, decl := range f.Decls {
			l.decl(decl)
		}
		out = append(out, l.lines...)
	}
	return out, nil
}

type lister struct {
	fset   *token.FileSet
	prefix string
	lines  []string
}

func (l *lister) add(format string, args ...any) {
	l.lines = append(l.lines, l.prefix+fmt.Sprintf(format, args...))
}

// expr prints a type or value expression on one line.
func (l *lister) expr(e ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, l.fset, e)
	return strings.Join(strings.Fields(b.String()), " ")
}

func (l *lister) decl(decl ast.Decl) {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		sig := strings.TrimPrefix(l.expr(d.Type), "func")
		if d.Recv == nil {
			l.add("func %s%s", d.Name.Name, sig)
			return
		}
		recv := l.expr(d.Recv.List[0].Type)
		if !ast.IsExported(strings.TrimLeft(strings.SplitN(recv, "[", 2)[0], "*")) {
			return
		}
		l.add("method (%s) %s%s", recv, d.Name.Name, sig)
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					l.typeSpec(s)
				}
			case *ast.ValueSpec:
				kind := map[token.Token]string{token.CONST: "const", token.VAR: "var"}[d.Tok]
				for _, n := range s.Names {
					if !n.IsExported() {
						continue
					}
					if s.Type != nil {
						l.add("%s %s %s", kind, n.Name, l.expr(s.Type))
					} else {
						l.add("%s %s", kind, n.Name)
					}
				}
			}
		}
	}
}

func (l *lister) typeSpec(s *ast.TypeSpec) {
	name := s.Name.Name
	if s.TypeParams != nil {
		var params []string
		for _, f := range s.TypeParams.List {
			var names []string
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
			params = append(params, strings.Join(names, ", ")+" "+l.expr(f.Type))
		}
		name += "[" + strings.Join(params, ", ") + "]"
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		l.add("type %s struct", name)
		for _, f := range t.Fields.List {
			typ := l.expr(f.Type)
			if len(f.Names) == 0 { // embedded
				if ast.IsExported(strings.TrimLeft(typ, "*")) || strings.Contains(typ, ".") {
					l.add("type %s struct, embedded %s", name, typ)
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					l.add("type %s struct, %s %s", name, n.Name, typ)
				}
			}
		}
	case *ast.InterfaceType:
		l.add("type %s interface", name)
		for _, m := range t.Methods.List {
			for _, n := range m.Names {
				if n.IsExported() {
					l.add("type %s interface, %s%s", name, n.Name, strings.TrimPrefix(l.expr(m.Type), "func"))
				}
			}
			if len(m.Names) == 0 {
				l.add("type %s interface, embedded %s", name, l.expr(m.Type))
			}
		}
	default:
		eq := " "
		if s.Assign.IsValid() {
			eq = " = "
		}
		l.add("type %s%s%s", name, eq, l.expr(s.Type))
	}
}

// ReadFile reads a listing written by WriteFile: its lines, without the
// comment lines that head it.
func ReadFile(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines, nil
}

// Diff is what was removed from old and what was added in new.
func Diff(old, new []string) (removed, added []string) {
	in := func(list []string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, s := range list {
			m[s] = true
		}
		return m
	}
	o, n := in(old), in(new)
	for _, s := range old {
		if !n[s] {
			removed = append(removed, s)
		}
	}
	for _, s := range new {
		if !o[s] {
			added = append(added, s)
		}
	}
	return removed, added
}
