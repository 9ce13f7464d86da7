// `tsx scripts/vitest-totals.ts a.json b.json…`: one "N passed, N failed" line over Vitest JSON reports.
import fs from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
}

const reports = process.argv
  .slice(2)
  .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as VitestJsonReport);
const sum = (key: keyof VitestJsonReport) => reports.reduce((n, report) => n + report[key], 0);
console.log(`${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed`);
