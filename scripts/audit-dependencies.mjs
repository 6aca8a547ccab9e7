#!/usr/bin/env node
/**
 * The dependency audit of CI (docs/decisions/007-dependency-audit.md): `npm audit --omit=dev`,
 * reported in full, failing only on a high or critical advisory that the decision record has not
 * accepted. When the registry cannot answer the audit (some mirrors answer 405), it says so and
 * passes: a registry outage must not block every change, and the record says who looks instead.
 *
 *   node scripts/audit-dependencies.mjs [--report <npm audit --json output>] [--accepted <json>]
 *
 * `--report` reads a saved report instead of running npm (for tests and offline checks).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING_SEVERITIES = new Set(['high', 'critical']);
const SEVERITY_ORDER = ['critical', 'high', 'moderate', 'low', 'info'];

function optionValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function runNpmAudit() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { text: '', problem: result.error.message };
  // npm exits 1 both when it finds advisories and when the endpoint fails: the JSON tells which.
  return { text: result.stdout, problem: result.stderr.trim().split('\n').at(-1) ?? '' };
}

function readAcceptedAdvisories(file) {
  const { accepted } = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(accepted)) throw new Error(`${file}: "accepted" must be a list`);
  return new Map(accepted.map((entry) => [String(entry.id), entry]));
}

/** The id a decision record names an advisory by: its GHSA id, else npm's numeric source. */
function advisoryId(advisory) {
  const ghsa = /GHSA-[\w-]+/i.exec(advisory.url ?? '')?.[0];
  return ghsa ?? String(advisory.source);
}

/** Every advisory in an `npm audit --json` (report version 2), once each. */
function advisoriesIn(report) {
  const byId = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const cause of vulnerability.via ?? []) {
      // A string names another vulnerable package; its own entry carries the advisory.
      if (typeof cause !== 'object' || cause === null) continue;
      const id = advisoryId(cause);
      if (!byId.has(id)) {
        byId.set(id, {
          id,
          package: cause.name ?? vulnerability.name,
          severity: cause.severity ?? vulnerability.severity,
          title: cause.title ?? '',
          range: cause.range ?? '',
        });
      }
    }
  }
  return [...byId.values()].sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity),
  );
}

function main() {
  const acceptedFile =
    optionValue('--accepted') ?? path.join(root, 'docs/decisions/007-dependency-audit.json');
  const accepted = readAcceptedAdvisories(acceptedFile);
  const reportFile = optionValue('--report');
  const { text, problem } = reportFile
    ? { text: readFileSync(reportFile, 'utf8'), problem: '' }
    : runNpmAudit();

  let report;
  try {
    report = JSON.parse(text);
  } catch {
    report = undefined;
  }
  if (!report || typeof report.vulnerabilities !== 'object') {
    const reason = report?.message ?? (problem || 'npm audit gave no report');
    console.log(`Dependency audit unavailable: ${reason}`);
    console.log(
      'Not failing the build for it (docs/decisions/007-dependency-audit.md): run `npm audit --omit=dev` where the registry answers.',
    );
    return 0;
  }

  const advisories = advisoriesIn(report);
  const counts = report.metadata?.vulnerabilities ?? {};
  const dependencyCount = report.metadata?.dependencies?.prod ?? '?';
  console.log(
    `Dependency audit: ${advisories.length} advisories in ${dependencyCount} production dependencies` +
      ` (critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0})`,
  );
  const blocking = [];
  for (const advisory of advisories) {
    const acceptance = accepted.get(advisory.id);
    const verdict = acceptance
      ? `accepted: ${acceptance.reason ?? 'see the decision record'}`
      : BLOCKING_SEVERITIES.has(advisory.severity)
        ? 'NOT ACCEPTED'
        : 'reported';
    console.log(
      `  ${advisory.severity.padEnd(8)} ${advisory.id}  ${advisory.package} ${advisory.range}  ${advisory.title}  [${verdict}]`,
    );
    if (!acceptance && BLOCKING_SEVERITIES.has(advisory.severity)) blocking.push(advisory);
  }
  const present = new Set(advisories.map((advisory) => advisory.id));
  for (const id of accepted.keys()) {
    if (!present.has(id)) {
      console.log(`  note: ${id} is accepted but no longer reported; remove it from the record.`);
    }
  }
  if (blocking.length > 0) {
    console.error(
      `Dependency audit failed: ${blocking.length} high or critical advisories are not accepted in docs/decisions/007-dependency-audit.json (${blocking.map((advisory) => advisory.id).join(', ')}). Upgrade, or accept each with a reason.`,
    );
    return 1;
  }
  return 0;
}

process.exit(main());
