// The bench's report: one JSON document with every number, and a Markdown rendering of it whose first
// tables (also printed at the end of the run) are the summary: the API and search on PGlite and PostgreSQL
// side by side with issue 19's goals, then everything else. Each stage is optional so a partial run
// (--only, --skip) still renders.
//
// The report is made of these modules: report-model.ts (the JSON document's shape and its goal checks),
// report-summary.ts (the summary tables), report-markdown.ts and report-markdown-engines.ts (the Markdown
// report, stage by stage), report-format.ts (numbers and tables as Markdown).
export {
  ENGINES,
  goalChecks,
  type BenchReport,
  type PostgresInfo,
  type StageRecord,
} from './report-model.ts';
export { enginesTable, summaryTable } from './report-summary.ts';
export { renderMarkdown } from './report-markdown.ts';
