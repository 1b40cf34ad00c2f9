// Package reports renders a sweep's result (package report's Report and
// Matrix) as text for terminals, Markdown for GitHub issues, JSON for
// scripts, JUnit XML and GitHub annotations for CI, and traces as
// JSONL, and one check's property results (tilecheck check). It computes
// nothing: every verdict arrives in the report or from the caller.
package reports
