/**
 * Prints the mutation score of each group Stryker mutated, from its JSON report
 * (mutation-testing-report-schema): `tsx scripts/mutation-score.ts [report.json]`.
 *
 * Score = (killed + timed out) / (every mutant that ran or had no test: not ignored, not an error).
 * Static mutants (module-level constants, which re-run every test) are left out by
 * scripts/mutation.sh unless MUTATION_STATIC=1; they show here as "not counted".
 * Exits 1 when a group scores below MIN_SCORE, so the command can serve as a gate.
 */
import { readFileSync } from 'node:fs';
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

const GROUPS: { name: string; matches: (path: string) => boolean }[] = [
  { name: 'domain', matches: (path) => path.startsWith('src/domain/') },
  { name: 'spot ledger', matches: (path) => path.startsWith('src/sim/features/spot/') },
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const reportPath = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
const files = Object.entries(report.files).map(([path, file]) => ({
  path: relative(process.cwd(), path).replaceAll('\\', '/'),
  ...file,
}));

let failed = false;
for (const group of GROUPS) {
  let detected = 0;
  let undetected = 0;
  let ignored = 0;
  let errors = 0;
  const survivors: string[] = [];
  for (const file of files.filter((f) => group.matches(f.path))) {
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
