/**
 * Prints the mutation score of each group Stryker mutated, from the group's JSON report
 * (mutation-testing-report-schema): `tsx scripts/mutation-score.ts [reports/mutation/<group>.json ...]`,
 * every group with a report when none is named.
 *
 * Score = (killed + timed out) / (every mutant that ran or had no test: not ignored, not an error).
 * Static mutants (module-level constants, which re-run every test) are left out by
 * scripts/mutation.sh unless MUTATION_STATIC=1; they show here as "not counted".
 * Exits 1 when a group scores below MIN_SCORE, so the command can serve as a gate.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const MIN_SCORE = 90;

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/** The groups of scripts/mutation-groups.json; each has its own report (scripts/mutation-run.ts). */
const { groups } = JSON.parse(readFileSync('scripts/mutation-groups.json', 'utf8')) as {
  groups: { name: string }[];
};
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const asked = process.argv.slice(2);
const reportOf = (name: string) => `reports/mutation/${slug(name)}.json`;
const scored = groups.filter((group) =>
  asked.length > 0 ? asked.includes(reportOf(group.name)) : existsSync(reportOf(group.name)),
);
if (scored.length === 0) throw new Error('no mutation report: run npm run test:mutation first');

let failed = false;
for (const group of scored) {
  const report = JSON.parse(readFileSync(reportOf(group.name), 'utf8')) as Report;
  const files = Object.entries(report.files).map(([path, file]) => ({
    path: relative(process.cwd(), path).replaceAll('\\', '/'),
    ...file,
  }));
  let detected = 0;
  let undetected = 0;
  let ignored = 0;
  let errors = 0;
  const survivors: string[] = [];
  for (const file of files) {
    const lines = file.source.split('\n');
    for (const mutant of file.mutants) {
      if (DETECTED.has(mutant.status)) detected++;
      else if (UNDETECTED.has(mutant.status)) {
        undetected++;
        const { line, column } = mutant.location.start;
        const code = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70);
        const original = (lines[line - 1] ?? '').trim().slice(0, 70);
        survivors.push(
          `  ${file.path}:${line}:${column} ${mutant.mutatorName} (${mutant.status}) -> ${code}\n      was: ${original}`,
        );
      } else if (mutant.status === 'Ignored') ignored++;
      else errors++;
    }
  }
  const total = detected + undetected;
  const score = total === 0 ? 100 : (100 * detected) / total;
  if (total === 0 || score < MIN_SCORE) failed = true;
  console.log(
    `${group.name}: ${score.toFixed(1)} % killed (${detected}/${total}), survivors: ${undetected}` +
      `${ignored ? `, not counted: ${ignored} (static mutants or disabled by comment)` : ''}${errors ? `, errors: ${errors}` : ''}`,
  );
  for (const survivor of survivors) console.log(survivor);
}
if (failed) {
  console.log(`\nA group scored below ${MIN_SCORE} %.`);
  process.exitCode = 1;
}
